import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { env } from '../env';

/** A fresh 256-bit bearer token (base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

let secret: string | undefined;

/** APP_SECRET, or one generated once into DATA_DIR so signatures survive restarts. */
export function appSecret(): string {
  if (secret) return secret;
  const e = env();
  if (e.APP_SECRET) return (secret = e.APP_SECRET);
  const file = resolve(e.DATA_DIR, 'app-secret');
  if (!existsSync(file)) {
    mkdirSync(resolve(e.DATA_DIR), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  return (secret = readFileSync(file, 'utf8').trim());
}

/** HMAC-SHA256 of `data` with the app secret, base64url. */
export function sign(data: string): string {
  return createHmac('sha256', appSecret()).update(data).digest('base64url');
}

/** Constant-time check of a `sign()` result. */
export function verifySignature(data: string, signature: string): boolean {
  const a = Buffer.from(sign(data));
  const b = Buffer.from(signature);
  return a.length === b.length && timingSafeEqual(a, b);
}
