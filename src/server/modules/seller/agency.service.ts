import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AgentItem, AgentKind } from '~/lib/api/contract/seller-shop';
import type { CourseItem } from '~/lib/api/contract/catalogue-training';
import type { Bit } from '~/lib/api/fields';
import { SELLER_TEXTS as S } from '~/lib/rules/seller-shop';
import { db } from '../../db';
import { agentCourses, agentGoods, agentOffers, coaches, courses, goods, shops } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import type { SessionUser } from '../../http/context';
import { likeOf, pageOf, pageWindow, rowsAndCount, countedRow, type Page } from '../catalogue/listing';
import { courseCardCols, courseItem } from '../catalogue/training.service';
import { saveOffer } from './goods-manage.service';
import { ownerOf, publicChanged, type Owner } from './settings.service';

/**
 * Agency (代理): an owner offers a goods item or a course with a commission rate (`agent_offers`,
 * set on the goods form or on the owner's course tab); other coaches and shops pick offers
 * (`agent_goods` / `agent_courses`) and show them on their homepage. A buyer who comes from an
 * agent's homepage arrives with `?agent=coach:12` (rules/seller-shop.ts `agentParam`), and the
 * order side asks `agentOfferFor()` (commerce/order-agent.ts) what the agent earns.
 */

const pickedGoods = (o: Owner) => and(eq(agentGoods.agentType, o.type), eq(agentGoods.agentId, o.id), eq(agentGoods.goodsId, goods.id));
const pickedCourse = (o: Owner) =>
  and(eq(agentCourses.agentType, o.type), eq(agentCourses.agentId, o.id), eq(agentCourses.courseId, courses.id));
const notOwnCourse = (o: Owner): SQL =>
  o.type === 'coach' ? sql`${courses.coachId} is distinct from ${o.id}` : sql`${courses.shopId} is distinct from ${o.id}`;

type Row = {
  id: number;
  title: string;
  cover: string;
  price: number;
  sales: number;
  ownerType: string;
  ownerId: number;
  ownerName: string;
  rate: number;
  picked: number;
  shown: boolean | null;
};

function agentItem(kind: AgentKind, r: Row): AgentItem {
  return {
    kind,
    id: r.id,
    title: r.title,
    cover: r.cover,
    price: r.price,
    sales: r.sales,
    owner: { type: r.ownerType === 'coach' ? 'coach' : 'mechant', id: r.ownerId, name: r.ownerName },
    rate_bp: r.rate,
    picked: (r.picked ? 1 : 0) as Bit,
    shown: (r.picked && r.shown ? 1 : 0) as Bit,
  };
}

/** /api/seller/agentMarket: offers of others (newest first), each marked picked/shown for the caller. */
export async function agentMarket(user: SessionUser, kind: AgentKind, q: string, page: number, limit: number): Promise<Page<AgentItem>> {
  const o = await ownerOf(user);
  const { offset, take } = pageWindow(page, limit);
  const notMine = or(ne(agentOffers.ownerType, o.type), ne(agentOffers.ownerId, o.id));
  if (kind === 'goods') {
    const where = and(eq(agentOffers.kind, 'goods'), notMine, eq(goods.status, 1), q ? ilike(goods.title, likeOf(q)) : undefined);
    const [rows, counted] = await rowsAndCount(
      db()
        .select(goodsAgentCols)
        .from(agentOffers)
        .innerJoin(goods, eq(goods.id, agentOffers.itemId))
        .innerJoin(shops, eq(shops.id, goods.shopId))
        .leftJoin(agentGoods, pickedGoods(o))
        .where(where)
        .orderBy(desc(agentOffers.createdAt), desc(agentOffers.id))
        .limit(take)
        .offset(offset),
      (cap) =>
        db().select(countedRow()).from(agentOffers).innerJoin(goods, eq(goods.id, agentOffers.itemId)).where(where).limit(cap).as('rows'),
      { offset, take },
    );
    return pageOf(
      rows.map((r) => agentItem('goods', r)),
      counted,
      page,
      limit,
    );
  }
  const where = and(
    eq(agentOffers.kind, 'course'),
    notMine,
    notOwnCourse(o),
    eq(courses.status, 1),
    q ? ilike(courses.title, likeOf(q)) : undefined,
  );
  const [rows, counted] = await rowsAndCount(
    db()
      .select(courseAgentCols)
      .from(agentOffers)
      .innerJoin(courses, eq(courses.id, agentOffers.itemId))
      .leftJoin(coaches, eq(coaches.id, courses.coachId))
      .leftJoin(shops, eq(shops.id, courses.shopId))
      .leftJoin(agentCourses, pickedCourse(o))
      .where(where)
      .orderBy(desc(agentOffers.createdAt), desc(agentOffers.id))
      .limit(take)
      .offset(offset),
    (cap) =>
      db().select(countedRow()).from(agentOffers).innerJoin(courses, eq(courses.id, agentOffers.itemId)).where(where).limit(cap).as('rows'),
    { offset, take },
  );
  return pageOf(
    rows.map((r) => agentItem('course', r)),
    counted,
    page,
    limit,
  );
}

