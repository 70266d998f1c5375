/** Deepest nesting of arrays and objects a request body (or chat frame) may have. */
export const MAX_DEPTH = 16;

/** NUL (PostgreSQL text cannot hold it) and unpaired UTF-16 surrogates (not encodable as UTF-8). */
const unstorable = (s: string) => s.includes('\u0000') || !s.isWellFormed();

/**
 * Checks a parsed JSON body once at the edge, for every field of every endpoint and every /im frame
 * (im/protocol.ts): no string (value or key) the database cannot store, and no nesting deeper than
 * MAX_DEPTH. Answers a Chinese
 * message naming the field, or null when the body is fine. Iterative, so a hostile body cannot
 * exhaust the stack.
 */
export function badInput(body: unknown): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path, depth } = item;
    if (typeof value === 'string') {
      if (unstorable(value)) return `参数 ${path || '请求体'} 含有无法识别的字符`;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return '请求数据层级过深';
    for (const [key, child] of Object.entries(value)) {
      if (unstorable(key)) return '参数名含有无法识别的字符';
      stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}
