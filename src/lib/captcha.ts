import { api } from './api/client';

export type { AltchaChallenge, CaptchaConfig } from './api/contract/verify';

export const CAPTCHA_TEXTS = { unavailable: '验证服务暂不可用，请稍后再试' } as const;

/** SPEC §5: the captcha's host and token, fetched from the server before every SMS. */
export const captchaConfig = () => api('/public/captchaConfig');

/** A self-hosted (ALTCHA) challenge for the widget. */
export const captchaChallenge = (token: string) => api('/public/captchaChallenge', { token });

/**
 * What the captcha dialog needs before it can show the widget: the configuration, then (only the
 * self-hosted ALTCHA widget exists in the browser) a challenge. Another provider is refused.
 */
export async function loadChallenge() {
  const cfg = await captchaConfig();
  if (cfg.provider !== 'altcha') throw new Error(CAPTCHA_TEXTS.unavailable);
  return captchaChallenge(cfg.token);
}