/** One goods offer as the agency pages list it (market: the caller's pick joined; mine: overridden). */
const goodsAgentCols = {
  id: goods.id,
  title: goods.title,
  cover: sql<string>`coalesce(${goods.images}->>0, '')`,
  price: goods.price,
  sales: goods.sales,
  ownerType: sql<string>`'shop'`,
  ownerId: shops.id,
  ownerName: shops.name,
  rate: sql<number>`${agentOffers.rateBp}::int`,
  picked: sql<number>`(${agentGoods.id} is not null)::int`,
  shown: agentGoods.shown,
};

const courseAgentCols = {
  id: courses.id,
  title: courses.title,
  cover: courses.cover,
  price: courses.price,
  sales: courses.sales,
  ownerType: sql<string>`case when ${courses.coachId} is not null then 'coach' else 'shop' end`,
  ownerId: sql<number>`coalesce(${courses.coachId}, ${courses.shopId})::int`,
  ownerName: sql<string>`coalesce(${coaches.name}, ${shops.name}, '')`,
  rate: sql<number>`coalesce(${agentOffers.rateBp}, 0)::int`,
  picked: sql<number>`(${agentCourses.id} is not null)::int`,
  shown: agentCourses.shown,
};

/** /api/seller/agentMine: what the caller picked (rate 0 when the owner withdrew the offer), newest first. */
export async function agentMine(user: SessionUser, kind: AgentKind, page: number, limit: number): Promise<Page<AgentItem>> {
  const o = await ownerOf(user);
  const offset = (page - 1) * limit;
  if (kind === 'goods') {
    const where = and(eq(agentGoods.agentType, o.type), eq(agentGoods.agentId, o.id));
    const [rows, [total]] = await Promise.all([
      db()
        .select({
          ...goodsAgentCols,
          rate: sql<number>`case when ${goods.status} = 1 then coalesce(${agentOffers.rateBp}, 0) else 0 end::int`,
          picked: sql<number>`1`,
        })
        .from(agentGoods)
        .innerJoin(goods, eq(goods.id, agentGoods.goodsId))
        .innerJoin(shops, eq(shops.id, goods.shopId))
        .leftJoin(agentOffers, and(eq(agentOffers.kind, 'goods'), eq(agentOffers.itemId, goods.id)))
        .where(where)
        .orderBy(desc(agentGoods.createdAt), desc(agentGoods.id))
        .limit(limit)
        .offset(offset),
      db().select({ n: count() }).from(agentGoods).where(where),
    ]);
    return { list: rows.map((r) => agentItem('goods', r)), total: total?.n ?? 0, page, limit };
  }
  const where = and(eq(agentCourses.agentType, o.type), eq(agentCourses.agentId, o.id));
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        ...courseAgentCols,
        rate: sql<number>`case when ${courses.status} = 1 then coalesce(${agentOffers.rateBp}, 0) else 0 end::int`,
        picked: sql<number>`1`,
      })
      .from(agentCourses)
      .innerJoin(courses, eq(courses.id, agentCourses.courseId))
      .leftJoin(coaches, eq(coaches.id, courses.coachId))
      .leftJoin(shops, eq(shops.id, courses.shopId))
      .leftJoin(agentOffers, and(eq(agentOffers.kind, 'course'), eq(agentOffers.itemId, courses.id)))
      .where(where)
      .orderBy(desc(agentCourses.createdAt), desc(agentCourses.id))
      .limit(limit)
      .offset(offset),
    db().select({ n: count() }).from(agentCourses).where(where),
  ]);
  return { list: rows.map((r) => agentItem('course', r)), total: total?.n ?? 0, page, limit };
}

type AgentState = { kind: AgentKind; id: number; picked: Bit; shown: Bit };

/**
 * /api/seller/agentPick: status 1 picks an active offer of someone else (shown on the homepage at
 * once), 0 drops the pick. Repeats change nothing (unique index, conditional delete).
 */
