import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { CoachSettings, ShopSettings } from '~/lib/api/contract/seller-shop';
import { BANNER_MAX, SELLER_TEXTS as S } from '~/lib/rules/seller-shop';
import { Identity } from '~/lib/rules/roles';
import { db } from '../../db';
import { coaches, homepageBanners, shops } from '../../db/schema';
import { invalidate } from '../../cache';
import { invalidatePages } from '../../edge/page-cache';
import { notFound, refuse } from '../../http/errors';
import type { SessionUser } from '../../http/context';
import { syncChatAccount } from '../../providers/im/account-sync';
import { normaliseStoredPath } from '../../providers/storage';
import { coachIdOf, shopIdOf } from '../catalogue/owner';

/** Who a seller sells as: their coach profile (identity 2) or their shop (identity 1). */
export interface Owner {
  type: 'coach' | 'shop';
  id: number;
}

/** The caller's own homepage owner, from the session (never from the body). */
export async function ownerOf(user: Pick<SessionUser, 'id' | 'identity'>): Promise<Owner> {
  return user.identity === Identity.COACH ? { type: 'coach', id: await coachIdOf(user.id) } : { type: 'shop', id: await shopIdOf(user.id) };
}

/** The public homepage of an owner. */
export const anchorOf = (o: Owner): string => `/anchor?type=${o.type === 'coach' ? 'coach' : 'mechant'}&id=${o.id}`;

/** After any change the public pages show: catalogue caches and kept guest pages. */
export function publicChanged(): void {
  invalidate('catalogue:');
  invalidatePages();
}

/** An image path as stored, or a refusal (only our own uploads and bundled images). */
export function storedImage(path: string, required: string | null = null): string {
  const p = normaliseStoredPath(path);
  if (p === null) throw refuse(S.badImage);
  if (!p && required) throw refuse(required);
  return p;
}

/* ---------- settings ---------- */

type ShopRow = typeof shops.$inferSelect;
type CoachRow = typeof coaches.$inferSelect;

function shopSettings(s: Pick<ShopRow, 'id' | 'name' | 'logo' | 'cover' | 'intro' | 'city' | 'labels' | 'phone' | 'wechat'>): ShopSettings {
  return {
    id: s.id,
    name: s.name,
    avatar: s.logo,
    cover: s.cover,
    intro: s.intro,
    city: s.city,
    labels: s.labels,
    phone: s.phone,
    wechat: s.wechat,
    anchor: anchorOf({ type: 'shop', id: s.id }),
  };
}

function coachSettings(
  c: Pick<CoachRow, 'id' | 'name' | 'avatar' | 'cover' | 'intro' | 'city' | 'styles' | 'phone' | 'wechat' | 'title' | 'years'>,
): CoachSettings {
  return {
    id: c.id,
    name: c.name,
    avatar: c.avatar,
    cover: c.cover,
    intro: c.intro,
    city: c.city,
    labels: c.styles,
    phone: c.phone,
    wechat: c.wechat,
    title: c.title,
    years: c.years,
    anchor: anchorOf({ type: 'coach', id: c.id }),
  };
}

const shopCols = {
  id: shops.id,
  name: shops.name,
  logo: shops.logo,
  cover: shops.cover,
  intro: shops.intro,
  city: shops.city,
  labels: shops.labels,
  phone: shops.phone,
  wechat: shops.wechat,
};
const coachCols = {
  id: coaches.id,
  name: coaches.name,
  avatar: coaches.avatar,
  cover: coaches.cover,
  intro: coaches.intro,
  city: coaches.city,
  styles: coaches.styles,
  phone: coaches.phone,
  wechat: coaches.wechat,
  title: coaches.title,
  years: coaches.years,
};

/** /api/shop/setInfo */
export async function shopSetInfo(userId: number): Promise<ShopSettings> {
  const [s] = await db()
    .select(shopCols)
    .from(shops)
    .where(eq(shops.id, await shopIdOf(userId)));
  if (!s) throw notFound('店铺不存在');
  return shopSettings(s);
}

export interface SettingsInput {
  name: string;
  avatar: string;
  cover: string;
  intro: string;
  city: string;
  labels: string[];
  phone: string;
  wechat: string;
}

/** /api/shop/setInfoSave: one UPDATE of the caller's own shop; the public pages show it at once. */
export async function shopSetInfoSave(userId: number, input: SettingsInput): Promise<ShopSettings> {
  const shopId = await shopIdOf(userId);
  const [s] = await db()
    .update(shops)
    .set({
      name: input.name,
      logo: storedImage(input.avatar),
      cover: storedImage(input.cover),
      intro: input.intro,
      city: input.city,
      labels: input.labels,
      phone: input.phone,
      wechat: input.wechat,
    })
    .where(eq(shops.id, shopId))
    .returning(shopCols);
  if (!s) throw notFound('店铺不存在');
  publicChanged();
  syncChatAccount({ id: userId });
  return shopSettings(s);
}

