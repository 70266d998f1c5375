import { untypedApi } from './api/client';

/** SPEC §5: the captcha's host and token, fetched from the server before every SMS. */
export interface CaptchaConfig {
  provider: string;
  host: string;
  token: string;
}

export const captchaConfig = () => untypedApi<CaptchaConfig>('/public/captchaConfig');

/** A self-hosted (ALTCHA) challenge for the widget. */
export const captchaChallenge = (token: string) => untypedApi<Record<string, unknown>>('/public/captchaChallenge', { token });
