/**
 * Seed artwork drawn as SVG (no external image URLs): banners and covers with a title,
 * a colour scheme and a few brush-like shapes. The site shows most pictures with object-cover in
 * boxes of other shapes, so the text of each kind of art stays inside the part that every one of
 * its crops keeps (`ART_CROPS`, checked by tests/unit/seed-art.test.ts); profile covers, which
 * sit behind a homepage's name and buttons, carry no text at all.
 */
const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] ?? ch);

export const PALETTES: [string, string][] = [
  ['#ff8a00', '#e52e71'],
  ['#1f4037', '#99f2c8'],
  ['#0f2027', '#2c5364'],
  ['#8e2de2', '#4a00e0'],
  ['#c31432', '#240b36'],
  ['#f7971e', '#ffd200'],
  ['#134e5e', '#71b280'],
  ['#3a1c71', '#ffaf7b'],
];

/**
 * The box shapes (width ÷ height) the site crops each kind of seed art to, centred (object-cover).
 */
export const ART_CROPS = {
  /**
   * Course, class and news covers (640×400): 56px review and chat thumbnails 1:1, order lines 4:3,
   * cards 16:10, the owner's goods grid ≈1.6, lists and players 16:9, agency and team grids ≈2:1.
   */
  cover: [1, 4 / 3, 16 / 10, 5 / 3, 16 / 9, 2],
  /** Goods pictures (600×600): cards, details and cart 1:1, order lines 4:3, agency grids ≈2:1. */
  goods: [1, 4 / 3, 5 / 3, 2],
  /** 功夫圈 pictures (600×600): square thumbnails; whole in a single picture and the lightbox. */
  photo: [1],
  /** Home and /aa adverts (1180×400): shown whole (a 1180×400 box and a 59:20 one). */
  banner: [1180 / 400],
} as const;

/** The palette for the n-th piece of art (cycles through PALETTES). */
export function paletteAt(n: number): [string, string] {
  return PALETTES[n % PALETTES.length] ?? ['#ff8a00', '#e52e71'];
}

/** A wide banner (1180×400) with a headline and a subtitle. */
export function bannerSvg(title: string, subtitle: string, palette: [string, string], tag = '功夫'): string {
  const [a, b] = palette;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1180" height="400" viewBox="0 0 1180 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="1180" height="400" fill="url(#g)"/>
<circle cx="980" cy="200" r="170" fill="#fff" opacity=".08"/><circle cx="1060" cy="90" r="70" fill="#fff" opacity=".08"/>
<path d="M820 330 C900 250 960 300 1040 210 S1140 150 1180 170" stroke="#fff" stroke-width="10" fill="none" opacity=".25" stroke-linecap="round"/>
<text x="980" y="245" font-size="150" text-anchor="middle" fill="#fff" opacity=".18" font-family="'Noto Serif CJK SC','Songti SC',serif" font-weight="700">${esc(tag)}</text>
<text x="90" y="190" font-size="56" fill="#fff" font-weight="700" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif">${esc(title)}</text>
<text x="92" y="250" font-size="26" fill="#fff" opacity=".9" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif">${esc(subtitle)}</text>
<rect x="92" y="290" width="150" height="46" rx="23" fill="#fff"/><text x="167" y="321" font-size="20" text-anchor="middle" fill="${a}" font-family="sans-serif">立即查看</text>
</svg>`;
}

/**
 * A 16:10 cover (640×400) with a short title, centred: label and title keep to the middle
 * 400×320, which every crop of `ART_CROPS.cover` keeps.
 */
export function coverSvg(title: string, label: string, palette: [string, string]): string {
  const [a, b] = palette;
  const lines = coverLines(title);
  const pill = Math.round(Math.min(textWidth(label, 20), 360)) + 28;
  // Up to 9 characters a line fit the middle 400px at 40px; 12 at 32px.
  const size = Math.max(...lines.map((l) => textWidth(l, 1))) <= 9 ? 40 : 32;
  const first = lines.length === 1 ? 236 : 214;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="640" height="400" fill="url(#g)"/>
<circle cx="560" cy="70" r="120" fill="#fff" opacity=".1"/><circle cx="70" cy="360" r="90" fill="#fff" opacity=".07"/>
<rect x="${320 - pill / 2}" y="104" width="${pill}" height="36" rx="18" fill="#fff" opacity=".9"/>
<text x="320" y="129" font-size="20" text-anchor="middle" fill="${a}" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif">${esc(label)}</text>
${lines.map((l, i) => `<text x="320" y="${first + i * (size + 12)}" font-size="${size}" font-weight="700" text-anchor="middle" fill="#fff" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif">${esc(l)}</text>`).join('\n')}
</svg>`;
}

/** A square 功夫圈 picture (600×600): a caption and a label in the middle, an ink-wash backdrop. */
export function photoSvg(title: string, label: string, palette: [string, string]): string {
  const [a, b] = palette;
  const pill = Math.round(Math.min(textWidth(label, 30), 400)) + 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="600" height="600" fill="url(#g)"/>
<circle cx="470" cy="130" r="150" fill="#fff" opacity=".1"/><circle cx="120" cy="500" r="110" fill="#fff" opacity=".08"/>
<path d="M60 470 C170 400 250 450 340 380 S500 330 560 350" stroke="#fff" stroke-width="12" fill="none" opacity=".22" stroke-linecap="round"/>
<text x="300" y="310" font-size="64" font-weight="700" text-anchor="middle" fill="#fff" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif">${esc(title)}</text>
<rect x="${300 - pill / 2}" y="348" width="${pill}" height="52" rx="26" fill="#fff" opacity=".9"/>
<text x="300" y="384" font-size="30" text-anchor="middle" fill="${a}" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif">${esc(label)}</text>
</svg>`;
}

