import { eq } from 'drizzle-orm';
import { db } from '../../db';
import { coaches, serviceProviders, shops } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { forbidden } from '../../http/errors';
import { PROVIDER_TEXTS } from '~/lib/rules/provider';

/**
 * Who a seller account sells as. Every seller query filters by the id this returns, never by an
 * id from the request body, so one coach can never read or change another's records.
 */
export interface SellerIds {
  coachId: number | null;
  shopId: number | null;
}

/** The coach and shop records of a user (either may be missing; a user may in principle hold both). */
export async function sellerOf(userId: number): Promise<SellerIds> {
  const [[s], [c]] = await Promise.all([
    db().select({ id: shops.id }).from(shops).where(eq(shops.userId, userId)).limit(1),
    db().select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, userId)).limit(1),
  ]);
  return { shopId: s?.id ?? null, coachId: c?.id ?? null };
}

/** The caller's coach id; a coach identity without a coach record is refused (code 403). */
export async function coachIdOf(userId: number): Promise<number> {
  const [c] = await db().select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, userId)).limit(1);
  if (!c) throw forbidden('你还不是教练，无法使用教练管理');
  return c.id;
}

/** The caller's shop id; a shop-owner identity without a shop record is refused (code 403). */
export async function shopIdOf(userId: number): Promise<number> {
  const [s] = await db().select({ id: shops.id }).from(shops).where(eq(shops.userId, userId)).limit(1);
  if (!s) throw forbidden('你还不是店主，无法使用店铺管理');
  return s.id;
}

/**
 * The caller's service-provider id: the session's service_id, which must name a provider row of
 * this very user (a stale or foreign service_id is refused, code 403).
 */
export async function providerIdOf(user: Pick<SessionUser, 'id' | 'serviceId'>): Promise<number> {
  if (user.serviceId <= 0) throw forbidden(PROVIDER_TEXTS.notProvider);
  const [p] = await db()
    .select({ id: serviceProviders.id, userId: serviceProviders.userId })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, user.serviceId))
    .limit(1);
  if (!p || p.userId !== user.id) throw forbidden(PROVIDER_TEXTS.notProvider);
  return p.id;
}
