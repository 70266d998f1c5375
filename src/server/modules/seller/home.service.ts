import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { HomeInfo, OwnClass, OwnCourse } from '~/lib/api/contract/seller-shop';
import type { Bit } from '~/lib/api/fields';
import { db } from '../../db';
import { SOLD_STATUSES } from '~/lib/rules/order-status';
import { ON_SALE } from '~/lib/rules/seller-content';
import {
  agentCourses,
  agentGoods,
  agentOffers,
  classes,
  coaches,
  courses,
  goods,
  homepageBanners,
  orderItems,
  orders,
  shops,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import type { SessionUser } from '../../http/context';
import type { Page } from '../catalogue/listing';
import { coachIdOf } from '../catalogue/owner';
import { anchorOf, ownerOf } from './settings.service';

const bit = (v: number): Bit => (v === 1 ? 1 : 0);

/**
 * /api/seller/homeInfo: the owner's profile and counts for the owner's homepage view. Every figure
 * comes from rows: courses, classes and goods are those on sale (what the public homepage counts),
 * 销量 the units of paid orders not given back, fans the follow rows' counter (moved in the follow's
 * transaction), views the counted page views of the owner's courses.
 */
export async function homeInfo(user: SessionUser): Promise<HomeInfo> {
  const o = await ownerOf(user);
  const ownCourse = o.type === 'coach' ? eq(courses.coachId, o.id) : eq(courses.shopId, o.id);
  const [profile, [courseStats], [classStats], [goodsStats], [sold], [agentG], [agentC], [banners]] = await Promise.all([
    o.type === 'coach'
      ? db()
          .select({
            name: coaches.name,
            avatar: coaches.avatar,
            cover: coaches.cover,
            intro: coaches.intro,
            city: coaches.city,
            labels: coaches.styles,
            phone: coaches.phone,
            wechat: coaches.wechat,
            fans: coaches.fansCount,
          })
          .from(coaches)
          .where(eq(coaches.id, o.id))
      : db()
          .select({
            name: shops.name,
            avatar: shops.logo,
            cover: shops.cover,
            intro: shops.intro,
            city: shops.city,
            labels: shops.labels,
            phone: shops.phone,
            wechat: shops.wechat,
            fans: shops.fansCount,
          })
          .from(shops)
          .where(eq(shops.id, o.id)),
    db()
      .select({
        onSale: sql<number>`(count(*) filter (where ${courses.status} = ${ON_SALE}))::int`,
        views: sql<number>`coalesce(sum(${courses.views}), 0)::int`,
      })
      .from(courses)
      .where(ownCourse),
    o.type === 'coach'
      ? db()
          .select({ n: count() })
          .from(classes)
          .where(and(eq(classes.coachId, o.id), eq(classes.status, ON_SALE)))
      : Promise.resolve([{ n: 0 }]),
    o.type === 'shop'
      ? db()
          .select({ n: count() })
          .from(goods)
          .where(and(eq(goods.shopId, o.id), eq(goods.status, ON_SALE)))
      : Promise.resolve([{ n: 0 }]),
    db()
      .select({ n: sql<number>`coalesce(sum(${orderItems.num}), 0)::int` })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(o.type === 'coach' ? eq(orders.coachId, o.id) : eq(orders.shopId, o.id), inArray(orders.status, [...SOLD_STATUSES]))),
    db()
      .select({ n: count() })
      .from(agentGoods)
      .where(and(eq(agentGoods.agentType, o.type), eq(agentGoods.agentId, o.id))),
    db()
      .select({ n: count() })
      .from(agentCourses)
      .where(and(eq(agentCourses.agentType, o.type), eq(agentCourses.agentId, o.id))),
    db()
      .select({ n: count() })
      .from(homepageBanners)
      .where(and(eq(homepageBanners.ownerType, o.type), eq(homepageBanners.ownerId, o.id))),
  ]);
  const p = profile[0];
  if (!p) throw notFound();
  return {
    type: o.type === 'coach' ? 'coach' : 'mechant',
    id: o.id,
    name: p.name,
    avatar: p.avatar,
    cover: p.cover,
    intro: p.intro,
    city: p.city,
    labels: p.labels,
    phone: p.phone,
    wechat: p.wechat,
    anchor: anchorOf(o),
    stats: {
      fans: p.fans,
      views: courseStats?.views ?? 0,
      sales: sold?.n ?? 0,
      courses: courseStats?.onSale ?? 0,
      classes: classStats?.n ?? 0,
      goods: goodsStats?.n ?? 0,
      agent: (agentG?.n ?? 0) + (agentC?.n ?? 0),
      banners: banners?.n ?? 0,
    },
  };
}

/** /api/seller/homeCourses: the caller's own courses, on sale or not, with their agency rate. */
export async function homeCourses(user: SessionUser, page: number, limit: number): Promise<Page<OwnCourse>> {
  const o = await ownerOf(user);
  const where = o.type === 'coach' ? eq(courses.coachId, o.id) : eq(courses.shopId, o.id);
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: courses.id,
        title: courses.title,
        cover: courses.cover,
        price: courses.price,
        sales: courses.sales,
        views: courses.views,
        lessonCount: courses.lessonCount,
        status: courses.status,
        rate: sql<number>`coalesce(${agentOffers.rateBp}, 0)::int`,
      })
      .from(courses)
      .leftJoin(agentOffers, and(eq(agentOffers.kind, 'course'), eq(agentOffers.itemId, courses.id)))
      .where(where)
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(courses).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      title: r.title,
      cover: r.cover,
      price: r.price,
      sales: r.sales,
      views: r.views,
      lesson_count: r.lessonCount,
      status: bit(r.status),
      agent_rate_bp: r.rate,
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

/** /api/seller/homeClasses: the coach's own classes, newest start first. */
export async function homeClasses(userId: number, page: number, limit: number): Promise<Page<OwnClass>> {
  const coachId = await coachIdOf(userId);
  const where = eq(classes.coachId, coachId);
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(classes)
      .where(where)
      .orderBy(desc(classes.startsAt), desc(classes.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(classes).where(where),
  ]);
  return {
    list: rows.map((k) => ({
      id: k.id,
      title: k.title,
      cover: k.cover,
      price: k.price,
      city: k.city,
      starts_at: k.startsAt.toISOString(),
      enrolled: k.enrolled,
      capacity: k.capacity,
      status: bit(k.status),
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}
