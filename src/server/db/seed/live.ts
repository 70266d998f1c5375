import { count, eq, inArray } from 'drizzle-orm';
import { db } from '../index';
import { coaches, liveRooms, shops, users } from '../schema';
import { ensureRoom } from '../../modules/live/rooms.service';

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
  if (coach) made += Number(Boolean(await ensureRoom({ kind: 'coach', ...coach }, coach.userId)));
  if (shop) made += Number(Boolean(await ensureRoom({ kind: 'shop', ...shop }, shop.userId)));
  return made;
}
