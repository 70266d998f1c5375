const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** `text` as safe HTML with every case-insensitive occurrence of `q` wrapped in <mark>. */
export function highlight(text: string, q: string): string {
  const key = q.trim();
  if (!key) return escapeHtml(text);
  const lower = text.toLowerCase();
  const k = key.toLowerCase();
  let out = '';
  let at = 0;
  for (let i = lower.indexOf(k); i !== -1; i = lower.indexOf(k, at)) {
    out += `${escapeHtml(text.slice(at, i))}<mark class="bg-transparent text-brand">${escapeHtml(text.slice(i, i + k.length))}</mark>`;
    at = i + k.length;
  }
  return out + escapeHtml(text.slice(at));
}

/** `text` as safe HTML with each of `terms` marked (the longest first where they overlap). */
export function highlightTerms(text: string, terms: readonly string[]): string {
  const keys = [...new Set(terms.map((t) => t.trim().toLowerCase()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!keys.length) return escapeHtml(text);
  const lower = text.toLowerCase();
  let out = '';
  let at = 0;
  while (at < text.length) {
    let best = -1;
    let key = '';
    for (const k of keys) {
      const i = lower.indexOf(k, at);
      if (i !== -1 && (best === -1 || i < best)) [best, key] = [i, k];
    }
    if (best === -1) break;
    out += `${escapeHtml(text.slice(at, best))}<mark class="bg-transparent text-brand">${escapeHtml(text.slice(best, best + key.length))}</mark>`;
    at = best + key.length;
  }
  return out + escapeHtml(text.slice(at));
}
