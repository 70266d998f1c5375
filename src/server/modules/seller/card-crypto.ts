import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { appSecret } from '../../security/tokens';

/**
 * Bank card numbers at rest: AES-256-GCM with a key derived from APP_SECRET, so a
 * database dump alone reveals no card. Only the operator's payout decrypts; every page
 * sees the mask. `cardNumberHash` recognises the same card without decrypting.
 */
let keys: { enc: Buffer; mac: Buffer; secret: string } | undefined;

function cardKeys(): { enc: Buffer; mac: Buffer } {
  const secret = appSecret();
  if (!keys || keys.secret !== secret) {
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'gongfu-bank-card', info, 32));
    keys = { enc: derive('encrypt'), mac: derive('hash'), secret };
  }
  return keys;
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function encryptCardNumber(digits: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cardKeys().enc, iv);
  const ct = Buffer.concat([cipher.update(digits, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/** The card number back (throws on a tampered or foreign cipher text). */
export function decryptCardNumber(sealed: string): string {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !ct) throw new Error('unknown card cipher format');
  const decipher = createDecipheriv('aes-256-gcm', cardKeys().enc, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/** A keyed hash of the number: equal for the same card, useless without the secret. */
export function cardNumberHash(digits: string): string {
  return createHmac('sha256', cardKeys().mac).update(digits).digest('hex');
}
