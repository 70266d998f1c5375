/**
 * The single row a statement must produce (an INSERT … RETURNING, a lookup that was just checked).
 * Throws — a fault, not a refusal — when it is missing, instead of a `!` that would fail later.
 */
export function one<T>(rows: readonly T[], what = 'row'): T {
  const row = rows[0];
  if (row === undefined) throw new Error(`expected one ${what}, got none`);
  return row;
}

/** A unique-constraint violation (PostgreSQL 23505), directly or as the cause drizzle wraps it in. */
export const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';
