import { getTableName, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import { Identity } from '~/lib/rules/roles';

/**
 * The name other people see for a user: a coach by the coach profile's name, a shop owner by the
 * shop's name (both chosen in their settings; a new coach's starts as the member's nickname, never
 * the real name of the application), anyone else by their nickname. Identity data stays private.
 *
 * Correlated lookups on the unique `user_id` keys, so any query that reads `users` — or an alias
 * of it — selects it without a join: `nick: publicNameOf(users)`. The outer columns are written
 * with their table's name: drizzle leaves them bare in a one-table select, and a bare "id" inside
 * the lookup would mean the coach's own id.
 */
export function publicNameOf(u: Table & { id: Column; identity: Column; nickName: Column }): SQL<string> {
  const col = (c: Column) => sql`${sql.identifier(getTableName(u))}.${sql.identifier(c.name)}`;
  return sql<string>`coalesce(case ${col(u.identity)}
    when ${sql.raw(String(Identity.COACH))} then (select pn_c.name from coaches pn_c where pn_c.user_id = ${col(u.id)})
    when ${sql.raw(String(Identity.MECHANT))} then (select pn_s.name from shops pn_s where pn_s.user_id = ${col(u.id)})
  end, ${col(u.nickName)})`;
}
