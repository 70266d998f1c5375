import { createHmac, randomUUID } from 'node:crypto';
import type { SmsMessage, SmsProvider } from './message';

/** Aliyun's percent-encoding for RPC signatures (RFC 3986: space → %20, * → %2A, ~ kept). */
export function aliyunEncode(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%7E/g, '~');
}

/**
 * Signature v1 of Aliyun RPC APIs: HMAC-SHA1 over `GET&%2F&<encoded sorted query>` keyed with
 * `secret&`, base64.
 * @see https://help.aliyun.com/zh/sms/developer-reference/signature-method
 */
export function aliyunSignature(params: Record<string, string>, secret: string, method = 'GET'): string {
  const query = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k] ?? '')}`)
    .join('&');
  const toSign = `${method}&${aliyunEncode('/')}&${aliyunEncode(query)}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

interface AliyunOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** A template with one variable `code`. */
  templateCode: string;
  endpoint?: string;
  fetch?: typeof fetch;
}

/** Aliyun SMS (dysmsapi SendSms) with request signing. */
export class AliyunSms implements SmsProvider {
  readonly name = 'aliyun';
  constructor(private readonly o: AliyunOptions) {}

  /** The signed query for one message (exposed for tests). */
  signedParams(msg: SmsMessage, nonce = randomUUID(), timestamp = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')) {
    const params: Record<string, string> = {
      AccessKeyId: this.o.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: msg.phone,
      RegionId: 'cn-hangzhou',
      SignName: this.o.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: this.o.templateCode,
      TemplateParam: JSON.stringify({ code: msg.code }),
      Timestamp: timestamp,
      Version: '2017-05-25',
    };
    return { ...params, Signature: aliyunSignature(params, this.o.accessKeySecret) };
  }

  async send(msg: SmsMessage): Promise<string> {
    const params = this.signedParams(msg);
    // Same encoding as the signature: URLSearchParams would send spaces as '+'.
    const query = Object.entries(params)
      .map(([k, v]) => `${aliyunEncode(k)}=${aliyunEncode(v)}`)
      .join('&');
    const url = `${this.o.endpoint ?? 'https://dysmsapi.aliyuncs.com'}/?${query}`;
    const res = await (this.o.fetch ?? fetch)(url, { signal: AbortSignal.timeout(8000) });
    const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string; BizId?: string };
    if (body.Code !== 'OK') throw new Error(`aliyun sms: ${body.Code ?? res.status} ${body.Message ?? ''}`.trim());
    return body.BizId ?? '';
  }
}
