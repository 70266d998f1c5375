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
