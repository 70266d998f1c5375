import { and, count, desc, eq } from 'drizzle-orm';
import type { AdminPointsItem, AdminRedemption } from '~/lib/api/contract/points';
import { POINTS_TEXTS, type PointsConfig, type PointsItemKind } from '~/lib/rules/points';
import { db } from '../../db';
import { one } from '../../db/rows';
import { couponTemplates, courses, pointsItems, pointsRedemptions, skus, users } from '../../db/schema';
import { audit } from '../../console/audit';
import type { Actor } from '../../console/shared';
import { notFound, refuse } from '../../http/errors';
import { scopeTemplateToCourse } from '../commerce/coupon.service';
import { pointsConfig, savePointsConfig } from './config';
import { ledgerPage } from './history.service';
import { pointsBalance } from './ledger';
import { itemDetails, redemptionView } from './shop.service';

/** The console's side of 积分 (/admin/marketing): the rules, the shop's items, shipping goods, a member's ledger. */

export const adminPointsConfig = () => pointsConfig();

export async function saveAdminPointsConfig(a: Actor, values: PointsConfig): Promise<void> {
  await db().transaction(async (tx) => {
    const before = await pointsConfig(tx);
    await savePointsConfig(tx, values);
    await audit(tx, a, { action: 'points_config.update', target: 'config', targetId: 'points', before, after: values });
  });
}

export async function adminItems(page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(pointsItems)
      .orderBy(desc(pointsItems.status), desc(pointsItems.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(pointsItems),
  ]);
  const details = await itemDetails(db(), rows);
  const list: AdminPointsItem[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind as PointsItemKind,
    title: r.title,
    detail: details.get(r.id)?.detail ?? '',
    coupon_template_id: r.couponTemplateId,
    course_id: details.get(r.id)?.courseId ?? null,
    sku_id: r.skuId,
    points: r.points,
    stock: r.stock,
    redeemed: r.redeemed,
    per_member: r.perMember,
    status: r.status === 1 ? 1 : 0,
    created_at: r.createdAt.toISOString(),
  }));
  return { list, total: total?.n ?? 0, page, limit };
}

interface ItemInput {
  id?: number | undefined;
  kind: PointsItemKind;
  title: string;
  coupon_template_id?: number | undefined;
  course_id?: number | undefined;
  sku_id?: number | undefined;
  points: number;
  stock: number;
  per_member: number;
}

/**
 * Creates or edits an item. A coupon item names a coupon template that is issuing; a goods item an
 * existing SKU. A course item names a course on sale and a 课程可用 template, which then names that
 * course (commerce's `scopeTemplateToCourse`, in the item's transaction: only while no member holds
 * one of it). Stock is what is left to redeem.
 */
