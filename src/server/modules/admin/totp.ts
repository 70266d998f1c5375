import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { appSecret } from '../../security/tokens';

/**
 * The staff second factor: RFC 6238 TOTP (30 s, 6 digits, SHA-1 — what every authenticator app
 * reads) via `otpauth`. Secrets are sealed at rest with AES-256-GCM under a key derived from
 * APP_SECRET, like bank cards, so a database dump cannot mint codes.
 */
const PERIOD = 30;

function totp(secretBase32: string): TOTP {
  return new TOTP({ issuer: '功夫运营后台', algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });
}

/** A fresh 160-bit secret in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans (as a QR code) or imports. */
export function totpUri(secretBase32: string, label: string): string {
  const t = totp(secretBase32);
  t.label = label;
  return t.toString();
}

/** The code valid now (tests, demo rigs and the admin:create script's check). */
export function totpCode(secretBase32: string, at = Date.now()): string {
  return totp(secretBase32).generate({ timestamp: at });
}

/**
 * The time step a code belongs to (±1 step for clock drift), 'wrong', or 'used' when it is right
 * but its step is at or before `lastStep`: a code seen over a shoulder cannot be used twice.
 */
export function acceptTotp(secretBase32: string, code: string, lastStep: number, at = Date.now()): number | 'wrong' | 'used' {
  if (!/^\d{6}$/.test(code)) return 'wrong';
  const delta = totp(secretBase32).validate({ token: code, timestamp: at, window: 1 });
  if (delta === null) return 'wrong';
  const step = Math.floor(at / 1000 / PERIOD) + delta;
  return step > lastStep ? step : 'used';
}

let key: { secret: string; enc: Buffer } | undefined;
function sealKey(): Buffer {
  const secret = appSecret();
  if (!key || key.secret !== secret) key = { secret, enc: Buffer.from(hkdfSync('sha256', secret, 'gongfu-staff-totp', 'encrypt', 32)) };
  return key.enc;
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function sealTotpSecret(base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(), iv);
  const ct = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

export function openTotpSecret(sealed: string): string {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !ct) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}
