import { and, count, eq, inArray } from 'drizzle-orm';
import { db } from '../index';
import { coaches, courses, liveGifts, liveNotices, liveRooms, shops, users } from '../schema';
import { ensureRoom } from '../../modules/live/rooms.service';

/** The starter gift catalogue (operators edit it at /admin/live/gifts). */
const GIFTS = [
  { name: '点赞', icon: '/imgs/live/gift-like.svg', coins: 1, sort: 10 },
  { name: '鲜花', icon: '/imgs/live/gift-flower.svg', coins: 2, sort: 20 },
  { name: '功夫茶', icon: '/imgs/live/gift-tea.svg', coins: 10, sort: 30 },
  { name: '金腰带', icon: '/imgs/live/gift-belt.svg', coins: 66, sort: 40 },
  { name: '奖杯', icon: '/imgs/live/gift-trophy.svg', coins: 188, sort: 50 },
  { name: '神龙', icon: '/imgs/live/gift-dragon.svg', coins: 520, sort: 60 },
];

/**
 * Live demo data (issue 15): the demo coach's and the demo shop's rooms, idle until someone pushes
 * (a playable broadcast needs a real stream: README "Live"). Only when no room exists yet.
 */
export async function seedLive(): Promise<number> {
  const [rooms] = await db().select({ n: count() }).from(liveRooms);
  if (rooms?.n) return 0;
  const [coach] = await db()
    .select({ id: coaches.id, userId: coaches.userId, nick: coaches.name, avatar: coaches.avatar })
    .from(coaches)
    .innerJoin(users, eq(users.id, coaches.userId))
    .where(inArray(users.phone, ['13800000002']));
  const [shop] = await db()
    .select({ id: shops.id, userId: shops.userId, nick: shops.name, avatar: shops.logo })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(inArray(users.phone, ['13800000003']));
  let made = 0;
  const [gifts] = await db().select({ n: count() }).from(liveGifts);
  if (!gifts?.n)
    await db()
      .insert(liveGifts)
      .values(GIFTS.map((g) => ({ ...g, animation: g.icon })));
  if (coach) {
    const room = await ensureRoom({ kind: 'coach', ...coach }, coach.userId);
    made += 1;
    // The coach's courses on the shelf, and tomorrow evening's broadcast announced.
    const shelf = await db()
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.coachId, coach.id), eq(courses.status, 1)))
      .limit(3);
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    tomorrow.setUTCHours(12, 0, 0, 0); // 20:00 in Beijing
    await db()
      .update(liveRooms)
      .set({ category: '武术教学', shelf: shelf.map((c) => ({ type: 'course' as const, id: c.id })) })
      .where(eq(liveRooms.id, room.id));
    await db().insert(liveNotices).values({
      roomId: room.id,
      title: '太极拳基础二十四式 · 直播教学',
      intro: '从起势到收势，一招一式讲清楚，欢迎提问。',
      cover: room.cover,
      startAt: tomorrow,
    });
  }
  if (shop) made += Number(Boolean(await ensureRoom({ kind: 'shop', ...shop }, shop.userId)));
  return made;
}
