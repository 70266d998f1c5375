import QRCode from 'qrcode';
import { MOBILE_PATHS } from '~/lib/rules/mobile-redirect';
import { env } from '../../env';
import { mobileSiteOrigin } from '../../edge/mobile-host';

/** Where a phone goes from /download: the mobile site's home (SPEC §2), on its own host when one is configured. */
export function mobileSiteUrl(): string {
  return `${mobileSiteOrigin() ?? new URL(env().SITE_URL).origin}${MOBILE_PATHS.home}`;
}

let kept: { url: string; image: Promise<string> } | null = null;

/** The QR code of mobileSiteUrl() as a data URL (made once per address). */
export function mobileSiteQr(): Promise<{ url: string; image: string }> {
  const url = mobileSiteUrl();
  if (kept?.url !== url) kept = { url, image: QRCode.toDataURL(url, { margin: 1, width: 300, errorCorrectionLevel: 'M' }) };
  return kept.image.then((image) => ({ url, image }));
}
