import { createHmac, timingSafeEqual } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import { env } from '../../env';
import { appSecret } from '../../security/tokens';

const DAY = 86_400;

/**
 * The chat signature handed out at login (SPEC §3 user_sig): a Tencent TLS sig v2, whatever the
 * IM provider. With Tencent IM (IM_PROVIDER=tim) it is signed with the application's secret key
 * and Tencent verifies it; with our own IM server it is signed with a key derived from APP_SECRET
 * and /im verifies it (verifyUserSig). One format means one client code path.
 */
export function imKeys(): { sdkAppID: number; key: string } {
  const e = env();
  // env() refuses IM_PROVIDER=tim without both values.
  if (e.IM_PROVIDER === 'tim' && e.TIM_SDK_APP_ID && e.TIM_SECRET_KEY) return { sdkAppID: e.TIM_SDK_APP_ID, key: e.TIM_SECRET_KEY };
  return { sdkAppID: e.IM_SDK_APP_ID, key: createHmac('sha256', appSecret()).update('im-local-sig-key').digest('hex') };
}

function hmac(key: string, userID: string, sdkAppID: number, time: number, expire: number): string {
  const content = `TLS.identifier:${userID}\nTLS.sdkappid:${sdkAppID}\nTLS.time:${time}\nTLS.expire:${expire}\n`;
  return createHmac('sha256', key).update(content).digest('base64');
}

// Tencent's URL-safe base64 variant: + → *, / → -, = → _.
const toUrl = (b: Buffer) => b.toString('base64').replace(/\+/g, '*').replace(/\//g, '-').replace(/=/g, '_');
const fromUrl = (s: string) => Buffer.from(s.replace(/\*/g, '+').replace(/-/g, '/').replace(/_/g, '='), 'base64');

/** TLS sig v2 byte for byte as Tencent's TLSSigAPIv2.genUserSig makes it (tests/unit/im-user-sig.test.ts checks against it). */
export function genUserSig(userID: string, opts: { sdkAppID: number; key: string; expireSeconds?: number; now?: number }): string {
  const time = Math.floor((opts.now ?? Date.now()) / 1000);
  const expire = opts.expireSeconds ?? 30 * DAY;
  const doc = {
    'TLS.ver': '2.0',
    'TLS.identifier': userID,
    'TLS.sdkappid': opts.sdkAppID,
    'TLS.time': time,
    'TLS.expire': expire,
    'TLS.sig': hmac(opts.key, userID, opts.sdkAppID, time, expire),
  };
  return toUrl(deflateSync(Buffer.from(JSON.stringify(doc))));
}

export type SigCheck = { ok: true; expiresAt: number } | { ok: false; reason: 'malformed' | 'mismatch' | 'expired' };

/** Checks a TLS sig v2 for this user id and application; the HMAC comparison is constant-time. */
export function verifyUserSig(userID: string, sig: string, opts: { sdkAppID: number; key: string; now?: number }): SigCheck {
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(inflateSync(fromUrl(sig), { maxOutputLength: 4096 }).toString('utf8')) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const time = Number(doc['TLS.time']);
  const expire = Number(doc['TLS.expire']);
  const given = String(doc['TLS.sig'] ?? '');
  if (doc['TLS.ver'] !== '2.0' || !Number.isInteger(time) || !Number.isInteger(expire)) return { ok: false, reason: 'malformed' };
  if (doc['TLS.identifier'] !== userID || Number(doc['TLS.sdkappid']) !== opts.sdkAppID) return { ok: false, reason: 'mismatch' };
  const want = Buffer.from(hmac(opts.key, userID, opts.sdkAppID, time, expire));
  const got = Buffer.from(given);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return { ok: false, reason: 'mismatch' };
  const expiresAt = time + expire;
  if (Math.floor((opts.now ?? Date.now()) / 1000) >= expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, expiresAt };
}

/** The signature a member gets at login. */
export function userSig(userId: number, ttlSeconds = 30 * DAY, now = Date.now()): string {
  return genUserSig(String(userId), { ...imKeys(), expireSeconds: ttlSeconds, now });
}
