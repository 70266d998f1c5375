import { sign } from '../../security/tokens';

const DAY = 86_400;

/**
 * The chat signature handed out at login (SPEC §3 user_sig). With the built-in IM it is our own
 * HMAC over user id and expiry; the Tencent IM provider replaces it with a TLS sig v2.
 */
export function userSig(userId: number, ttlSeconds = 30 * DAY, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return `${expires}.${sign(`im:${userId}:${expires}`)}`;
}
