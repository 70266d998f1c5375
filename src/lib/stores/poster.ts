import QRCode from 'qrcode';
import { themeColour } from '../theme';

/**
 * 生成海报 (the mobile share sheet): a picture of the page drawn in the browser — cover, title, price,
 * the site's name and a QR code of the page's link — that the user long-presses to save or send
 * (WeChat and phone browsers offer 保存图片 / 发送给朋友 on a long press). Loaded only when a poster
 * is asked for: this module and the QR encoder stay off every page's critical path.
 */

export interface PosterInput {
  title: string;
  /** Shown in the price colour under the title ('¥199.00', '免费'). */
  price?: string | undefined;
  /** The cover, a URL the page can fetch (same origin or served with CORS); none or a failure: no cover. */
  image?: string | undefined;
  /** What the QR code opens. */
  link: string;
  siteName: string;
}

/** Drawn at twice the CSS size of a 375 px phone, so it stays sharp on a 2x or 3x screen. */
export const POSTER_WIDTH = 750;
const PAD = 40;
const COVER_H = 422;
const QR = 180;

/** Lines of `text` no wider than `width` (by `measure`), at most `max`, the last one cut with "…". */
export function wrapLines(text: string, width: number, max: number, measure: (s: string) => number): string[] {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  const lines: string[] = [];
  let line = '';
  let i = 0;
  // By character: Chinese has no spaces to break at; a Latin word may break mid-word (a poster, not a page).
  for (; i < chars.length; i += 1) {
    const ch = chars[i] ?? '';
    if (!line && ch === ' ') continue;
    if (!line || measure(line + ch) <= width) {
      line += ch;
      continue;
    }
    lines.push(line.trimEnd());
    if (lines.length === max) break;
    line = ch === ' ' ? '' : ch;
  }
  if (i === chars.length) return line ? [...lines, line] : lines;
  // Text was left over: the last line ends in "…" and still fits.
  let last = lines[max - 1] ?? '';
  while (last && measure(`${last}…`) > width) last = Array.from(last).slice(0, -1).join('');
  lines[max - 1] = `${last}…`;
  return lines;
}

/** The cover as a drawable image, or null (no image, a load failure, a host without CORS, 8 s). */
function loadImage(src: string | undefined): Promise<HTMLImageElement | null> {
  if (!src) return Promise.resolve(null);
  return new Promise((resolve) => {
    const img = new Image();
    const timer = setTimeout(() => resolve(null), 8000);
    // Asks for CORS, so a media host that allows it leaves the canvas readable; one that does not fails here.
    img.crossOrigin = 'anonymous';
    img.onload = () => {
      clearTimeout(timer);
      resolve(img);
    };
    img.onerror = () => {
      clearTimeout(timer);
      resolve(null);
    };
    img.src = src;
  });
}

/** The poster as a JPEG data URL. */
export async function drawPoster(input: PosterInput): Promise<string> {
  const cover = await loadImage(input.image);
  try {
    return render(input, cover);
  } catch (err) {
    // A cover that loaded but still taints the canvas (toDataURL refuses): the poster without it.
    if (cover && err instanceof DOMException) return render(input, null);
    throw err;
  }
}

function render(input: PosterInput, cover: HTMLImageElement | null): string {
  const colour = (name: string, fallback: string) => themeColour(name) || fallback;
  const ink = colour('ink', 'black');
  const font = getComputedStyle(document.body).fontFamily || 'sans-serif';
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas');
  const inner = POSTER_WIDTH - PAD * 2;

  // Measure the title first: the height depends on how many lines it takes.
  ctx.font = `600 40px ${font}`;
  const title = wrapLines(input.title, inner, 3, (s) => ctx.measureText(s).width);
  const headH = cover ? COVER_H : 200;
  const titleTop = headH + PAD;
  const priceTop = titleTop + title.length * 58 + 8;
  const footTop = priceTop + (input.price ? 72 : 0) + 16;
  canvas.width = POSTER_WIDTH;
  canvas.height = footTop + QR + PAD * 2;

  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (cover) {
    // object-fit: cover
    const w = cover.naturalWidth || 16;
    const h = cover.naturalHeight || 9;
    const scale = Math.max(POSTER_WIDTH / w, COVER_H / h);
    const sw = POSTER_WIDTH / scale;
    const sh = COVER_H / scale;
    ctx.drawImage(cover, (w - sw) / 2, (h - sh) / 2, sw, sh, 0, 0, POSTER_WIDTH, COVER_H);
  } else {
    // No picture: a band with the site's name, in the brand's tint.
    ctx.fillStyle = colour('brand-light', 'white');
    ctx.fillRect(0, 0, POSTER_WIDTH, headH);
    ctx.fillStyle = colour('brand', ink);
    ctx.font = `700 64px ${font}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(input.siteName, POSTER_WIDTH / 2, headH / 2);
    ctx.textAlign = 'left';
  }

  ctx.textBaseline = 'top';
  ctx.fillStyle = ink;
  ctx.font = `600 40px ${font}`;
  title.forEach((line, i) => ctx.fillText(line, PAD, titleTop + i * 58));
  if (input.price) {
    ctx.fillStyle = colour('price', ink);
    ctx.font = `700 48px ${font}`;
    ctx.fillText(input.price, PAD, priceTop);
  }

  ctx.fillStyle = colour('line', 'lightgrey');
  ctx.fillRect(PAD, footTop, inner, 2);
  const qrTop = footTop + PAD;
  drawQr(ctx, input.link, POSTER_WIDTH - PAD - QR, qrTop, QR, ink);
  ctx.fillStyle = colour('brand', ink);
  ctx.font = `700 40px ${font}`;
  ctx.fillText(input.siteName, PAD, qrTop + 36);
  ctx.fillStyle = colour('ink-mute', ink);
  ctx.font = `400 26px ${font}`;
  ctx.fillText('长按识别二维码', PAD, qrTop + 104);
  ctx.fillText('查看详情', PAD, qrTop + 140);
  return canvas.toDataURL('image/jpeg', 0.9);
}

/** The link's QR code, module by module, in a `size` square with a quiet zone. */
function drawQr(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, size: number, dark: string): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 2);
  ctx.fillStyle = 'white';
  ctx.fillRect(x, y, size, size);
  ctx.fillStyle = dark;
  for (let r = 0; r < n; r += 1)
    for (let c = 0; c < n; c += 1)
      if (qr.modules.get(r, c)) ctx.fillRect(x + (c + 1) * cell, y + (r + 1) * cell, Math.ceil(cell), Math.ceil(cell));
}
