import { sql, type SQL } from 'drizzle-orm';

/** A text[] of values, each its own parameter (drizzle would spread a JS array into a row). */
export const textArray = (values: readonly string[]): SQL =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** An int[] of ids, each its own parameter. */
export const intArray = (ids: readonly number[]): SQL =>
  sql`array[${sql.join(
    ids.map((v) => sql`${v}`),
    sql`, `,
  )}]::int[]`;
