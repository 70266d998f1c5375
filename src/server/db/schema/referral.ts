import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * 推荐好友: who invited whom, one row per invited member (the primary key makes a
 * friend count once). The reward is taken by a guarded update of `rewarded_at` in the
 * transaction that completes the friend's first order, with its ledger line.
 */
export const referrals = pgTable(
  'referrals',
  {
    inviteeId: integer('invitee_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** How the friend signed up: phone | wx | qq. */
    via: varchar('via', { length: 8 }).notNull().default('phone'),
    orderId: integer('order_id'),
    coins: integer('coins').notNull().default(0),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
  },
  (t) => [index('referrals_inviter').on(t.inviterId, t.createdAt), check('referrals_not_self', sql`${t.inviteeId} <> ${t.inviterId}`)],
);
