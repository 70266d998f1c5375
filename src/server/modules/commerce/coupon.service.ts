import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  COUPON_SCOPES,
  type ClaimableCoupon,
  type CouponScope,
  type CouponTab,
  type CouponTemplate,
  type MyCoupon,
} from '~/lib/api/contract/coupon';
import type { ApiOutput } from '~/lib/api/types';
import { COURSE_COUPON_TEXTS } from '~/lib/rules/coupon';
import { db, type TxOrDb } from '../../db';
import { one } from '../../db/rows';
import { couponTemplates, courses, shops, userCoupons } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';

export const COUPON_TEXTS = {
  gone: '优惠券已领完',
  ended: '优惠券不在领取时间内',
  limit: '已领取过该优惠券',
  unusable: '该优惠券不能用于本订单',
} as const;

/** What an order offers a coupon: its kind, its shop (goods), its course and the amount the threshold is checked against. */
export interface CouponContext {
  kind: 'goods' | 'course' | 'class';
  shopId: number | null;
  courseId?: number | null;
  amount: number;
}

type Template = typeof couponTemplates.$inferSelect;
const SCOPE_TEXT: Record<string, string> = { all: '全场通用', course: '课程可用', class: '班级可用', goods: '商品可用', shop: '店铺专用' };

/** Whether a template's rules allow it on an order (the claimed copy carries the dates). */
export function fits(t: Pick<Template, 'scope' | 'shopId' | 'courseId' | 'threshold'>, ctx: CouponContext): boolean {
  if (ctx.amount < t.threshold) return false;
  // A template naming a course (scope `course` only) fits that course's orders and nothing else.
  if (t.courseId !== null) return ctx.kind === 'course' && ctx.courseId === t.courseId;
  if (t.scope === 'all') return true;
  if (t.scope === 'shop') return ctx.kind === 'goods' && t.shopId !== null && t.shopId === ctx.shopId;
  return t.scope === ctx.kind;
}

/** The scope column as the contract's enum (a template with another value is a data fault). */
function scopeOf(t: Template): CouponScope {
  const scope = COUPON_SCOPES.find((s) => s === t.scope);
  if (!scope) throw new Error(`coupon template ${t.id} has unknown scope ${t.scope}`);
  return scope;
}

/** Where a template applies, as members read it: its shop's or its course's name when it names one. */
function scopeText(t: Pick<Template, 'scope' | 'courseId'>, shopName?: string | null, courseTitle?: string | null): string {
  if (t.courseId !== null) return courseTitle ? COURSE_COUPON_TEXTS.only(courseTitle) : COURSE_COUPON_TEXTS.gone;
  if (t.scope === 'shop' && shopName) return `限「${shopName}」使用`;
  return SCOPE_TEXT[t.scope] ?? '';
}

const templateView = (t: Template, shopName?: string | null, courseTitle?: string | null): CouponTemplate => ({
  id: t.id,
  title: t.title,
  amount: t.amount,
  threshold: t.threshold,
  scope: scopeOf(t),
  scope_text: scopeText(t, shopName, courseTitle),
  course_id: t.courseId,
  valid_days: t.validDays,
  ends_at: t.endsAt.toISOString(),
  left: t.total - t.claimed,
});

/** /coupon: templates open for claiming now, with whether the caller has reached its limit. */
export async function claimableCoupons(userId: number | null): Promise<ClaimableCoupon[]> {
  const now = new Date();
  const rows = await db()
    .select({ t: couponTemplates, shop: shops.name, course: courses.title })
    .from(couponTemplates)
    .leftJoin(shops, eq(shops.id, couponTemplates.shopId))
    .leftJoin(courses, eq(courses.id, couponTemplates.courseId))
    .where(and(eq(couponTemplates.status, 1), lte(couponTemplates.startsAt, now), gt(couponTemplates.endsAt, now)))
    .orderBy(asc(couponTemplates.threshold), desc(couponTemplates.id));
  const mine = userId
    ? await db()
        .select({ tpl: userCoupons.templateId, n: count() })
        .from(userCoupons)
        .where(eq(userCoupons.userId, userId))
        .groupBy(userCoupons.templateId)
    : [];
  const held = new Map(mine.map((m) => [m.tpl, m.n]));
  return rows.map(({ t, shop, course }) => ({ ...templateView(t, shop, course), claimed: (held.get(t.id) ?? 0) >= t.perUser ? 1 : 0 }));
}

/**
 * Claims one coupon. The per-member limit is checked under a lock on (member, template) and the
 * stock with a conditional update, so double clicks and crowds never exceed either.
 */