/**
 * A homepage cover for a coach or a shop (1920×480): colour and brush strokes, no text — it sits
 * behind the profile's name, tags and buttons, cropped to whatever the window's width makes it.
 */
export function profileCoverSvg(palette: [string, string], n = 0): string {
  const [a, b] = palette;
  const x = 1100 + (n % 4) * 150;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="480" viewBox="0 0 1920 480">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="1920" height="480" fill="url(#g)"/>
<circle cx="${x}" cy="120" r="260" fill="#fff" opacity=".07"/><circle cx="${x + 420}" cy="380" r="180" fill="#fff" opacity=".06"/>
<path d="M0 400 C300 320 520 420 820 340 S1380 230 1920 300" stroke="#fff" stroke-width="14" fill="none" opacity=".16" stroke-linecap="round"/>
<path d="M0 450 C360 390 700 470 1040 400 S1600 330 1920 380" stroke="#fff" stroke-width="6" fill="none" opacity=".12" stroke-linecap="round"/>
</svg>`;
}

/**
 * A 16:9 live cover (640×360): the title low on the left, a small label above it, a large faint
 * 武 on the right — clear of what the live cards lay over it (badges in the top corners, the play
 * mark in the middle, the duration bottom right).
 */
export function liveCoverSvg(title: string, label: string, palette: [string, string]): string {
  const [a, b] = palette;
  // "咏春寻桥 · 转马与摊膀手" breaks at its dot, never leaving the dot to start a line.
  const parts = title.split(' · ');
  const lines = parts.length === 2 && parts.every((p) => p.length <= 12) && title.length > 12 ? parts : coverLines(title);
  const top = lines.length > 1 ? 262 : 314;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#g)"/>
<circle cx="560" cy="70" r="130" fill="#fff" opacity=".08"/><circle cx="610" cy="300" r="90" fill="#fff" opacity=".06"/>
<text x="600" y="250" font-size="210" text-anchor="end" fill="#fff" opacity=".12" font-weight="700" font-family="'Noto Serif CJK SC','Songti SC',serif">武</text>
<text x="40" y="${top - 58}" font-size="22" fill="#fff" opacity=".85" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif">${esc(label)}</text>
${lines.map((l, i) => `<text x="40" y="${top + i * 52}" font-size="40" font-weight="700" fill="#fff" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif">${esc(l)}</text>`).join('\n')}
</svg>`;
}

/** Rough width of a line of text: CJK glyphs are square, Latin and punctuation about half as wide. */
const textWidth = (s: string, size: number) => [...s].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? size : size * 0.55), 0);

/** A cover title in at most two balanced lines of 12 (no lone bracket on the second line). */
function coverLines(title: string): string[] {
  if (title.length <= 12) return [title];
  const cut = Math.min(12, Math.ceil(title.length / 2));
  const open = title.lastIndexOf('（', cut);
  const at = open > 0 && title.length - open <= 12 ? open : cut;
  const rest = title.slice(at);
  return [title.slice(0, at), rest.length > 12 ? `${rest.slice(0, 11)}…` : rest];
}

/** A round portrait placeholder (256×256) with the person's first character, e.g. for coaches. */
export function avatarSvg(name: string, palette: [string, string]): string {
  const [a, b] = palette;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#g)"/>
<text x="128" y="166" font-size="112" text-anchor="middle" fill="#fff" font-weight="700" font-family="'Noto Serif CJK SC','Songti SC',serif">${esc(name.slice(0, 1))}</text>
</svg>`;
}

/**
 * A square product picture (600×600): the item's name on a soft background, view `n` of a gallery.
 * Its text keeps to the band y 150–450 that every crop of `ART_CROPS.goods` keeps.
 */
export function goodsSvg(title: string, category: string, palette: [string, string], n = 0): string {
  const [a, b] = palette;
  const lines = goodsLines(title);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
<defs><linearGradient id="g" x1="0" y1="0" x2="${n % 2}" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${b}" stop-opacity=".35"/></linearGradient></defs>
<rect width="600" height="600" fill="url(#g)"/>
<circle cx="${300 + n * 40}" cy="300" r="150" fill="${a}" opacity=".18"/>
<text x="300" y="200" font-size="28" text-anchor="middle" fill="${a}" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif">${esc(category)}</text>
${lines.map((l, i) => `<text x="300" y="${(lines.length === 1 ? 305 : 280) + i * 60}" font-size="50" font-weight="700" text-anchor="middle" fill="#333" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif">${esc(l)}</text>`).join('\n')}
<text x="300" y="420" font-size="22" text-anchor="middle" fill="#999" font-family="sans-serif">${n + 1} / 3</text>
</svg>`;
}

/** A product name in at most two lines of 9: broken at the space nearest the middle when one fits, else halved. */
function goodsLines(title: string): string[] {
  if (title.length <= 9) return [title];
  const spaces = [...title].flatMap((ch, i) => (ch === ' ' && i <= 9 && title.length - i - 1 <= 9 ? [i] : []));
  const space = spaces.sort((x, y) => Math.abs(title.length - 2 * x) - Math.abs(title.length - 2 * y))[0];
  if (space !== undefined) return [title.slice(0, space), title.slice(space + 1)];
  const cut = Math.min(9, Math.ceil(title.length / 2));
  return [title.slice(0, cut), title.slice(cut, cut + 9)];
}
