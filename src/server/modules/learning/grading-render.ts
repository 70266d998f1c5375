import { execFile } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { formatDate } from '~/lib/format';
import { duanName, GRADING_TEXTS } from '~/lib/rules/grading';
import { AppError } from '../../http/errors';
import { Code } from '~/lib/api/codes';

/*
 * The 段位证书 as files, drawn on the server: an SVG (text in the system's CJK font, the QR code
 * drawn as squares) rendered to PNG by sharp (librsvg + fontconfig), and a one-page PDF that carries
 * that PNG. The host needs a Chinese font (Debian/Ubuntu: fonts-noto-cjk; DEPLOY.md): without one the
 * text would come out as boxes, so drawing is refused with a clear message instead.
 */

export interface CertFacts {
  no: string;
  holder: string;
  style: string;
  duan: number;
  examiner: string;
  issuedAt: Date;
  url: string;
}

const W = 1200;
const H = 848;
const FONT = "'Noto Serif CJK SC', 'Noto Sans CJK SC', 'Source Han Serif SC', 'WenQuanYi Micro Hei', serif";

let cjkFont: Promise<boolean> | null = null;

/** Whether fontconfig knows a Chinese font (asked once per process). */
function hasCjkFont(): Promise<boolean> {
  cjkFont ??= new Promise((resolve) => {
    execFile('fc-list', [':lang=zh', 'family'], { timeout: 5000 }, (err, out) => resolve(!err && out.trim().length > 0));
  });
  return cjkFont;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The QR code of `text` as SVG squares at (x, y), `size` wide. */
function qrSquares(text: string, x: number, y: number, size: number): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  let d = '';
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c))
        d += `M${(x + (c + quiet) * cell).toFixed(2)} ${(y + (r + quiet) * cell).toFixed(2)}h${cell.toFixed(2)}v${cell.toFixed(2)}h-${cell.toFixed(2)}z`;
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="white"/><path d="${d}" fill="black" shape-rendering="crispEdges"/>`;
}

/** The certificate drawn as SVG (colours of the printed paper, not the site's theme). */
export function certSvg(f: CertFacts): string {
  const line = (y: number, label: string, value: string) =>
    `<text x="160" y="${y}" font-size="30" fill="#6b4e2e">${esc(label)}</text><text x="330" y="${y}" font-size="34" fill="#2b1d0e">${esc(value)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${FONT}">
<rect width="${W}" height="${H}" fill="#fbf5e6"/>
<rect x="30" y="30" width="${W - 60}" height="${H - 60}" fill="none" stroke="#a8321e" stroke-width="6"/>
<rect x="46" y="46" width="${W - 92}" height="${H - 92}" fill="none" stroke="#c9a45c" stroke-width="2"/>
<text x="${W / 2}" y="150" font-size="64" text-anchor="middle" fill="#a8321e" font-weight="bold">段位证书</text>
<text x="${W / 2}" y="200" font-size="24" text-anchor="middle" fill="#6b4e2e">功夫 · 段位考评</text>
${line(300, '持证人', f.holder)}
${line(370, '拳　种', f.style)}
${line(440, '段　位', duanName(f.duan))}
${line(510, '考评员', f.examiner)}
${line(580, '颁发日期', formatDate(f.issuedAt))}
<text x="160" y="700" font-size="22" fill="#6b4e2e">证书编号：${esc(f.no)}</text>
<text x="160" y="740" font-size="20" fill="#6b4e2e">扫描右侧二维码或访问证书页验证真伪</text>
${qrSquares(f.url, 830, 440, 260)}
</svg>`;
}

async function ensureFont(): Promise<void> {
  if (!(await hasCjkFont())) throw new AppError(Code.REFUSED, GRADING_TEXTS.noFont);
}

/** sharp, loaded when a certificate is drawn rather than with every module that reaches this file (libvips is heavy). */
const loadSharp = async () => (await import('sharp')).default;

/** The certificate as a PNG. */
export async function certPng(f: CertFacts): Promise<Buffer> {
  await ensureFont();
  const sharp = await loadSharp();
  return sharp(Buffer.from(certSvg(f)))
    .png()
    .toBuffer();
}

/** A one-page PDF (A4 landscape) holding the certificate image, written by hand: no PDF library needed. */
export async function certPdf(f: CertFacts): Promise<Buffer> {
  await ensureFont();
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(certSvg(f)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = deflateSync(data);
  const pageW = 842;
  const pageH = 595;
  const drawW = pageW;
  const drawH = (info.height / info.width) * drawW;
  const content = `q ${drawW} 0 0 ${drawH.toFixed(2)} 0 ${((pageH - drawH) / 2).toFixed(2)} cm /Im1 Do Q`;
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageW} ${pageH}] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>`,
    ),
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${info.width} /Height ${info.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`,
      ),
      pixels,
      Buffer.from('\nendstream'),
    ]),
    Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`),
    Buffer.from(`<< /Title (${f.no}) /Producer (gongfu) >>`),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  const offsets: number[] = [];
  let pos = parts[0]?.length ?? 0;
  objects.forEach((body, i) => {
    offsets.push(pos);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    pos += chunk.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${pos}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

/** The QR code alone (the certificate page shows it). */
export function certQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', width: 240, margin: 1, errorCorrectionLevel: 'M' });
}
