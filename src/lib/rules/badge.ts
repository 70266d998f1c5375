/** SPEC §9: an unread total above 99 shows as 99+; zero shows nothing. */
export function badgeText(total: number): string {
  if (!Number.isFinite(total) || total <= 0) return '';
  return total > 99 ? '99+' : String(Math.floor(total));
}

/** SPEC §3: unread counts are parsed as integers, defaulting to 0. */
export function toCount(v: unknown): number {
  const n = typeof v === 'number' ? v : Number.parseInt(String(v ?? ''), 10);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}
