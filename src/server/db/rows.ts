/**
 * The single row a statement must produce (an INSERT … RETURNING, a lookup that was just checked).
 * Throws — a fault, not a refusal — when it is missing, instead of a `!` that would fail later.
 */
export function one<T>(rows: readonly T[], what = 'row'): T {
  const row = rows[0];
  if (row === undefined) throw new Error(`expected one ${what}, got none`);
  return row;
}
