import QRCode from 'qrcode';
import { env } from '../../env';

/** Where a phone goes from /download: the mobile site (SPEC §2), or this site when none is configured. */
export function mobileSiteUrl(): string {
  const e = env();
  return `${(e.MOBILE_SITE_ORIGIN ?? new URL(e.SITE_URL).origin).replace(/\/+$/, '')}/`;
}

let kept: { url: string; image: Promise<string> } | null = null;

/** The QR code of mobileSiteUrl() as a data URL (made once per address). */
export function mobileSiteQr(): Promise<{ url: string; image: string }> {
  const url = mobileSiteUrl();
  if (kept?.url !== url) kept = { url, image: QRCode.toDataURL(url, { margin: 1, width: 300, errorCorrectionLevel: 'M' }) };
  return kept.image.then((image) => ({ url, image }));
}
