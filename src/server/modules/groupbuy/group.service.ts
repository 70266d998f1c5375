import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { GroupView, MyGroup } from '~/lib/api/contract/groupbuy';
import type { ApiOutput } from '~/lib/api/types';
import { GROUP_BUY_LIMITS, GROUP_BUY_TEXTS, groupLink, type GroupBuyKind, type GroupStatus } from '~/lib/rules/groupbuy';
import { db } from '../../db';
import { one } from '../../db/rows';
import { publicNameOf } from '../../db/public-name';
import { classes, coaches, courses, groupBuyGroups, groupBuys, orders, shops, users } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { insertGroupOrder } from '../commerce/order.service';
import { campaignState, campaignViews, itemsOf } from './campaign.service';

/*
 * The member's side of 拼团: the groups on a course or class page, opening and joining (an order at
 * the group price through commerce, the slot taken by a conditional update in the same
 * transaction), and 我的拼团.
 */

type Group = typeof groupBuyGroups.$inferSelect;
type Campaign = typeof groupBuys.$inferSelect;

const GROUP_STATUS_SET: readonly GroupStatus[] = ['open', 'formed', 'failed'];
const statusOf = (g: Group): GroupStatus => {
  const s = GROUP_STATUS_SET.find((x) => x === g.status);
  if (!s) throw new Error(`group ${g.id} has an unknown status: ${g.status}`);
  return s;
};

/** Groups as the contract shows them: the leader and the members who paid (public names only). */
async function groupViews(list: Group[]): Promise<GroupView[]> {
  if (!list.length) return [];
  const ids = list.map((g) => g.id);
  const members = await db()
    .select({ groupId: orders.groupId, userId: orders.userId, name: publicNameOf(users), avatar: users.avatar })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(inArray(orders.groupId, ids), inArray(orders.status, ['paid', 'completed', 'refunding'])))
    .orderBy(asc(orders.paidAt));
  const leaders = await db()
    .select({ id: users.id, name: publicNameOf(users), avatar: users.avatar })
    .from(users)
    .where(
      inArray(
        users.id,
        list.map((g) => g.leaderId),
      ),
    );
  return list.map((g) => {
    const leader = leaders.find((l) => l.id === g.leaderId);
    return {
      id: g.id,
      status: statusOf(g),
      size: g.size,
      paid: g.paid,
      left: Math.max(0, g.size - g.paid),
      free_slots: g.status === 'open' ? Math.max(0, g.size - g.reserved) : 0,
      price: g.price,
      expires_at: g.expiresAt.toISOString(),
      leader: { name: leader?.name ?? '', avatar: leader?.avatar ?? '' },
      members: members
        .filter((m) => m.groupId === g.id)
        .map((m) => ({ name: m.name, avatar: m.avatar, leader: m.userId === g.leaderId ? (1 as const) : (0 as const) })),
    };
  });
}

/** The item's active campaign (running or about to start). */
async function activeCampaign(kind: GroupBuyKind, id: number): Promise<Campaign | undefined> {
  const [c] = await db()
    .select()
    .from(groupBuys)
    .where(
      and(
        eq(kind === 'course' ? groupBuys.courseId : groupBuys.classId, id),
        eq(groupBuys.status, 'active'),
        gt(groupBuys.endsAt, new Date()),
      ),
    )
    .limit(1);
  return c;
}

/** Whether the member sells the item (its coach, or the owner of its shop): their own 开团 and 参团 are refused. */
async function sellsItem(userId: number, kind: GroupBuyKind, id: number): Promise<boolean> {
  const [row] =
    kind === 'course'
      ? await db()
          .select({ id: courses.id })
          .from(courses)
          .leftJoin(coaches, eq(coaches.id, courses.coachId))
          .leftJoin(shops, eq(shops.id, courses.shopId))
          .where(and(eq(courses.id, id), or(eq(coaches.userId, userId), eq(shops.userId, userId))))
          .limit(1)
      : await db()
          .select({ id: classes.id })
          .from(classes)
          .innerJoin(coaches, eq(coaches.id, classes.coachId))
          .where(and(eq(classes.id, id), eq(coaches.userId, userId)))
          .limit(1);
  return Boolean(row);
}

