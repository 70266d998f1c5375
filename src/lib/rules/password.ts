/** Login passwords: 6–20 characters with at least one letter and one digit. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

export const PASSWORD_TEXTS = {
  length: `密码长度为 ${PASSWORD_MIN}～${PASSWORD_MAX} 位`,
  mix: '密码须同时包含字母和数字',
  payFormat: '支付密码须为 6 位数字',
  payWeak: '支付密码过于简单，请勿使用连续或重复的数字',
} as const;

/** The message for a password a new account may not use, or null when it is acceptable. */
export function passwordError(pw: string): string | null {
  if (pw.length < PASSWORD_MIN || pw.length > PASSWORD_MAX) return PASSWORD_TEXTS.length;
  if (!/[A-Za-z]/.test(pw) || !/\d/.test(pw)) return PASSWORD_TEXTS.mix;
  return null;
}

/** Pay passwords: six digits, not all the same and not a straight run (123456, 654321). */
export function payPasswordError(pw: string): string | null {
  if (!/^\d{6}$/.test(pw)) return PASSWORD_TEXTS.payFormat;
  const d = [...pw].map(Number);
  const steps = new Set(d.slice(1).map((v, i) => v - (d[i] ?? v)));
  const [step] = steps;
  if (steps.size === 1 && step !== undefined && [0, 1, -1].includes(step)) return PASSWORD_TEXTS.payWeak;
  return null;
}
