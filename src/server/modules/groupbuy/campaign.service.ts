import { and, count, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { GroupCampaign } from '~/lib/api/contract/groupbuy';
import type { ApiOutput } from '~/lib/api/types';
import { GROUP_BUY_LIMITS, GROUP_BUY_TEXTS, type CampaignState, type GroupBuyKind } from '~/lib/rules/groupbuy';
import { db, type Db, type Tx } from '../../db';
import { one } from '../../db/rows';
import { classes, courses, groupBuyGroups, groupBuys } from '../../db/schema';
import { forbidden, notFound, refuse } from '../../http/errors';
import { sellerOf, type SellerIds } from '../catalogue/owner';

/*
 * The seller's side of 拼团: a coach sets group buys on their courses and classes, a shop owner on
 * the shop's courses (classes belong to coaches). Every query filters by the seller ids of the
 * session; another seller's campaign is "not found".
 */

type Campaign = typeof groupBuys.$inferSelect;
export interface Item {
  kind: GroupBuyKind;
  id: number;
  title: string;
  cover: string;
  price: number;
}

export async function sellerIds(userId: number): Promise<SellerIds> {
  const s = await sellerOf(userId);
  if (!s.coachId && !s.shopId) throw forbidden('只有教练或店主可以设置拼团');
  return s;
}

export function campaignState(c: Pick<Campaign, 'status' | 'startsAt' | 'endsAt'>, now = Date.now()): CampaignState {
  if (c.status === 'stopped') return 'stopped';
  if (c.startsAt.getTime() > now) return 'upcoming';
  return c.endsAt.getTime() <= now ? 'ended' : 'running';
}

/** The items of campaigns, by campaign id (courses and classes, as they are now). */
export async function itemsOf(list: Pick<Campaign, 'id' | 'kind' | 'courseId' | 'classId'>[]): Promise<Map<number, Item>> {
  const courseIds = list.flatMap((c) => (c.courseId ? [c.courseId] : []));
  const classIds = list.flatMap((c) => (c.classId ? [c.classId] : []));
  const [cs, ks] = await Promise.all([
    courseIds.length
      ? db()
          .select({ id: courses.id, title: courses.title, cover: courses.cover, price: courses.price })
          .from(courses)
          .where(inArray(courses.id, courseIds))
      : [],
    classIds.length
      ? db()
          .select({ id: classes.id, title: classes.title, cover: classes.cover, price: classes.price })
          .from(classes)
          .where(inArray(classes.id, classIds))
      : [],
  ]);
  const out = new Map<number, Item>();
  for (const c of list) {
    const row = c.courseId ? cs.find((x) => x.id === c.courseId) : ks.find((x) => x.id === c.classId);
    if (row) out.set(c.id, { kind: c.courseId ? 'course' : 'class', ...row });
  }
  return out;
}

/** Campaigns as the contract shows them, with their opened and formed counts. */
export async function campaignViews(list: Campaign[]): Promise<GroupCampaign[]> {
  if (!list.length) return [];
  const ids = list.map((c) => c.id);
  const [items, formed] = await Promise.all([
    itemsOf(list),
    db()
      .select({ id: groupBuyGroups.campaignId, n: count() })
      .from(groupBuyGroups)
      .where(and(inArray(groupBuyGroups.campaignId, ids), eq(groupBuyGroups.status, 'formed')))
      .groupBy(groupBuyGroups.campaignId),
  ]);
  return list.flatMap((c) => {
    const item = items.get(c.id);
    if (!item) return [];
    return [
      {
        id: c.id,
        item,
        price: c.price,
        size: c.size,
        limit_hours: c.limitHours,
        starts_at: c.startsAt.toISOString(),
        ends_at: c.endsAt.toISOString(),
        state: campaignState(c),
        opened: c.opened,
        formed: formed.find((f) => f.id === c.id)?.n ?? 0,
        editable: c.opened === 0 && c.status === 'active' ? 1 : 0,
      } satisfies GroupCampaign,
    ];
  });
}

const ownedBy = (s: SellerIds) =>
  or(s.coachId ? eq(groupBuys.coachId, s.coachId) : undefined, s.shopId ? eq(groupBuys.shopId, s.shopId) : undefined);

/** /seller/groupBuyList */
export async function sellerCampaigns(userId: number, page: number, limit: number): Promise<ApiOutput<'/seller/groupBuyList'>> {
  const s = await sellerIds(userId);
  const where = ownedBy(s);
  const [list, [total]] = await Promise.all([
    db()
      .select()
      .from(groupBuys)
      .where(where)
      .orderBy(desc(groupBuys.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(groupBuys).where(where),
  ]);
  return { list: await campaignViews(list), total: total?.n ?? 0, page, limit };
}

/** /seller/groupBuyItems: the seller's paid courses and classes on sale. */
export async function sellerItems(userId: number): Promise<ApiOutput<'/seller/groupBuyItems'>> {
  const s = await sellerIds(userId);
  const owner = or(s.coachId ? eq(courses.coachId, s.coachId) : undefined, s.shopId ? eq(courses.shopId, s.shopId) : undefined);
  const [cs, ks] = await Promise.all([
    db()
      .select({ id: courses.id, title: courses.title, cover: courses.cover, price: courses.price })
      .from(courses)
      .where(and(owner, eq(courses.status, 1), sql`${courses.price} > 1`))
      .orderBy(desc(courses.id))
      .limit(200),
    s.coachId
      ? db()
          .select({ id: classes.id, title: classes.title, cover: classes.cover, price: classes.price })
          .from(classes)
          .where(and(eq(classes.coachId, s.coachId), eq(classes.status, 1), sql`${classes.price} > 1`))
          .orderBy(desc(classes.id))
          .limit(200)
      : [],
  ]);
  return {
    list: [...cs.map((c) => ({ kind: 'course' as const, ...c })), ...ks.map((k) => ({ kind: 'class' as const, ...k }))],
  };
}

/** The seller's own item on sale, with its owner columns (another seller's is "not found"). */
async function ownItem(s: SellerIds, kind: GroupBuyKind, id: number) {
  if (kind === 'course') {
    const [c] = await db()
      .select()
      .from(courses)
      .where(and(eq(courses.id, id), eq(courses.status, 1)))
      .limit(1);
    const mine = c && ((s.coachId && c.coachId === s.coachId) || (s.shopId && c.shopId === s.shopId));
    if (!c || !mine) throw refuse(GROUP_BUY_TEXTS.itemMissing);
    return { price: c.price, coachId: c.coachId, shopId: c.shopId };
  }
  const [k] = await db()
    .select()
    .from(classes)
    .where(and(eq(classes.id, id), eq(classes.status, 1)))
    .limit(1);
  if (!k || !s.coachId || k.coachId !== s.coachId) throw refuse(GROUP_BUY_TEXTS.itemMissing);
  return { price: k.price, coachId: k.coachId, shopId: null };
}

async function ownCampaign(s: SellerIds, id: number): Promise<Campaign> {
  const [c] = await db()
    .select()
    .from(groupBuys)
    .where(and(eq(groupBuys.id, id), ownedBy(s)))
    .limit(1);
  if (!c) throw notFound(GROUP_BUY_TEXTS.notFound);
  return c;
}

type SaveInput = {
  id?: number | undefined;
  kind: GroupBuyKind;
  item_id: number;
  price: number;
  size: number;
  limit_hours: number;
  starts_at: string;
  ends_at: string;
};

/**
 * /seller/groupBuySave: a new campaign, or changes to one no group was opened in (guarded on
 * `opened = 0`, so a group opened meanwhile makes the edit fail rather than change its terms).
 */
export async function saveCampaign(userId: number, input: SaveInput): Promise<GroupCampaign> {
  const s = await sellerIds(userId);
  const item = await ownItem(s, input.kind, input.item_id);
  if (input.price >= item.price) throw refuse(GROUP_BUY_TEXTS.priceTooHigh);
  const startsAt = new Date(input.starts_at);
  const endsAt = new Date(input.ends_at);
  if (
    endsAt <= startsAt ||
    endsAt.getTime() - startsAt.getTime() > GROUP_BUY_LIMITS.campaignDaysMax * 86_400_000 ||
    endsAt.getTime() <= Date.now()
  )
    throw refuse(GROUP_BUY_TEXTS.window);
  const values = {
    kind: input.kind,
    courseId: input.kind === 'course' ? input.item_id : null,
    classId: input.kind === 'class' ? input.item_id : null,
    coachId: item.coachId,
    shopId: item.coachId ? null : item.shopId,
    price: input.price,
    size: input.size,
    limitHours: input.limit_hours,
    startsAt,
    endsAt,
    updatedAt: new Date(),
  };
  const itemCol = input.kind === 'course' ? groupBuys.courseId : groupBuys.classId;
  const saved = await db().transaction(async (tx) => {
    // A finished campaign on the item gives way to the new one (one active campaign per item).
    await tx
      .update(groupBuys)
      .set({ status: 'stopped', updatedAt: new Date() })
      .where(and(eq(itemCol, input.item_id), eq(groupBuys.status, 'active'), lte(groupBuys.endsAt, new Date())));
    const [other] = await tx
      .select({ id: groupBuys.id })
      .from(groupBuys)
      .where(and(eq(itemCol, input.item_id), eq(groupBuys.status, 'active'), isNotNull(itemCol), sql`${groupBuys.id} <> ${input.id ?? 0}`))
      .limit(1);
    if (other) throw refuse(GROUP_BUY_TEXTS.activeExists);
    if (input.id === undefined) return one(await tx.insert(groupBuys).values(values).returning(), 'group buy');
    const [row] = await tx
      .update(groupBuys)
      .set(values)
      .where(and(eq(groupBuys.id, input.id), ownedBy(s), eq(groupBuys.opened, 0), eq(groupBuys.status, 'active')))
      .returning();
    if (row) return row;
    const [cur] = await tx
      .select({ status: groupBuys.status })
      .from(groupBuys)
      .where(and(eq(groupBuys.id, input.id), ownedBy(s)))
      .limit(1);
    if (!cur) throw notFound(GROUP_BUY_TEXTS.notFound);
    throw refuse(cur.status === 'stopped' ? GROUP_BUY_TEXTS.stopped : GROUP_BUY_TEXTS.locked);
  });
  return one(await campaignViews([saved]), 'campaign view');
}

/** /seller/groupBuyStop: no new group opens; open groups run to their deadline. */
export async function stopCampaign(userId: number, id: number): Promise<GroupCampaign> {
  const s = await sellerIds(userId);
  const cur = await ownCampaign(s, id);
  const row = await stopActiveCampaign(db(), cur.id);
  if (!row) throw refuse(GROUP_BUY_TEXTS.stopped);
  return one(await campaignViews([row]), 'campaign view');
}

/**
 * The guarded stop the seller and the console share: an active campaign opens no new group (open
 * groups run to their deadline). The stopped row, or undefined when it was no longer active.
 */
export async function stopActiveCampaign(tx: Db | Tx, id: number): Promise<Campaign | undefined> {
  const [row] = await tx
    .update(groupBuys)
    .set({ status: 'stopped', updatedAt: new Date() })
    .where(and(eq(groupBuys.id, id), eq(groupBuys.status, 'active')))
    .returning();
  return row;
}
