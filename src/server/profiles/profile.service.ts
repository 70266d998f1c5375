import { eq } from 'drizzle-orm';
import type { CoachIndex, ShopIndex } from '~/lib/api/contract/catalogue-social';
import { db } from '../db';
import { coaches, shops } from '../db/schema';
import { coachInfo, shopInfo } from '../modules/catalogue/social.service';
import { classPage, coursePage } from '../modules/catalogue/training.service';
import { agentGoodsPage, goodsPage } from '../modules/catalogue/shop.service';
import { homepageLive } from '../modules/live/playback.service';
import { agentCoursesPage } from '../modules/seller/agency.service';
import { bannersOf } from '../modules/seller/settings.service';

/**
 * The coach and shop homepages: a composition of the catalogue (profile, courses, goods), the live
 * domain (the room on air or the last playback) and the seller area (banners, agency picks). It sits
 * above all three so none of them imports another for it (module order: composition).
 */

/** /api/coach/public/indexInfo: the coach homepage in one call. */
export async function coachIndex(coachId: number, viewerId: number | null): Promise<CoachIndex> {
  const info = await coachInfo(coachId, viewerId);
  const [courseList, classList, agent, extras] = await Promise.all([
    coursePage({ coachId, page: 1, limit: 8 }),
    classPage({ coachId, page: 1, limit: 6 }),
    agentGoodsPage('coach', coachId, 1, 8),
    homepageExtras({ type: 'coach', id: coachId }),
  ]);
  const live = await homepageLive('coach', coachId, viewerId);
  return { info, courses: courseList.list, classes: classList.list, goods: agent.list, ...extras, live };
}

/** /api/shop/public/indexInfo: the shop homepage in one call. */
export async function shopIndex(shopId: number, viewerId: number | null): Promise<ShopIndex> {
  const info = await shopInfo(shopId, viewerId);
  const [goodsList, courseList, agent, extras] = await Promise.all([
    goodsPage({ shopId, page: 1, limit: 12 }),
    coursePage({ shopId, page: 1, limit: 8 }),
    agentGoodsPage('shop', shopId, 1, 8),
    homepageExtras({ type: 'shop', id: shopId }),
  ]);
  const live = await homepageLive('shop', shopId, viewerId);
  return { info, goods: goodsList.list, courses: courseList.list, agent_goods: agent.list, ...extras, live };
}

/** Banners, picked courses, labels and contact of a homepage (set in the management areas); the caller has loaded the profile. */
async function homepageExtras(o: { type: 'coach' | 'shop'; id: number }) {
  const table = o.type === 'coach' ? coaches : shops;
  const [banners, agentCourses, [row]] = await Promise.all([
    bannersOf(o),
    agentCoursesPage(o.type, o.id, 1, 8),
    db()
      .select({ phone: table.phone, wechat: table.wechat, labels: o.type === 'coach' ? coaches.styles : shops.labels })
      .from(table)
      .where(eq(table.id, o.id)),
  ]);
  return {
    banners,
    agent_courses: agentCourses.list,
    labels: row?.labels ?? [],
    contact: { phone: row?.phone ?? '', wechat: row?.wechat ?? '' },
  };
}
