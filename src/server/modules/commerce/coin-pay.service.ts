import { and, eq, gt } from 'drizzle-orm';
import type { ApiOutput } from '~/lib/api/types';
import { db } from '../../db';
import { orders, users } from '../../db/schema';
import { refuse, tooMany } from '../../http/errors';
import { invalidate } from '../../cache';
import { verifyPassword } from '../../security/password';
import { AttemptGuard, BUSY_TEXT, minutesText } from '../../security/limiter';
import { alreadyHeld, fulfilPaid } from './order-holding';
import { ORDER_TEXTS } from './order-texts';
import { changeCoins, coinsFor } from '../../ledger/coins';

/** Five wrong pay passwords in 15 minutes lock coin payments for 15 minutes. */
export const payGuard = new AttemptGuard('pay_pw', 5, 900, 900);

/**
 * Checks the member's pay password (unset, wrong and locked each refuse with their own message);
 * wrong answers are limited by `payGuard`. Every spend that asks for the password goes through
 * here (coin payments, gifts, application fees, withdrawals).
 */
export async function checkPayPassword(userId: number, payPassword: string, emptyMsg = '请输入支付密码'): Promise<void> {
  const [u] = await db().select({ hash: users.payPasswordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u?.hash) throw refuse(ORDER_TEXTS.payPwUnset);
  if (!payPassword) throw refuse(emptyMsg);
  const hash = u.hash;
  // Payments of one member in flight together are not failures: only wrong passwords count.
  const r = await payGuard.attempt(String(userId), () => verifyPassword(payPassword, hash));
  if (r.ok) return;
  if (r.busy) throw tooMany(BUSY_TEXT);
  throw r.blocked ? tooMany(ORDER_TEXTS.payPwLocked(minutesText(r.blocked))) : refuse(ORDER_TEXTS.payPwWrong);
}

/**
 * Pays an unpaid order with kung fu coins: the pay password first (attempts limited), then in one
 * transaction the status moves unpaid → paid (conditional, so a second payment finds nothing to
 * do) and the coins move through the ledger (conditional on the balance).
 */
export async function payWithCoins(userId: number, orderId: number, payPassword: string): Promise<ApiOutput<'/order/payCoins'>> {
  await checkPayPassword(userId, payPassword);
  const paid = await db().transaction(async (tx) => {
    const [o] = await tx
      .update(orders)
      .set({ status: 'paid', payMethod: 'coins', paidAt: new Date(), updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.status, 'unpaid'), gt(orders.expiresAt, new Date())))
      .returning();
    if (!o) throw refuse(ORDER_TEXTS.state);
    const held = await alreadyHeld(tx, o);
    if (held) throw refuse(held);
    const balance = await changeCoins(tx, userId, -coinsFor(o.payAmount), 'pay', {
      type: 'order',
      id: o.id,
      note: `支付订单 ${o.orderNo}`,
    });
    await fulfilPaid(tx, o);
    return { order_no: o.orderNo, status: 'paid' as const, balance };
  });
  invalidate('catalogue:');
  return paid;
}
