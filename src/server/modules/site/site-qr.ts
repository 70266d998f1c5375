import type { Context } from 'hono';
import QRCode from 'qrcode';
import { cached } from '../../cache';
import { allConfig, DRAWN_QR, onSite } from './site.service';

/** What a drawn QR code says: the download page, or the console's 公众号二维码内容 (a site path by default). */
async function qrText(path: string): Promise<string | null> {
  if (path === DRAWN_QR['download_qr_code']) return onSite('/download');
  if (path === DRAWN_QR['service_qr_code']) return onSite((await allConfig())['service_qr_text'] || '/help');
  return null;
}

/** The PNG of a drawn QR code (`/qr/download.png`, `/qr/service.png`); null for any other path. */
export async function drawnQrPng(path: string): Promise<Buffer | null> {
  const text = await qrText(path);
  if (text === null) return null;
  // Keyed by the text: a new SITE_URL or 公众号二维码内容 draws a new image.
  return cached(`qr:${text}`, 10 * 60_000, () => QRCode.toBuffer(text, { type: 'png', width: 240, margin: 1, errorCorrectionLevel: 'M' }));
}

/** GET /qr/<name>.png (src/fetch.ts). Short-lived in caches: the console may change what it says. */
export async function serveDrawnQr(c: Context): Promise<Response> {
  const png = await drawnQrPng(c.req.path);
  if (!png) return c.text('Not found', 404);
  return new Response(new Uint8Array(png), {
    headers: { 'Content-Type': 'image/png', 'Content-Length': String(png.length), 'Cache-Control': 'public, max-age=300' },
  });
}