/**
 * /public/groupBuy: the item's campaign, its joinable groups (closest to forming first), a shared
 * group, and whether the signed-in `viewer` sells the item (the panel then explains instead of 开团).
 */
export async function groupsForItem(
  kind: GroupBuyKind,
  itemId: number,
  groupId?: number,
  viewer: number | null = null,
): Promise<ApiOutput<'/public/groupBuy'>> {
  const c = await activeCampaign(kind, itemId);
  const now = new Date();
  const open = c
    ? await db()
        .select()
        .from(groupBuyGroups)
        .where(and(eq(groupBuyGroups.campaignId, c.id), eq(groupBuyGroups.status, 'open'), gt(groupBuyGroups.expiresAt, now)))
        .orderBy(desc(groupBuyGroups.paid), asc(groupBuyGroups.expiresAt))
        .limit(GROUP_BUY_LIMITS.openShown)
    : [];
  // A shared group is shown whatever became of it, if it belongs to this item.
  const [shared] = groupId
    ? await db()
        .select({ g: groupBuyGroups })
        .from(groupBuyGroups)
        .innerJoin(groupBuys, eq(groupBuys.id, groupBuyGroups.campaignId))
        .where(and(eq(groupBuyGroups.id, groupId), eq(kind === 'course' ? groupBuys.courseId : groupBuys.classId, itemId)))
        .limit(1)
    : [];
  const [views, sharedView] = await Promise.all([groupViews(open), shared ? groupViews([shared.g]) : []]);
  const campaign = c && campaignState(c) === 'running' ? ((await campaignViews([c]))[0] ?? null) : null;
  const own = viewer !== null && (campaign || shared) ? await sellsItem(viewer, kind, itemId) : false;
  return { campaign, groups: campaign ? views : [], shared: sharedView[0] ?? null, own: own ? 1 : 0 };
}

/** What an order of the campaign is for, loaded before the transaction (on sale, not the buyer's own). */
async function lineOf(userId: number, c: Campaign) {
  if (c.kind === 'course') {
    const [row] = await db()
      .select({ k: courses, coachUser: coaches.userId, shopUser: shops.userId })
      .from(courses)
      .leftJoin(coaches, eq(coaches.id, courses.coachId))
      .leftJoin(shops, eq(shops.id, courses.shopId))
      .where(and(eq(courses.id, c.courseId ?? 0), eq(courses.status, 1)))
      .limit(1);
    if (!row) throw notFound('课程不存在或已下架');
    if (row.coachUser === userId || row.shopUser === userId) throw refuse(GROUP_BUY_TEXTS.ownItem);
    const k = row.k;
    return { kind: 'course' as const, itemId: k.id, title: k.title, cover: k.cover, specs: '拼团', coachId: k.coachId, shopId: k.shopId };
  }
  const [row] = await db()
    .select({ k: classes, coachUser: coaches.userId })
    .from(classes)
    .innerJoin(coaches, eq(coaches.id, classes.coachId))
    .where(and(eq(classes.id, c.classId ?? 0), eq(classes.status, 1)))
    .limit(1);
  if (!row) throw notFound('班级不存在或已下架');
  if (row.coachUser === userId) throw refuse(GROUP_BUY_TEXTS.ownItem);
  const k = row.k;
  if (k.enrolEndsAt && k.enrolEndsAt.getTime() < Date.now()) throw refuse('该班级已截止报名');
  return {
    kind: 'class' as const,
    itemId: k.id,
    title: k.title,
    cover: k.cover,
    specs: `拼团 · ${k.schedule}`,
    coachId: k.coachId,
    shopId: null,
  };
}

const created = (o: typeof orders.$inferSelect, groupId: number) => ({
  id: o.id,
  order_no: o.orderNo,
  pay_amount: o.payAmount,
  group_id: groupId,
});

/**
 * /member/groupBuyOpen: a new group with its first slot taken by the opener's order. The campaign's
 * `opened` moves by a guarded update (running, not stopped), so a campaign stopped or edited at the
 * same moment either sees this group or refuses it. `visitor` (the 分销 cookie) rides to commerce's
 * order.created, so a share link earns on the group price as on any order (joining too).
 */