export async function saveItem(a: Actor, input: ItemInput): Promise<{ id: number }> {
  let couponTemplateId: number | null = null;
  let skuId: number | null = null;
  let courseId: number | null = null;
  if (input.kind === 'goods') {
    const [s] = input.sku_id ? await db().select({ id: skus.id }).from(skus).where(eq(skus.id, input.sku_id)) : [];
    if (!s) throw refuse(POINTS_TEXTS.skuMissing);
    skuId = s.id;
  } else {
    const [t] = input.coupon_template_id
      ? await db().select().from(couponTemplates).where(eq(couponTemplates.id, input.coupon_template_id))
      : [];
    if (!t || t.status !== 1 || t.endsAt <= new Date()) throw refuse(POINTS_TEXTS.templateMissing);
    if (input.kind === 'course') {
      if (t.scope !== 'course') throw refuse(POINTS_TEXTS.templateNotCourse);
      if (!input.course_id) throw refuse(POINTS_TEXTS.courseNeeded);
      const [c] = await db()
        .select({ id: courses.id, price: courses.price })
        .from(courses)
        .where(and(eq(courses.id, input.course_id), eq(courses.status, 1)));
      if (!c) throw refuse(POINTS_TEXTS.courseMissing);
      if (c.price < t.threshold) throw refuse(POINTS_TEXTS.courseBelowThreshold);
      courseId = c.id;
    }
    couponTemplateId = t.id;
  }
  const values = {
    kind: input.kind,
    title: input.title,
    couponTemplateId,
    skuId,
    points: input.points,
    stock: input.stock,
    perMember: input.per_member,
    updatedAt: new Date(),
  };
  return db().transaction(async (tx) => {
    if (couponTemplateId && courseId) {
      const scoped = await scopeTemplateToCourse(tx, couponTemplateId, courseId);
      if (scoped === 'other') throw refuse(POINTS_TEXTS.templateOtherCourse);
      if (scoped === 'held') throw refuse(POINTS_TEXTS.templateHeld);
      if (scoped === 'narrowed')
        await audit(tx, a, {
          action: 'coupon_template.course',
          target: 'coupon_templates',
          targetId: couponTemplateId,
          before: { course_id: null },
          after: { course_id: courseId },
        });
    }
    if (input.id) {
      const [before] = await tx.select().from(pointsItems).where(eq(pointsItems.id, input.id)).for('update');
      if (!before) throw notFound(POINTS_TEXTS.itemMissing);
      await tx.update(pointsItems).set(values).where(eq(pointsItems.id, input.id));
      await audit(tx, a, { action: 'points_item.update', target: 'points_items', targetId: input.id, before, after: values });
      return { id: input.id };
    }
    const made = one(await tx.insert(pointsItems).values(values).returning(), 'points item');
    await audit(tx, a, { action: 'points_item.create', target: 'points_items', targetId: made.id, after: made });
    return { id: made.id };
  });
}

export async function setItemStatus(a: Actor, id: number, status: 0 | 1): Promise<void> {
  await db().transaction(async (tx) => {
    const [r] = await tx
      .update(pointsItems)
      .set({ status, updatedAt: new Date() })
      .where(eq(pointsItems.id, id))
      .returning({ id: pointsItems.id });
    if (!r) throw notFound(POINTS_TEXTS.itemMissing);
    await audit(tx, a, { action: status ? 'points_item.on' : 'points_item.off', target: 'points_items', targetId: id });
  });
}

export async function adminRedemptions(page: number, limit: number, pendingOnly: boolean) {
  const where = pendingOnly ? eq(pointsRedemptions.status, 'pending') : undefined;
  const [rows, [total]] = await Promise.all([
    db()
      .select({ r: pointsRedemptions, nick: users.nickName, phone: users.phone })
      .from(pointsRedemptions)
      .innerJoin(users, eq(users.id, pointsRedemptions.userId))
      .where(where)
      .orderBy(desc(pointsRedemptions.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(pointsRedemptions).where(where),
  ]);
  const list: AdminRedemption[] = rows.map(({ r, nick, phone }) => ({ ...redemptionView(r), user_id: r.userId, nick, phone: phone ?? '' }));
  return { list, total: total?.n ?? 0, page, limit };
}

/** Ships a goods redemption once (pending → shipped); a second operator is told it is done. */
export async function shipRedemption(a: Actor, id: number, company: string, no: string): Promise<void> {
  await db().transaction(async (tx) => {
    const [r] = await tx
      .update(pointsRedemptions)
      .set({ status: 'shipped', expressCompany: company, expressNo: no, shippedAt: new Date() })
      .where(and(eq(pointsRedemptions.id, id), eq(pointsRedemptions.status, 'pending')))
      .returning({ id: pointsRedemptions.id });
    if (!r) {
      const [exists] = await tx.select({ id: pointsRedemptions.id }).from(pointsRedemptions).where(eq(pointsRedemptions.id, id));
      throw exists ? refuse(POINTS_TEXTS.notPending) : notFound('兑换记录不存在');
    }
    await audit(tx, a, { action: 'points_redemption.ship', target: 'points_redemptions', targetId: id, after: { company, no } });
  });
}

export async function memberLedger(userId: number, page: number, limit: number) {
  const [u] = await db().select({ nick: users.nickName }).from(users).where(eq(users.id, userId));
  if (!u) throw notFound('会员不存在');
  const [ledger, balance] = await Promise.all([ledgerPage(userId, page, limit), pointsBalance(db(), userId)]);
  return { ...ledger, balance, nick: u.nick };
}
