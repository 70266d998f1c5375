/** What an SMS code is for; each purpose has its own live code. */
/** `login` is the mobile site's 验证码登录 (a registered phone signs in with a code instead of its password). */
export const SMS_PURPOSES = ['register', 'forget_pw', 'bind_phone', 'change_phone', 'pay_password', 'bank_card', 'login'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** SMS and captcha refusals (the phone messages themselves are SPEC §5's, in texts.ts). */
export const SMS_TEXTS = {
  captchaFailed: '安全验证未通过，请重新验证',
  phoneTaken: '该手机号已注册，请直接登录',
  phoneUnknown: '该手机号未注册',
  phoneDailyCap: '该手机号今日获取验证码次数已达上限，请明天再试',
  ipDailyCap: '今日获取验证码次数过多，请明天再试',
  sendFailed: '短信发送失败，请稍后重试',
  codeRequired: '请输入短信验证码',
  codeExpired: '验证码已失效，请重新获取',
  codeWrong: '验证码错误',
  codeLocked: '验证码错误次数过多，请重新获取',
  sent: '验证码已发送',
} as const;

/** The message for a missing SMS code (SPEC §3 `yzm`), or null. */
export function smsCodeError(yzm: string): string | null {
  return yzm.trim() ? null : SMS_TEXTS.codeRequired;
}
