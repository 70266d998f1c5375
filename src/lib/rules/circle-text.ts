/**
 * 功夫圈 post text → pieces to render as React children (so every piece is escaped): plain text,
 * http(s) links, @mentions resolved at publish, and search matches. No HTML is ever built from
 * member text.
 */
export type TextPiece =
  | { kind: 'text'; text: string }
  | { kind: 'mark'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; href: string };

// Stops at whitespace, CJK punctuation and the brackets people wrap links in.
const URL_RE = /https?:\/\/[^\s<>"'`，。、；：！？（）【】《》「」]+/giu;

/** A link only when it parses as http(s); trailing ASCII punctuation stays text. */
function cleanUrl(raw: string): { href: string; rest: string } | null {
  const m = /[.,;:!?)\]]+$/.exec(raw);
  const url = m ? raw.slice(0, m.index) : raw;
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return { href: u.href, rest: m ? m[0] : '' };
  } catch {
    return null;
  }
}

export function textPieces(text: string, mentions: readonly { nick: string; home: string }[] = [], q = ''): TextPiece[] {
  const out: TextPiece[] = [];
  const pushText = (t: string) => {
    if (t) out.push(...marked(t, mentions, q));
  };
  let at = 0;
  for (const m of text.matchAll(URL_RE)) {
    const start = m.index;
    const link = cleanUrl(m[0]);
    if (!link) continue;
    pushText(text.slice(at, start));
    out.push({ kind: 'link', text: link.href === m[0] ? m[0] : m[0].slice(0, m[0].length - link.rest.length), href: link.href });
    at = start + m[0].length - link.rest.length;
  }
  pushText(text.slice(at));
  return out;
}

/** Mentions, then search matches, in a stretch without links. */
function marked(text: string, mentions: readonly { nick: string; home: string }[], q: string): TextPiece[] {
  const names = mentions.map((m) => `@${m.nick}`).sort((a, b) => b.length - a.length);
  const out: TextPiece[] = [];
  let at = 0;
  let i = 0;
  while (i < text.length) {
    const name = text[i] === '@' ? names.find((n) => text.startsWith(n, i)) : undefined;
    if (name) {
      out.push(...matches(text.slice(at, i), q));
      out.push({ kind: 'mention', text: name, href: mentions.find((m) => `@${m.nick}` === name)?.home ?? '' });
      i += name.length;
      at = i;
    } else i += 1;
  }
  out.push(...matches(text.slice(at), q));
  return out;
}

function matches(text: string, q: string): TextPiece[] {
  if (!text) return [];
  const key = q.trim().toLowerCase();
  if (!key) return [{ kind: 'text', text }];
  const lower = text.toLowerCase();
  const out: TextPiece[] = [];
  let at = 0;
  for (let i = lower.indexOf(key); i !== -1; i = lower.indexOf(key, at)) {
    if (i > at) out.push({ kind: 'text', text: text.slice(at, i) });
    out.push({ kind: 'mark', text: text.slice(i, i + key.length) });
    at = i + key.length;
  }
  if (at < text.length) out.push({ kind: 'text', text: text.slice(at) });
  return out;
}

/**
 * "刚刚", "5分钟前", "3小时前", "昨天 14:05", else the date — as feeds in China show time. Rendered on
 * the server and again at hydration, it can cross a boundary in between ("刚刚" → "1分钟前"): the
 * `<time>` elements that show it carry suppressHydrationWarning, keeping the server's until they render again.
 */
export function circleTime(iso: string, now = Date.now()): string {
  const t = new Date(iso).getTime();
  const s = Math.max(0, Math.floor((now - t) / 1000));
  if (s < 60) return '刚刚';
  if (s < 3600) return `${Math.floor(s / 60)}分钟前`;
  const fmt = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', ...opts }).format(t);
  const day = (x: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(x);
  if (s < 86400 && day(t) === day(now)) return `${Math.floor(s / 3600)}小时前`;
  const hm = fmt({ hour: '2-digit', minute: '2-digit', hour12: false });
  if (day(t) === day(now - 86400000)) return `昨天 ${hm}`;
  if (fmt({ year: 'numeric' }) === new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(now))
    return `${fmt({ month: 'numeric', day: 'numeric' })} ${hm}`;
  return fmt({ year: 'numeric', month: 'numeric', day: 'numeric' });
}