export async function claimCoupon(userId: number, templateId: number): Promise<ApiOutput<'/member/couponClaim'>> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`coupon:${templateId}:${userId}`}))`);
    const [t] = await tx
      .select()
      .from(couponTemplates)
      .where(and(eq(couponTemplates.id, templateId), eq(couponTemplates.status, 1)))
      .limit(1);
    if (!t) throw notFound('优惠券不存在');
    const now = new Date();
    if (t.startsAt > now || t.endsAt <= now) throw refuse(COUPON_TEXTS.ended);
    const [had] = await tx
      .select({ n: count() })
      .from(userCoupons)
      .where(and(eq(userCoupons.userId, userId), eq(userCoupons.templateId, templateId)));
    if ((had?.n ?? 0) >= t.perUser) throw refuse(COUPON_TEXTS.limit);
    const c = await issueCoupon(tx, userId, t, now);
    return { id: c.id, valid_to: c.validTo.toISOString() };
  });
}

/**
 * Gives a member one coupon of a template inside the caller's transaction (a claim, a points-shop
 * redemption): the template's stock is taken by a conditional update, so it is never exceeded.
 */
export async function issueCoupon(tx: TxOrDb, userId: number, t: Template, now = new Date()) {
  const [took] = await tx
    .update(couponTemplates)
    .set({ claimed: sql`${couponTemplates.claimed} + 1` })
    .where(and(eq(couponTemplates.id, t.id), lt(couponTemplates.claimed, couponTemplates.total)))
    .returning({ id: couponTemplates.id });
  if (!took) throw refuse(COUPON_TEXTS.gone);
  const validTo = t.validDays > 0 ? new Date(Math.min(now.getTime() + t.validDays * 86_400_000, t.endsAt.getTime())) : t.endsAt;
  return one(await tx.insert(userCoupons).values({ userId, templateId: t.id, validFrom: now, validTo }).returning(), 'user coupon');
}

/**
 * Makes a `course` template name one course, inside the caller's transaction (the points shop's
 * course discount, modules/points). Like any change to a template's rules, only while nobody holds
 * one of it (claimed = 0, checked in the UPDATE itself): a coupon already held keeps the rules it
 * was issued with. A template naming this course already is left as it is. Answers 'narrowed',
 * 'kept', or why not: 'other' (it names another course) or 'held' (members hold any-course ones).
 */
export async function scopeTemplateToCourse(
  tx: TxOrDb,
  templateId: number,
  courseId: number,
): Promise<'narrowed' | 'kept' | 'other' | 'held'> {
  const [t] = await tx.select().from(couponTemplates).where(eq(couponTemplates.id, templateId)).for('update');
  if (!t || t.scope !== 'course') throw new Error(`coupon template ${templateId} is not a course template`);
  if (t.courseId === courseId) return 'kept';
  if (t.courseId !== null) return 'other';
  const [done] = await tx
    .update(couponTemplates)
    .set({ courseId })
    .where(and(eq(couponTemplates.id, templateId), isNull(couponTemplates.courseId), eq(couponTemplates.claimed, 0)))
    .returning({ id: couponTemplates.id });
  return done ? 'narrowed' : 'held';
}

/** A template's rule as shown to members (满 ¥X 减 ¥Y, and where it applies: the course's title when it names one). */
export function couponRuleText(t: Pick<Template, 'amount' | 'threshold' | 'scope' | 'courseId'>, courseTitle?: string | null): string {
  return `满${t.threshold / 100}元减${t.amount / 100}元 · ${scopeText(t, null, courseTitle)}`;
}

export type { CouponTab };

/** /my/wallet/coupon: the member's coupons in one tab, paged. */
export async function myCoupons(userId: number, tab: CouponTab, page: number, limit: number): Promise<ApiOutput<'/member/couponList'>> {
  const now = new Date();
  const where =
    tab === 'unused'
      ? and(eq(userCoupons.userId, userId), eq(userCoupons.status, 'unused'), gt(userCoupons.validTo, now))
      : tab === 'used'
        ? and(eq(userCoupons.userId, userId), eq(userCoupons.status, 'used'))
        : and(eq(userCoupons.userId, userId), eq(userCoupons.status, 'unused'), lte(userCoupons.validTo, now));
  const [rows, [total]] = await Promise.all([
    db()
      .select({ c: userCoupons, t: couponTemplates, shop: shops.name, course: courses.title })
      .from(userCoupons)
      .innerJoin(couponTemplates, eq(couponTemplates.id, userCoupons.templateId))
      .leftJoin(shops, eq(shops.id, couponTemplates.shopId))
      .leftJoin(courses, eq(courses.id, couponTemplates.courseId))
      .where(where)
      .orderBy(tab === 'unused' ? asc(userCoupons.validTo) : desc(userCoupons.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(userCoupons).where(where),
  ]);
  return {
    list: rows.map(({ c, t, shop, course }): MyCoupon => ({
      ...templateView(t, shop, course),
      id: c.id,
      template_id: t.id,
      status: tab,
      order_id: c.orderId,
      valid_from: c.validFrom.toISOString(),
      valid_to: c.validTo.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

/** The member's coupons usable on an order like `ctx`, best (largest amount) first. */
export async function usableCoupons(userId: number, ctx: CouponContext) {
  const now = new Date();
  const rows = await db()
    .select({ c: userCoupons, t: couponTemplates, shop: shops.name, course: courses.title })
    .from(userCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, userCoupons.templateId))
    .leftJoin(shops, eq(shops.id, couponTemplates.shopId))
    .leftJoin(courses, eq(courses.id, couponTemplates.courseId))
    .where(
      and(
        eq(userCoupons.userId, userId),
        eq(userCoupons.status, 'unused'),
        lte(userCoupons.validFrom, now),
        gt(userCoupons.validTo, now),
        lte(couponTemplates.threshold, ctx.amount),
        or(
          eq(couponTemplates.scope, 'all'),
          eq(couponTemplates.scope, ctx.kind),
          ctx.shopId ? and(eq(couponTemplates.scope, 'shop'), eq(couponTemplates.shopId, ctx.shopId)) : undefined,
        ),
        // A coupon naming a course is offered on that course's checkout only.
        ctx.courseId ? or(isNull(couponTemplates.courseId), eq(couponTemplates.courseId, ctx.courseId)) : isNull(couponTemplates.courseId),
      ),
    )
    .orderBy(desc(couponTemplates.amount), asc(userCoupons.validTo));
  return rows
    .filter(({ t }) => fits(t, ctx))
    .map(({ c, t, shop, course }) => ({ ...templateView(t, shop, course), id: c.id, valid_to: c.validTo.toISOString() }));
}

/**
 * Takes the member's coupon for an order inside the order's transaction: the rules are checked
 * again here and the coupon moves unused → used conditionally, so it can only ever serve one order.
 * Returns the fen off.
 */
export async function holdCoupon(tx: TxOrDb, userId: number, couponId: number, orderId: number, ctx: CouponContext): Promise<number> {
  const now = new Date();
  const [row] = await tx
    .select({ c: userCoupons, t: couponTemplates, course: courses.title })
    .from(userCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, userCoupons.templateId))
    .leftJoin(courses, eq(courses.id, couponTemplates.courseId))
    .where(and(eq(userCoupons.id, couponId), eq(userCoupons.userId, userId)))
    .limit(1);
  // A coupon for another course says which course it is for.
  if (row && row.t.courseId !== null && !(ctx.kind === 'course' && ctx.courseId === row.t.courseId))
    throw refuse(row.course ? COURSE_COUPON_TEXTS.otherCourse(row.course) : COUPON_TEXTS.unusable);
  if (!row || row.c.validFrom > now || row.c.validTo <= now || !fits(row.t, ctx)) throw refuse(COUPON_TEXTS.unusable);
  const [held] = await tx
    .update(userCoupons)
    .set({ status: 'used', orderId, usedAt: now })
    .where(and(eq(userCoupons.id, couponId), eq(userCoupons.status, 'unused')))
    .returning({ id: userCoupons.id });
  if (!held) throw refuse(COUPON_TEXTS.unusable);
  return row.t.amount;
}

/** Gives back the coupons held by orders that were cancelled or closed unpaid. */
export async function releaseCoupons(tx: TxOrDb, orderIds: number[]): Promise<void> {
  if (!orderIds.length) return;
  await tx
    .update(userCoupons)
    .set({ status: 'unused', orderId: null, usedAt: null })
    .where(and(inArray(userCoupons.orderId, orderIds), eq(userCoupons.status, 'used')));
}

/** Count of the member's coupons usable now (for the wallet summary). */
export async function unusedCouponCount(userId: number): Promise<number> {
  const [r] = await db()
    .select({ n: count() })
    .from(userCoupons)
    .where(and(eq(userCoupons.userId, userId), eq(userCoupons.status, 'unused'), gt(userCoupons.validTo, new Date())));
  return r?.n ?? 0;
}
