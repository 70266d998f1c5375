/** Refusals of the account calls, shared by the server and the forms that check first. */
export const ACCOUNT_TEXTS = {
  phoneBound: '该手机号已被其他账号绑定',
  samePhone: '新手机号不能与原手机号相同',
  oldPasswordRequired: '请输入原密码',
  oldPasswordWrong: '原密码不正确',
  oldPasswordLocked: (m: string) => `原密码错误次数过多，请 ${m}后再试或退出登录后找回密码`,
  samePassword: '新密码不能与原密码相同',
  changeTicket: '请先验证原手机号',
  noPhone: '请先绑定手机号',
  nickRequired: '请填写昵称',
} as const;
