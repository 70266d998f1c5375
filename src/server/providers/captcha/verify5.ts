import { createHash } from 'node:crypto';
import { log } from '../../log';
import type { CaptchaConfig, CaptchaProvider } from './types';
import { spendOnce } from '../../security/spent';

interface Verify5Options {
  /** The V5 verification server, e.g. `xxxx.verify5.com`. */
  host: string;
  appId: string;
  appKey: string;
  fetch?: typeof fetch;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/**
 * A remote slider captcha in the style of Verify5: the server fetches a token (signed with the app
 * key), the browser shows the slider with host + token and returns a verify id, which the server
 * checks with the verification server. Signature rule: md5(appid + appkey + timestamp), as in
 * V5's manual; confirm it against your V5 console when enabling.
 * @see https://verify5.kf5.com/hc/kb/article/1332405/
 */
export class Verify5Captcha implements CaptchaProvider {
  readonly name = 'verify5';
  constructor(private readonly o: Verify5Options) {}

  private url(path: string, params: Record<string, string>): string {
    const timestamp = String(Date.now());
    const q = new URLSearchParams({ appid: this.o.appId, timestamp, ...params, signature: md5(this.o.appId + this.o.appKey + timestamp) });
    const base = /^https?:\/\//.test(this.o.host) ? this.o.host : `https://${this.o.host}`;
    return `${base}${path}?${q}`;
  }

  async config(): Promise<CaptchaConfig> {
    const res = await (this.o.fetch ?? fetch)(this.url('/openapi/getToken', {}), { signal: AbortSignal.timeout(5000) });
    const body = (await res.json()) as { success?: boolean; data?: { token?: string } };
    if (!body.success || !body.data?.token) throw new Error('verify5 getToken failed');
    return { provider: this.name, host: this.o.host, token: body.data.token };
  }

  async verify(answer: string, ip: string): Promise<boolean> {
    const [token, verifyId] = answer.split(':');
    if (!token || !verifyId || answer.length > 300) return false;
    try {
      const res = await (this.o.fetch ?? fetch)(this.url('/openapi/verify', { token, verifyId }), { signal: AbortSignal.timeout(5000) });
      const body = (await res.json()) as { success?: boolean };
      if (!body.success) return false;
    } catch (err) {
      log.warn('verify5 unreachable', { ip, error: String(err) });
      return false;
    }
    return spendOnce(`verify5:${verifyId}`, new Date(Date.now() + 10 * 60_000));
  }
}
