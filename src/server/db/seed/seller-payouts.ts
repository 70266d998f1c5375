import { and, inArray, isNull } from 'drizzle-orm';
import { db } from '../index';
import { users } from '../schema';
import { hashPassword } from '../../security/password';
import { DEMO_PAY_PASSWORD } from './commerce';

/**
 * The demo coach and shop owner get the README's pay password (123456) like the demo member, so a
 * withdrawal can be tried at once. Only where none is set; nothing else (no money is made up).
 */
export async function seedSellerPayouts(): Promise<{ sellerPayPasswords: number }> {
  const rows = await db()
    .update(users)
    .set({ payPasswordHash: await hashPassword(DEMO_PAY_PASSWORD) })
    .where(and(inArray(users.phone, ['13800000002', '13800000003']), isNull(users.payPasswordHash)))
    .returning({ id: users.id });
  return { sellerPayPasswords: rows.length };
}
