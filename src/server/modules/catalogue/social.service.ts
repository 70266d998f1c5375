import { and, count, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Bit } from '~/lib/api/fields';
import type {
  CoachInfo,
  FanItem,
  FavouriteItem,
  FavouriteType,
  FocusItem,
  FollowState,
  ShopInfo,
} from '~/lib/api/contract/catalogue-social';
import { T } from '~/lib/texts';
import { db } from '../../db';
import { classes, coaches, courses, favourites, follows, goods, shops, users } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { invalidate } from '../../cache';
import { coachCard, type Page } from './training.service';
import { shopCard } from './shop.service';
import { withoutTokens } from './listing';

const coachCols = withoutTokens(getTableColumns(coaches));
const shopCols = withoutTokens(getTableColumns(shops));

export type FollowTarget = 'coach' | 'shop';
export type FavouriteTarget = FavouriteType;

async function isFollowing(viewerId: number | null, type: FollowTarget, id: number): Promise<Bit> {
  if (!viewerId) return 0;
  const [r] = await db()
    .select({ n: count() })
    .from(follows)
    .where(and(eq(follows.userId, viewerId), eq(follows.targetType, type), eq(follows.targetId, id)));
  return r?.n ? 1 : 0;
}

/** Coach info {coach_id} (SPEC §3: id, uid, nick_name, head, is_follow) plus the profile. */
export async function coachInfo(coachId: number, viewerId: number | null): Promise<CoachInfo> {
  const [c] = await db()
    .select(coachCols)
    .from(coaches)
    .where(and(eq(coaches.id, coachId), eq(coaches.status, 1)))
    .limit(1);
  if (!c) throw notFound('教练不存在');
  const [[courseN], [classN]] = await Promise.all([
    db()
      .select({ n: count() })
      .from(courses)
      .where(and(eq(courses.coachId, coachId), eq(courses.status, 1))),
    db()
      .select({ n: count() })
      .from(classes)
      .where(and(eq(classes.coachId, coachId), eq(classes.status, 1))),
  ]);
  return {
    ...coachCard(c),
    is_follow: await isFollowing(viewerId, 'coach', coachId),
    course_count: courseN?.n ?? 0,
    class_count: classN?.n ?? 0,
  };
}

/** Shop info {shop_id} (SPEC §3) plus the profile. */
export async function shopInfo(shopId: number, viewerId: number | null): Promise<ShopInfo> {
  const [s] = await db()
    .select(shopCols)
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.status, 1)))
    .limit(1);
  if (!s) throw notFound('店铺不存在');
  const [[goodsN], [courseN]] = await Promise.all([
    db()
      .select({ n: count() })
      .from(goods)
      .where(and(eq(goods.shopId, shopId), eq(goods.status, 1))),
    db()
      .select({ n: count() })
      .from(courses)
      .where(and(eq(courses.shopId, shopId), eq(courses.status, 1))),
  ]);
  return {
    ...shopCard(s),
    is_follow: await isFollowing(viewerId, 'shop', shopId),
    goods_count: goodsN?.n ?? 0,
    course_count: courseN?.n ?? 0,
  };
}

/**
 * /api/member/follow (SPEC §4/§5): status 1 follows, 0 unfollows; nobody follows themself. The
 * fans count moves only when a row really changed, so repeated clicks cannot skew it.
 */
export async function setFollow(userId: number, type: FollowTarget, targetId: number, status: Bit): Promise<FollowState> {
  const table = type === 'coach' ? coaches : shops;
  const [target] = await db().select({ userId: table.userId }).from(table).where(eq(table.id, targetId)).limit(1);
  if (!target) throw notFound(type === 'coach' ? '教练不存在' : '店铺不存在');
  if (target.userId === userId) throw refuse(T.cannotFollowSelf);
  return db()
    .transaction(async (tx) => {
      const key = and(eq(follows.userId, userId), eq(follows.targetType, type), eq(follows.targetId, targetId));
      const changed =
        status === 1
          ? (await tx.insert(follows).values({ userId, targetType: type, targetId }).onConflictDoNothing().returning()).length
          : (await tx.delete(follows).where(key).returning()).length;
      const delta = changed ? (status === 1 ? 1 : -1) : 0;
      const [row] = await tx
        .update(table)
        .set({ fansCount: sql`greatest(${table.fansCount} + ${delta}, 0)` })
        .where(eq(table.id, targetId))
        .returning({ fans: table.fansCount });
      return { is_follow: status, fans_count: row?.fans ?? 0 };
    })
    .finally(() => invalidate('catalogue:'));
}

const FAV_TABLE = { course: courses, class: classes, goods } as const;

