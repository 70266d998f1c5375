import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Address, AddressInput } from '~/lib/api/contract/address';
import { ADDRESS_LIMITS, ADDRESS_TEXTS } from '~/lib/rules/address';
import { db } from '../../db';
import { one } from '../../db/rows';
import { addresses } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';

export const MAX_ADDRESSES = ADDRESS_LIMITS.perMember;

const view = (a: typeof addresses.$inferSelect): Address => ({
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
export async function addressList(userId: number): Promise<Address[]> {
  const rows = await db()
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return rows.map(view);
}

/** Creates or edits one of the member's addresses; one default at most; the first is the default. */
export async function saveAddress(userId: number, input: AddressInput): Promise<Address> {
  return db().transaction(async (tx) => {
    const [n] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    const held = n?.n ?? 0;
    const values = {
      name: input.name,
      phone: input.phone,
      province: input.province,
      city: input.city,
      district: input.district,
      detail: input.detail,
      isDefault: input.is_default || held === 0,
    };
    let row: typeof addresses.$inferSelect;
    if (input.id) {
      const [edited] = await tx
        .update(addresses)
        .set(values)
        .where(and(eq(addresses.id, input.id), eq(addresses.userId, userId)))
        .returning();
      if (!edited) throw notFound(ADDRESS_TEXTS.missing);
      row = edited;
    } else {
      if (held >= MAX_ADDRESSES) throw refuse(ADDRESS_TEXTS.full);
      row = one(
        await tx
          .insert(addresses)
          .values({ ...values, userId })
          .returning(),
        'address',
      );
    }
    if (row.isDefault)
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), ne(addresses.id, row.id)));
    return view(row);
  });
}

/** Deletes one of the member's addresses. */
export async function deleteAddress(userId: number, id: number): Promise<void> {
  const gone = await db()
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (!gone.length) throw notFound(ADDRESS_TEXTS.missing);
}
