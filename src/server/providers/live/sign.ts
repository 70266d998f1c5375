import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Push-URL signatures. Pure functions of their inputs, so the local ingest, the nginx
 * `on_publish` hook and the tests all check the same thing.
 *
 * Ours (local and nginx): `rtmp://HOST/live/<stream>?sign=<hex>&expire=<unix s>` where
 * sign = HMAC-SHA256(secret, "/live/<stream>:<expire>").
 * Tencent Cloud Live: `txSecret = MD5(key + stream + txTime)`, txTime the expiry in upper-case hex
 * seconds; its callbacks carry `t` (unix s) and `sign = MD5(callbackKey + t)`.
 */

/** A stream name we hand out: a safe path part (also NMS's and nginx's rule). */
export const STREAM_NAME = /^[A-Za-z0-9_-]{4,64}$/;

export type PushCheck = 'ok' | 'unsigned' | 'expired' | 'bad';

export function pushSign(secret: string, stream: string, expire: number): string {
  return createHmac('sha256', secret).update(`/live/${stream}:${expire}`).digest('hex');
}

export function signedPushQuery(secret: string, stream: string, expire: number): string {
  return `sign=${pushSign(secret, stream, expire)}&expire=${expire}`;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Checks a publish's query (`sign`, `expire`) against `stream` at `now` (unix seconds). */
export function checkPush(
  secret: string,
  stream: string,
  query: { sign?: unknown; expire?: unknown },
  now = Math.floor(Date.now() / 1000),
): PushCheck {
  const { sign, expire } = query;
  if (typeof sign !== 'string' || typeof expire !== 'string' || !sign || !expire) return 'unsigned';
  if (!STREAM_NAME.test(stream) || !/^\d{1,12}$/.test(expire)) return 'bad';
  if (!same(pushSign(secret, stream, Number(expire)), sign.toLowerCase())) return 'bad';
  return Number(expire) < now ? 'expired' : 'ok';
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** Tencent Cloud Live's anti-leech pair for a push or play URL (expiry `expireAt` in unix seconds). */
export function tencentSecret(key: string, stream: string, expireAt: number): { txSecret: string; txTime: string } {
  const txTime = expireAt.toString(16).toUpperCase();
  return { txSecret: md5(key + stream + txTime), txTime };
}

/** Tencent Cloud Live's callback check: `sign = MD5(key + t)` and `t` (its expiry) not passed. */
export function checkTencentCallback(key: string, body: { t?: unknown; sign?: unknown }, now = Math.floor(Date.now() / 1000)): boolean {
  const t = Number(body.t);
  if (!Number.isInteger(t) || typeof body.sign !== 'string') return false;
  return same(md5(key + String(body.t)), body.sign.toLowerCase()) && t >= now;
}
