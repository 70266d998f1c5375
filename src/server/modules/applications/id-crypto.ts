import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { appSecret } from '../../security/tokens';

/**
 * Citizen ID numbers at rest: AES-256-GCM with a key derived from APP_SECRET under
 * its own HKDF label (not the bank-card key), so a database dump alone reveals no number. Only the
 * console's audited "show" decrypts; every other view gets the mask.
 */
let key: { enc: Buffer; secret: string } | undefined;

function idKey(): Buffer {
  const secret = appSecret();
  if (!key || key.secret !== secret) key = { enc: Buffer.from(hkdfSync('sha256', secret, 'gongfu-id-number', 'encrypt', 32)), secret };
  return key.enc;
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function encryptIdNumber(id: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', idKey(), iv);
  const ct = Buffer.concat([cipher.update(id, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/** The number back (throws on a tampered or foreign cipher text). */
export function decryptIdNumber(sealed: string): string {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !ct) throw new Error('unknown ID cipher format');
  const decipher = createDecipheriv('aes-256-gcm', idKey(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}