/** /api/member/favorite: status 1 adds, 0 removes; the target must exist. */
export async function setFavourite(userId: number, type: FavouriteTarget, targetId: number, status: Bit): Promise<{ is_favorite: Bit }> {
  const table = FAV_TABLE[type];
  const [exists] = await db().select({ id: table.id }).from(table).where(eq(table.id, targetId)).limit(1);
  if (!exists) throw notFound('收藏的内容不存在');
  if (status === 1) await db().insert(favourites).values({ userId, targetType: type, targetId }).onConflictDoNothing();
  else
    await db()
      .delete(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.targetType, type), eq(favourites.targetId, targetId)));
  return { is_favorite: status };
}

/** Whether the viewer keeps this item (detail pages). */
export async function isFavourite(userId: number | null, type: FavouriteTarget, targetId: number): Promise<Bit> {
  if (userId === null) return 0;
  const [r] = await db()
    .select({ n: count() })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.targetType, type), eq(favourites.targetId, targetId)));
  return r?.n ? 1 : 0;
}

/** /api/member/favoriteList: a page of one kind, newest first, with the card of each item. */
export async function favouritePage(userId: number, type: FavouriteTarget, page: number, limit: number): Promise<Page<FavouriteItem>> {
  const where = and(eq(favourites.userId, userId), eq(favourites.targetType, type));
  const [rows, [total]] = await Promise.all([
    db()
      .select({ id: favourites.targetId, at: favourites.createdAt })
      .from(favourites)
      .where(where)
      .orderBy(desc(favourites.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(favourites).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const table = FAV_TABLE[type];
  const items = ids.length
    ? await db()
        .select({
          id: table.id,
          title: table.title,
          price: table.price,
          cover: type === 'goods' ? sql<string>`${goods.images}->>0` : (table as typeof courses).cover,
        })
        .from(table)
        .where(inArray(table.id, ids))
    : [];
  const byId = new Map(items.map((i) => [i.id, i]));
  return {
    list: rows.flatMap((r): FavouriteItem[] => {
      const it = byId.get(r.id);
      return it ? [{ type, id: it.id, title: it.title, cover: it.cover ?? '', price: it.price, created_at: r.at.toISOString() }] : [];
    }),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

/** /api/member/focusList: the coaches and shops the member follows. */
export async function focusPage(userId: number, page: number, limit: number): Promise<Page<FocusItem>> {
  const where = eq(follows.userId, userId);
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(follows)
      .where(where)
      .orderBy(desc(follows.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(follows).where(where),
  ]);
  const coachIds = rows.filter((r) => r.targetType === 'coach').map((r) => r.targetId);
  const shopIds = rows.filter((r) => r.targetType === 'shop').map((r) => r.targetId);
  const [cs, ss] = await Promise.all([
    coachIds.length ? db().select(coachCols).from(coaches).where(inArray(coaches.id, coachIds)) : [],
    shopIds.length ? db().select(shopCols).from(shops).where(inArray(shops.id, shopIds)) : [],
  ]);
  const list = rows.flatMap((r): FocusItem[] => {
    if (r.targetType === 'coach') {
      const c = cs.find((x) => x.id === r.targetId);
      return c ? [{ type: 'coach', id: c.id, name: c.name, avatar: c.avatar, desc: c.title, fans_count: c.fansCount }] : [];
    }
    const s = ss.find((x) => x.id === r.targetId);
    return s ? [{ type: 'mechant', id: s.id, name: s.name, avatar: s.logo, desc: s.intro, fans_count: s.fansCount }] : [];
  });
  return { list, total: total?.n ?? 0, page, limit };
}

/** /api/member/fansList: who follows the member's coach profile or shop. */
export async function fansPage(userId: number, page: number, limit: number): Promise<Page<FanItem>> {
  const [[coach], [shop]] = await Promise.all([
    db().select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, userId)).limit(1),
    db().select({ id: shops.id }).from(shops).where(eq(shops.userId, userId)).limit(1),
  ]);
  if (!coach && !shop) return { list: [], total: 0, page, limit };
  const where = or(
    coach ? and(eq(follows.targetType, 'coach'), eq(follows.targetId, coach.id)) : undefined,
    shop ? and(eq(follows.targetType, 'shop'), eq(follows.targetId, shop.id)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db()
      .select({ id: users.id, name: users.nickName, avatar: users.avatar, at: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.userId))
      .where(where)
      .orderBy(desc(follows.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(follows).where(where),
  ]);
  return {
    list: rows.map((r) => ({ user_id: r.id, nick_name: r.name, avatar: r.avatar, followed_at: r.at.toISOString() })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}
