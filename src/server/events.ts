import type { TxOrDb } from './db';
import type { orders } from './db/schema';

/**
 * In-process events: how a module reacts to what happened in another without importing it (the
 * module order of docs/ARCHITECTURE.md — a domain never imports the seller area, an actor area
 * never imports one above it). The module where it happens emits; the modules that care subscribe
 * in src/server/hooks.ts, the one list of cross-module reactions.
 *
 * Handlers run one after another, awaited, inside the emitter's transaction (`tx`): money and state
 * that must move together still commit or roll back together (a ledger row in the transaction of
 * its cause), and a handler that throws fails the cause with it.
 */

type Order = typeof orders.$inferSelect;

export interface Events {
  /**
   * An order was created (goods, from the cart too, a course or a class, at a 秒杀 or 拼团 price too),
   * in the creating transaction after its items and coupon. `visitor` is the browser's 分销
   * attribution cookie, or null.
   */
  'order.created': { tx: TxOrDb; order: Order; visitor: string | null };
  /** An order was paid (coins or a gateway notice), in the paying transaction after what it unlocks. */
  'order.paid': { tx: TxOrDb; order: Order };
  /** An order became completed (goods received long enough ago, courses and classes past the refund window). */
  'order.completed': { tx: TxOrDb; order: Order };
  /**
   * A refund was approved (by the seller, or by the platform on a dispute), in the approving
   * transaction before the coins go back; a gateway refund completes later, but the money it
   * earned the seller comes back now. A handler that throws refuses the refund.
   */
  'refund.approved': { tx: TxOrDb; order: Order };
  /** A member published a review of an order line (one event per review row created). */
  'review.published': { tx: TxOrDb; userId: number; reviewId: number };
  /** A coach reviewed a member's homework for the first time (the guarded new → reviewed turn). */
  'homework.reviewed': { tx: TxOrDb; userId: number; submissionId: number };
}

export type EventName = keyof Events;
type Handler<K extends EventName> = (event: Events[K]) => Promise<unknown>;

const handlers: { [K in EventName]: Handler<K>[] } = {
  'order.created': [],
  'order.paid': [],
  'order.completed': [],
  'refund.approved': [],
  'review.published': [],
  'homework.reviewed': [],
};
let wired = false;

/** Subscribes `fn` to an event; handlers run in the order they subscribed. */
export function on<K extends EventName>(name: K, fn: Handler<K>): void {
  handlers[name].push(fn);
}

/** Marks the subscriptions complete (src/server/hooks.ts, once it has subscribed every handler). */
export function markWired(): void {
  wired = true;
}

/**
 * Runs every handler of the event inside the caller's transaction. Emitting before the hooks were
 * wired would silently skip income or rewards, so it is a fault: every entry point imports
 * src/server/hooks.ts.
 */
export async function emit<K extends EventName>(name: K, event: Events[K]): Promise<void> {
  if (!wired) throw new Error(`event ${name} emitted before src/server/hooks.ts subscribed its handlers`);
  for (const fn of handlers[name]) await fn(event);
}
