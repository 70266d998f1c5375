/** Dates as Chinese readers expect them, in China time whatever the server's zone. */
const dateFmt = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
const dateTimeFmt = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** 2026-11-22 */
export function formatDate(iso: string | Date): string {
  return dateFmt.format(new Date(iso)).replace(/\//g, '-');
}

/** 2026-11-22 08:30 */
export function formatDateTime(iso: string | Date): string {
  return dateTimeFmt.format(new Date(iso)).replace(/\//g, '-');
}

const monthDayTimeFmt = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** 11/27 20:00 (a broadcast's start, a notice's time) */
export function monthDayTime(iso: string | Date): string {
  return monthDayTimeFmt.format(new Date(iso));
}

/** Reads a positive integer from a query value; null when absent or malformed. */
export function positiveInt(v: string | null | undefined): number | null {
  if (!v || !/^\d{1,9}$/.test(v)) return null;
  const n = Number(v);
  return n > 0 ? n : null;
}

/** Fen as money, whatever the amount: ¥12.34, ¥0.00, ¥-5.00 (totals, balances, ledger lines). */
export function money(fen: number): string {
  return `¥${(fen / 100).toFixed(2)}`;
}

/** Fen → '¥128.00'; 0 → 免费 (course and class prices are integer fen). */
export function priceText(fen: number, freeText = '免费'): string {
  if (fen <= 0) return freeText;
  return `¥${(fen / 100).toFixed(2)}`;
}

/** Seconds → '05:30' or '1:02:03'. */
export function durationText(s: number): string {
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
}

/** Seconds → '1小时02分' / '12分05秒' (how long anchors broadcast). */
export function spanText(s: number): string {
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h ? `${h}小时${String(m).padStart(2, '0')}分` : `${m}分${String(sec).padStart(2, '0')}秒`;
}
