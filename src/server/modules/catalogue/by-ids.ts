import { and, eq, inArray } from 'drizzle-orm';
import type { ClassItem, CoachCard, CourseItem } from '~/lib/api/contract/catalogue-training';
import type { GoodsItem, ShopCard } from '~/lib/api/contract/catalogue-shop';
import { db } from '../../db';
import { classes, coaches, courses, goods, shops } from '../../db/schema';
import { goodsCols, goodsItem, shopCard, shopCols } from './shop.service';
import { classCols, classItem, coachCard, coachCols, courseCardCols, courseItem } from './training.service';

/*
 * Cards of listed rows by id, in the order asked (the site search ranks ids, then shows them as its
 * lists do). A row no longer listed is left out.
 */

const inOrder = <T extends { id: number }>(ids: number[], rows: T[]): T[] => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

export async function coursesByIds(ids: number[]): Promise<CourseItem[]> {
  if (!ids.length) return [];
  const rows = await db()
    .select(courseCardCols)
    .from(courses)
    .leftJoin(coaches, eq(coaches.id, courses.coachId))
    .leftJoin(shops, eq(shops.id, courses.shopId))
    .where(and(eq(courses.status, 1), inArray(courses.id, ids)));
  return inOrder(ids, rows.map(courseItem));
}

export async function classesByIds(ids: number[]): Promise<ClassItem[]> {
  if (!ids.length) return [];
  const rows = await db()
    .select({ k: classCols, coach_name: coaches.name, coach_avatar: coaches.avatar })
    .from(classes)
    .innerJoin(coaches, eq(coaches.id, classes.coachId))
    .where(and(eq(classes.status, 1), inArray(classes.id, ids)));
  return inOrder(
    ids,
    rows.map((r) => classItem(r.k, r.coach_name, r.coach_avatar)),
  );
}

export async function coachesByIds(ids: number[]): Promise<CoachCard[]> {
  if (!ids.length) return [];
  const rows = await db()
    .select(coachCols)
    .from(coaches)
    .where(and(eq(coaches.status, 1), inArray(coaches.id, ids)));
  return inOrder(ids, rows.map(coachCard));
}

export async function goodsByIds(ids: number[]): Promise<GoodsItem[]> {
  if (!ids.length) return [];
  const rows = await db()
    .select({ g: goodsCols, shopName: shops.name })
    .from(goods)
    .innerJoin(shops, eq(shops.id, goods.shopId))
    .where(and(eq(goods.status, 1), inArray(goods.id, ids)));
  return inOrder(
    ids,
    rows.map((r) => goodsItem(r.g, r.shopName)),
  );
}

export async function shopsByIds(ids: number[]): Promise<ShopCard[]> {
  if (!ids.length) return [];
  const rows = await db()
    .select(shopCols)
    .from(shops)
    .where(and(eq(shops.status, 1), inArray(shops.id, ids)));
  return inOrder(ids, rows.map(shopCard));
}
