import { and, count, desc, eq, ne } from 'drizzle-orm';
import { db } from '../../db';
import { addresses } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';

export const MAX_ADDRESSES = 20;

export interface AddressInput {
  id?: number | undefined;
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  is_default: boolean;
}

const view = (a: typeof addresses.$inferSelect) => ({
  id: a.id,
  name: a.name,
  phone: a.phone,
  province: a.province,
  city: a.city,
  district: a.district,
  detail: a.detail,
  is_default: a.isDefault ? 1 : 0,
});

/** The member's addresses, default first. */
export async function addressList(userId: number) {
  const rows = await db()
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return rows.map(view);
}

/** Creates or edits one of the member's addresses; one default at most; the first is the default. */
export async function saveAddress(userId: number, input: AddressInput) {
  return db().transaction(async (tx) => {
    const [n] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    const values = {
      name: input.name,
      phone: input.phone,
      province: input.province,
      city: input.city,
      district: input.district,
      detail: input.detail,
      isDefault: input.is_default || !n?.n,
    };
    let row: typeof addresses.$inferSelect | undefined;
    if (input.id) {
      [row] = await tx
        .update(addresses)
        .set(values)
        .where(and(eq(addresses.id, input.id), eq(addresses.userId, userId)))
        .returning();
      if (!row) throw notFound('地址不存在');
    } else {
      if ((n?.n ?? 0) >= MAX_ADDRESSES) throw refuse(`最多保存 ${MAX_ADDRESSES} 个收货地址`);
      [row] = await tx
        .insert(addresses)
        .values({ ...values, userId })
        .returning();
    }
    if (row!.isDefault)
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), ne(addresses.id, row!.id)));
    return view(row!);
  });
}

/** Deletes one of the member's addresses. */
export async function deleteAddress(userId: number, id: number): Promise<void> {
  const gone = await db()
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (!gone.length) throw notFound('地址不存在');
}
