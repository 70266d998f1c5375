import { createHmac, randomInt } from 'node:crypto';
import { sign, verifySignature } from '../../security/tokens';

/**
 * Upload vouchers (SPEC §7 /api/public/updateVideoVoucher). The local one is
 * `v1.<userId>.<coachId>.<expires unix s>.<HMAC-SHA256 of the rest with a key from APP_SECRET>`;
 * the tus server checks it when an upload is created and keeps the uploader in the upload's
 * metadata, so every later request of that upload must come with a voucher of the same user.
 */

/** How long a fresh voucher may start an upload. */
export const VOUCHER_TTL_S = 15 * 60;

export interface Voucher {
  userId: number;
  coachId: number;
  /** Unix seconds. */
  expires: number;
}

const DOMAIN = 'video-voucher';

export function issueVoucher(userId: number, coachId: number, now = Date.now()): { voucher: string; expires: number } {
  const expires = Math.floor(now / 1000) + VOUCHER_TTL_S;
  const body = `v1.${userId}.${coachId}.${expires}`;
  return { voucher: `${body}.${sign(`${DOMAIN}:${body}`)}`, expires };
}

/**
 * The voucher's claims when its signature is ours; `expired` says whether it may still start an
 * upload (a running upload may continue with the voucher it started with).
 */
export function readVoucher(text: string | null | undefined, now = Date.now()): (Voucher & { expired: boolean }) | null {
  const m = /^v1\.(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([\w-]{20,100})$/.exec(text?.trim() ?? '');
  if (!m) return null;
  const [, uid, cid, exp, sig] = m as unknown as [string, string, string, string, string];
  if (!verifySignature(`${DOMAIN}:v1.${uid}.${cid}.${exp}`, sig)) return null;
  const expires = Number(exp);
  return { userId: Number(uid), coachId: Number(cid), expires, expired: expires * 1000 <= now };
}

/** The parameters of a Tencent VOD client-upload signature (docs: 云点播「客户端上传签名」). */
export interface TencentSignParams {
  secretId: string;
  secretKey: string;
  /** Unix seconds. */
  currentTimeStamp: number;
  /** Unix seconds; at most 3 days after currentTimeStamp. */
  expireTime: number;
  random: number;
  procedure?: string | undefined;
  vodSubAppId?: number | undefined;
  oneTimeValid?: 0 | 1 | undefined;
}

/**
 * Tencent VOD's documented upload signature: the query string
 * `secretId=…&currentTimeStamp=…&expireTime=…&random=…` (values URL-encoded, optional parameters
 * after), HMAC-SHA1 of it with the SecretKey, and base64 of (the 20 HMAC bytes + the query string).
 */
export function tencentVodSignature(p: TencentSignParams): string {
  const q = new URLSearchParams();
  q.set('secretId', p.secretId);
  q.set('currentTimeStamp', String(p.currentTimeStamp));
  q.set('expireTime', String(p.expireTime));
  q.set('random', String(p.random));
  if (p.procedure) q.set('procedure', p.procedure);
  if (p.vodSubAppId) q.set('vodSubAppId', String(p.vodSubAppId));
  if (p.oneTimeValid) q.set('oneTimeValid', '1');
  const original = Buffer.from(q.toString().replace(/\+/g, '%20'), 'utf8');
  const hmac = createHmac('sha1', p.secretKey).update(original).digest();
  return Buffer.concat([hmac, original]).toString('base64');
}

/** A fresh Tencent signature valid for `ttlS` seconds (random is an unsigned 32-bit number, as documented). */
export function newTencentSignature(
  keys: { secretId: string; secretKey: string; procedure?: string | undefined; vodSubAppId?: number | undefined },
  ttlS = 2 * 3600,
  now = Date.now(),
): { signature: string; expires: number } {
  const current = Math.floor(now / 1000);
  const expires = current + ttlS;
  return {
    signature: tencentVodSignature({ ...keys, currentTimeStamp: current, expireTime: expires, random: randomInt(0, 2 ** 32 - 1) }),
    expires,
  };
}