export async function openGroup(
  userId: number,
  campaignId: number,
  visitor: string | null = null,
): Promise<ApiOutput<'/member/groupBuyOpen'>> {
  const [c] = await db().select().from(groupBuys).where(eq(groupBuys.id, campaignId)).limit(1);
  if (!c) throw notFound(GROUP_BUY_TEXTS.notFound);
  if (campaignState(c) !== 'running') throw refuse(GROUP_BUY_TEXTS.notRunning);
  const line = await lineOf(userId, c);
  return db().transaction(async (tx) => {
    const now = new Date();
    const [counted] = await tx
      .update(groupBuys)
      .set({ opened: sql`${groupBuys.opened} + 1` })
      .where(and(eq(groupBuys.id, c.id), eq(groupBuys.status, 'active'), lte(groupBuys.startsAt, now), gt(groupBuys.endsAt, now)))
      .returning();
    if (!counted) throw refuse(GROUP_BUY_TEXTS.notRunning);
    const g = one(
      await tx
        .insert(groupBuyGroups)
        .values({
          campaignId: c.id,
          leaderId: userId,
          size: counted.size,
          price: counted.price,
          reserved: 1,
          expiresAt: new Date(now.getTime() + counted.limitHours * 3_600_000),
        })
        .returning(),
      'group',
    );
    const o = await insertGroupOrder(tx, userId, { ...line, price: g.price, groupId: g.id }, visitor);
    return created(o, g.id);
  });
}

/**
 * /member/groupBuyJoin: an order in an open group. The seat (a class) and then the slot are taken
 * by conditional updates after the order's duplicate guards — `reserved < size`, the group open and
 * not past its deadline — so concurrent joiners of the last slot leave exactly one order.
 */
export async function joinGroup(
  userId: number,
  groupId: number,
  visitor: string | null = null,
): Promise<ApiOutput<'/member/groupBuyJoin'>> {
  const [row] = await db()
    .select({ g: groupBuyGroups, c: groupBuys })
    .from(groupBuyGroups)
    .innerJoin(groupBuys, eq(groupBuys.id, groupBuyGroups.campaignId))
    .where(eq(groupBuyGroups.id, groupId))
    .limit(1);
  if (!row) throw notFound(GROUP_BUY_TEXTS.groupNotFound);
  if (row.g.status !== 'open' || row.g.expiresAt.getTime() <= Date.now()) throw refuse(GROUP_BUY_TEXTS.groupClosed);
  const line = await lineOf(userId, row.c);
  return db().transaction(async (tx) => {
    const o = await insertGroupOrder(tx, userId, { ...line, price: row.g.price, groupId }, visitor);
    const [taken] = await tx
      .update(groupBuyGroups)
      .set({ reserved: sql`${groupBuyGroups.reserved} + 1` })
      .where(
        and(
          eq(groupBuyGroups.id, groupId),
          eq(groupBuyGroups.status, 'open'),
          gt(groupBuyGroups.expiresAt, new Date()),
          sql`${groupBuyGroups.reserved} < ${groupBuyGroups.size}`,
        ),
      )
      .returning({ id: groupBuyGroups.id, status: groupBuyGroups.status });
    if (!taken) throw refuse(GROUP_BUY_TEXTS.groupFull);
    return created(o, groupId);
  });
}

/** /member/groupBuyMine: the member's group orders, newest first, with their groups. */
export async function myGroups(userId: number, page: number, limit: number): Promise<ApiOutput<'/member/groupBuyMine'>> {
  const where = and(eq(orders.userId, userId), isNotNull(orders.groupId));
  const [list, [total]] = await Promise.all([
    db()
      .select({ o: orders, g: groupBuyGroups, c: groupBuys })
      .from(orders)
      .innerJoin(groupBuyGroups, eq(groupBuyGroups.id, orders.groupId))
      .innerJoin(groupBuys, eq(groupBuys.id, groupBuyGroups.campaignId))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(orders).where(where),
  ]);
  const [views, items] = await Promise.all([groupViews(list.map((r) => r.g)), itemsOf(list.map((r) => r.c))]);
  return {
    list: list.flatMap((r, i): MyGroup[] => {
      const item = items.get(r.c.id);
      const group = views[i];
      if (!item || !group) return [];
      return [{ group, item, order_id: r.o.id, order_status: r.o.status, link: groupLink(item.kind, item.id, r.g.id) }];
    }),
    total: total?.n ?? 0,
    page,
    limit,
  };
}