/** /api/coach/setInfo */
export async function coachSetInfo(userId: number): Promise<CoachSettings> {
  const [c] = await db()
    .select(coachCols)
    .from(coaches)
    .where(eq(coaches.id, await coachIdOf(userId)));
  if (!c) throw notFound('教练不存在');
  return coachSettings(c);
}

/** /api/coach/setInfoSave: the caller's own coach profile. */
export async function coachSetInfoSave(userId: number, input: SettingsInput & { title: string; years: number }): Promise<CoachSettings> {
  const coachId = await coachIdOf(userId);
  const [c] = await db()
    .update(coaches)
    .set({
      name: input.name,
      avatar: storedImage(input.avatar),
      cover: storedImage(input.cover),
      intro: input.intro,
      city: input.city,
      styles: input.labels,
      phone: input.phone,
      wechat: input.wechat,
      title: input.title,
      years: input.years,
    })
    .where(eq(coaches.id, coachId))
    .returning(coachCols);
  if (!c) throw notFound('教练不存在');
  publicChanged();
  // The name is the coach's public name in chat too (Tencent IM keeps its own copy).
  syncChatAccount({ id: userId });
  return coachSettings(c);
}

/* ---------- banners ---------- */

export interface BannerRow {
  id: number;
  image: string;
  link: string;
  sort: number;
}

const ownBanners = (o: Owner) => and(eq(homepageBanners.ownerType, o.type), eq(homepageBanners.ownerId, o.id));

/** An owner's banners in display order (also what /anchor shows). */
export function bannersOf(o: Owner): Promise<BannerRow[]> {
  return db()
    .select({ id: homepageBanners.id, image: homepageBanners.image, link: homepageBanners.link, sort: homepageBanners.sort })
    .from(homepageBanners)
    .where(ownBanners(o))
    .orderBy(asc(homepageBanners.sort), asc(homepageBanners.id));
}

export async function bannerList(user: SessionUser): Promise<{ max: number; list: BannerRow[] }> {
  return { max: BANNER_MAX, list: await bannersOf(await ownerOf(user)) };
}

/**
 * Adds a banner at the end, or changes one of the caller's own (another owner's id is "not
 * found"). The count check and the insert share a transaction that first locks the owner's row,
 * so two simultaneous adds cannot pass the limit together.
 */
export async function bannerSave(user: SessionUser, input: { id?: number | undefined; image: string; link: string }) {
  const o = await ownerOf(user);
  const image = storedImage(input.image, S.bannerImage);
  await db().transaction(async (tx) => {
    const table = o.type === 'coach' ? coaches : shops;
    await tx.select({ id: table.id }).from(table).where(eq(table.id, o.id)).for('update');
    if (input.id) {
      const done = await tx
        .update(homepageBanners)
        .set({ image, link: input.link })
        .where(and(eq(homepageBanners.id, input.id), ownBanners(o)))
        .returning({ id: homepageBanners.id });
      if (!done.length) throw notFound('轮播图不存在');
      return;
    }
    const [n] = await tx
      .select({ n: count(), last: sql<number>`coalesce(max(${homepageBanners.sort}), 0)::int` })
      .from(homepageBanners)
      .where(ownBanners(o));
    if ((n?.n ?? 0) >= BANNER_MAX) throw refuse(S.bannerFull);
    await tx.insert(homepageBanners).values({ ownerType: o.type, ownerId: o.id, image, link: input.link, sort: (n?.last ?? 0) + 1 });
  });
  publicChanged();
  return { max: BANNER_MAX, list: await bannersOf(o) };
}

export async function bannerDelete(user: SessionUser, id: number) {
  const o = await ownerOf(user);
  const gone = await db()
    .delete(homepageBanners)
    .where(and(eq(homepageBanners.id, id), ownBanners(o)))
    .returning({ id: homepageBanners.id });
  if (!gone.length) throw notFound('轮播图不存在');
  publicChanged();
  return { max: BANNER_MAX, list: await bannersOf(o) };
}

/** Orders the caller's banners as `ids`, which must be exactly their banners (else nothing changes). */
export async function bannerSort(user: SessionUser, ids: number[]) {
  const o = await ownerOf(user);
  await db().transaction(async (tx) => {
    const mine = await tx.select({ id: homepageBanners.id }).from(homepageBanners).where(ownBanners(o)).for('update');
    const set = new Set(mine.map((b) => b.id));
    if (ids.length !== set.size || new Set(ids).size !== ids.length || ids.some((id) => !set.has(id))) throw refuse(S.bannerSortMismatch);
    for (const [i, id] of ids.entries()) {
      await tx
        .update(homepageBanners)
        .set({ sort: i + 1 })
        .where(and(eq(homepageBanners.id, id), ownBanners(o)));
    }
  });
  publicChanged();
  return { max: BANNER_MAX, list: await bannersOf(o) };
}
