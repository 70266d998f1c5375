import { T } from '../texts';

/** SPEC §5/§9: 11 digits, first 1, second 3–9. */
export const PHONE_RE = /^1[3-9]\d{9}$/;

/** Returns the SPEC message for a bad phone, or null when it is fine. */
export function phoneError(phone: string | null | undefined): string | null {
  const p = (phone ?? '').trim();
  if (!p) return T.phoneRequired;
  if (!PHONE_RE.test(p)) return T.phoneInvalid;
  return null;
}

/** 13812345678 → 138****5678, for showing a phone without revealing it. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