export async function agentPick(user: SessionUser, kind: AgentKind, id: number, status: 0 | 1): Promise<AgentState> {
  const o = await ownerOf(user);
  if (status === 1) {
    const [offer] = await db()
      .select({ ownerType: agentOffers.ownerType, ownerId: agentOffers.ownerId })
      .from(agentOffers)
      .where(and(eq(agentOffers.kind, kind), eq(agentOffers.itemId, id)));
    const live =
      kind === 'goods'
        ? await db()
            .select({ id: goods.id })
            .from(goods)
            .where(and(eq(goods.id, id), eq(goods.status, 1)))
        : await db()
            .select({ id: courses.id })
            .from(courses)
            .where(and(eq(courses.id, id), eq(courses.status, 1)));
    if (!offer || !live.length) throw refuse(S.offerGone);
    if (offer.ownerType === o.type && offer.ownerId === o.id) throw refuse(S.ownItem);
    if (kind === 'goods') await db().insert(agentGoods).values({ agentType: o.type, agentId: o.id, goodsId: id }).onConflictDoNothing();
    else await db().insert(agentCourses).values({ agentType: o.type, agentId: o.id, courseId: id }).onConflictDoNothing();
  } else if (kind === 'goods') {
    await db()
      .delete(agentGoods)
      .where(and(eq(agentGoods.agentType, o.type), eq(agentGoods.agentId, o.id), eq(agentGoods.goodsId, id)));
  } else {
    await db()
      .delete(agentCourses)
      .where(and(eq(agentCourses.agentType, o.type), eq(agentCourses.agentId, o.id), eq(agentCourses.courseId, id)));
  }
  publicChanged();
  return stateOf(o, kind, id);
}

async function stateOf(o: Owner, kind: AgentKind, id: number): Promise<AgentState> {
  const [row] =
    kind === 'goods'
      ? await db()
          .select({ shown: agentGoods.shown })
          .from(agentGoods)
          .where(and(eq(agentGoods.agentType, o.type), eq(agentGoods.agentId, o.id), eq(agentGoods.goodsId, id)))
      : await db()
          .select({ shown: agentCourses.shown })
          .from(agentCourses)
          .where(and(eq(agentCourses.agentType, o.type), eq(agentCourses.agentId, o.id), eq(agentCourses.courseId, id)));
  return { kind, id, picked: row ? 1 : 0, shown: row?.shown ? 1 : 0 };
}

/** /api/seller/agentShow: a pick of the caller shown on or hidden from their homepage. */
export async function agentShow(user: SessionUser, kind: AgentKind, id: number, shown: 0 | 1): Promise<AgentState> {
  const o = await ownerOf(user);
  const done =
    kind === 'goods'
      ? await db()
          .update(agentGoods)
          .set({ shown: shown === 1 })
          .where(and(eq(agentGoods.agentType, o.type), eq(agentGoods.agentId, o.id), eq(agentGoods.goodsId, id)))
          .returning({ id: agentGoods.id })
      : await db()
          .update(agentCourses)
          .set({ shown: shown === 1 })
          .where(and(eq(agentCourses.agentType, o.type), eq(agentCourses.agentId, o.id), eq(agentCourses.courseId, id)))
          .returning({ id: agentCourses.id });
  if (!done.length) throw notFound(S.notPicked);
  publicChanged();
  return stateOf(o, kind, id);
}

/** /api/seller/courseOffer: the caller's own course offered for agency at `rateBp` (0 withdraws). */
export async function courseOffer(user: SessionUser, courseId: number, rateBp: number): Promise<{ course_id: number; rate_bp: number }> {
  const o = await ownerOf(user);
  const [c] = await db()
    .select({ id: courses.id, price: courses.price })
    .from(courses)
    .where(and(eq(courses.id, courseId), o.type === 'coach' ? eq(courses.coachId, o.id) : eq(courses.shopId, o.id)));
  if (!c) throw notFound('课程不存在');
  if (rateBp > 0 && c.price === 0) throw refuse(S.freeCourse);
  await db().transaction((tx) => saveOffer(tx, 'course', courseId, o, rateBp));
  publicChanged();
  return { course_id: courseId, rate_bp: rateBp };
}

/**
 * /api/public/businessAgentCourses and the agent's homepage: the courses an agent shows (picked,
 * shown, on sale, offer still active), newest pick first.
 */
export async function agentCoursesPage(type: 'coach' | 'shop', agentId: number, page: number, limit: number): Promise<Page<CourseItem>> {
  const where = and(
    eq(agentCourses.agentType, type),
    eq(agentCourses.agentId, agentId),
    eq(agentCourses.shown, true),
    eq(courses.status, 1),
  );
  const { offset, take } = pageWindow(page, limit);
  const offered = and(eq(agentOffers.kind, 'course'), eq(agentOffers.itemId, agentCourses.courseId));
  const [rows, counted] = await rowsAndCount(
    db()
      .select(courseCardCols)
      .from(agentCourses)
      .innerJoin(courses, eq(courses.id, agentCourses.courseId))
      .innerJoin(agentOffers, offered)
      .leftJoin(coaches, eq(coaches.id, courses.coachId))
      .leftJoin(shops, eq(shops.id, courses.shopId))
      .where(where)
      .orderBy(desc(agentCourses.createdAt), desc(agentCourses.id))
      .limit(take)
      .offset(offset),
    (cap) =>
      db()
        .select(countedRow())
        .from(agentCourses)
        .innerJoin(courses, eq(courses.id, agentCourses.courseId))
        .innerJoin(agentOffers, offered)
        .where(where)
        .limit(cap)
        .as('rows'),
    { offset, take },
  );
  return pageOf(rows.map(courseItem), counted, page, limit);
}
