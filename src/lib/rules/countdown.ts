/** SPEC §4/§9: after an SMS is sent the button waits this many seconds. */
export const SMS_COOLDOWN_S = 60;

/** The SMS button label: 'N S' while counting down, otherwise 获取验证码. */
export function smsButtonLabel(secondsLeft: number, idle = '获取验证码'): string {
  return secondsLeft > 0 ? `${secondsLeft} S` : idle;
}
