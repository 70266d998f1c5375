import { and, count, eq, inArray } from 'drizzle-orm';
import type { LIVE_CATEGORIES } from '~/lib/rules/live';
import { db } from '../db/index';
import { coaches, courses, goods, liveBookings, liveGifts, liveNotices, liveRooms, liveSessions, shops, users } from '../db/schema';
import { ensureRoom } from '../modules/live/room-owner';
import { storage } from '../providers/storage';
import { liveCoverSvg, paletteAt } from './art';
import { COACHES, SHOPS } from './data/catalogue';

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
 * The recording every seeded playback plays: a real 10 s 640×360 H.264/AAC MP4 (faststart) shipped
 * in public/ like the lesson video. Made with
 * `ffmpeg -f lavfi -i testsrc2=size=640x360:rate=25 -f lavfi -i sine=frequency=330 -t 10 -c:v libx264
 *  -preset veryslow -crf 34 -pix_fmt yuv420p -g 75 -c:a aac -ac 1 -b:a 32k -movflags +faststart`.
 */
export const PLAYBACK_VIDEO = '/media/live-playback-demo.mp4';
const PLAYBACK_VIDEO_S = 10;

type Category = (typeof LIVE_CATEGORIES)[number];
interface RoomPlan {
  title: string;
  category: Category;
  /** 直播预告: in `days` at `hour` (Beijing), booked by the members at these BOOKERS indexes. */
  notice?: { title: string; intro: string; days: number; hour: number; bookers: number[] };
  /** Past broadcasts with their recording: `days` ago at `hour` (Beijing). */
  playbacks?: { title: string; days: number; hour: number; likes: number; peak: number }[];
}

/**
 * Each coach's and shop's room, by its index in COACHES / SHOPS. Titles and categories match what
 * members look for (the live search placeholder, live_search_keyword, is 咏春).
 */
const COACH_ROOMS: RoomPlan[] = [
  {
    title: '陈式太极拳老架一路 · 直播课',
    category: '武术教学',
    notice: {
      title: '太极拳基础二十四式 · 直播教学',
      intro: '从起势到收势，一招一式讲清楚，欢迎提问。',
      days: 1,
      hour: 20,
      bookers: [1, 2],
    },
    playbacks: [{ title: '太极推手入门 · 听劲与化劲', days: 3, hour: 20, likes: 326, peak: 58 }],
  },
  {
    title: '咏春小念头 · 黐手实战讲解',
    category: '武术教学',
    notice: {
      title: '咏春寻桥 · 转马与摊膀手',
      intro: '佛山拳馆现场连线，讲解寻桥的转马和桥手变化。',
      days: 1,
      hour: 19,
      bookers: [0, 2, 3],
    },
    playbacks: [
      { title: '咏春小念头全套跟练', days: 2, hour: 20, likes: 812, peak: 136 },
      { title: '咏春黐手 · 单黐手基础', days: 6, hour: 19, likes: 455, peak: 87 },
    ],
  },
  {
    title: '散打组合拳与步法训练',
    category: '武术教学',
    playbacks: [{ title: '散打步法 · 前后滑步与侧闪', days: 4, hour: 21, likes: 201, peak: 44 }],
  },
  {
    title: '少林小洪拳基本功跟练',
    category: '武术教学',
    notice: { title: '少林棍术 · 舞花与劈棍', intro: '准备一根齐眉棍，跟着练三个基础动作。', days: 2, hour: 20, bookers: [0] },
  },
  { title: '八极拳六大开发力原理', category: '武术教学' },
  {
    title: '形意五行拳 · 站桩养生',
    category: '功法养生',
    notice: { title: '三体式站桩 · 二十分钟跟练', intro: '适合久坐上班族，站桩前后各有放松动作。', days: 3, hour: 7, bookers: [1] },
  },
  { title: '截拳道实用防身技巧', category: '武术教学' },
  {
    title: '二十四式太极拳晨练',
    category: '功法养生',
    playbacks: [{ title: '二十四式太极拳 · 晨练完整版', days: 1, hour: 7, likes: 268, peak: 73 }],
  },
  { title: '少儿武术趣味课堂', category: '武术教学' },
  { title: '八卦掌走转换掌精讲', category: '武术教学' },
  {
    title: '咏春女子防身课',
    category: '武术教学',
    notice: {
      title: '咏春女子防身 · 摆脱抓腕',
      intro: '三个简单有效的摆脱动作，女生也能轻松学会。',
      days: 4,
      hour: 20,
      bookers: [0, 1, 3],
    },
    playbacks: [{ title: '咏春木人桩第一节', days: 5, hour: 20, likes: 390, peak: 66 }],
  },
  { title: '散打体能与柔韧拉伸', category: '功法养生' },
];
const SHOP_ROOMS: RoomPlan[] = [
  {
    title: '武当太极剑选购指南',
    category: '好物推荐',
    playbacks: [{ title: '太极服面料怎么选', days: 2, hour: 15, likes: 133, peak: 29 }],
  },
  { title: '少林练功服与棍术器械', category: '器械讲解' },
  {
    title: '咏春木人桩开箱与安装',
    category: '器械讲解',
    notice: {
      title: '咏春木人桩定制 · 木料与尺寸',
      intro: '老师傅现场讲解木人桩的木料、尺寸和安装方式。',
      days: 2,
      hour: 15,
      bookers: [0, 2],
    },
  },
  { title: '拳套护具怎么选', category: '好物推荐' },
  { title: '太极扇入门与养生书单', category: '功法养生' },
  { title: '千层底功夫鞋手工制作', category: '好物推荐' },
  { title: '武术经典拳谱共读', category: '其他' },
  { title: '传统兵器锻造与开刃讲解', category: '器械讲解' },
];

/** Members who book the seeded notices (demo member, provider, two coaches), by phone. */
const BOOKERS = ['13800000001', '13800000004', '13800000105', '13800000108'];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** `days` from today at `hour`:00 Beijing time (8 h ahead of UTC), as a moment. */
function beijing(days: number, hour: number, now: number): number {
  const bj = new Date(now + 8 * HOUR);
  return Date.UTC(bj.getUTCFullYear(), bj.getUTCMonth(), bj.getUTCDate() + days, hour - 8);
}

/** A notice at least 3 h ahead, so a broadcast started now (a test, a demo) never starts it early. */
function ahead(days: number, hour: number, now: number): Date {
  let t = beijing(days, hour, now);
  while (t < now + 3 * HOUR) t += DAY;
  return new Date(t);
}

/** A past broadcast's start, at least an hour ago. */
function ago(days: number, hour: number, now: number): Date {
  let t = beijing(-days, hour, now);
  while (t > now - HOUR) t -= DAY;
  return new Date(t);
}

interface Anchor {
  kind: 'coach' | 'shop';
  id: number;
  userId: number;
  nick: string;
  avatar: string;
  plan: RoomPlan;
  index: number;
}

/** The seeded coaches and shops with their room plans (those whose account exists). */
async function anchors(): Promise<Anchor[]> {
  const [cs, ss] = await Promise.all([
    db()
      .select({ id: coaches.id, userId: coaches.userId, nick: coaches.name, avatar: coaches.avatar, phone: users.phone })
      .from(coaches)
      .innerJoin(users, eq(users.id, coaches.userId))
      .where(
        inArray(
          users.phone,
          COACHES.map((c) => c.phone),
        ),
      ),
    db()
      .select({ id: shops.id, userId: shops.userId, nick: shops.name, avatar: shops.logo, phone: users.phone })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.userId))
      .where(
        inArray(
          users.phone,
          SHOPS.map((s) => s.phone),
        ),
      ),
  ]);
  const list: Anchor[] = [];
  for (const [i, c] of COACHES.entries()) {
    const row = cs.find((r) => r.phone === c.phone);
    const plan = COACH_ROOMS[i];
    if (row && plan) list.push({ kind: 'coach', ...row, plan, index: i });
  }
  for (const [i, s] of SHOPS.entries()) {
    const row = ss.find((r) => r.phone === s.phone);
    const plan = SHOP_ROOMS[i];
    if (row && plan) list.push({ kind: 'shop', ...row, plan, index: i });
  }
  return list;
}

/** The anchor's first items on sale for the room's shelf: a coach's courses, a shop's goods. */
async function shelfOf(a: Anchor): Promise<{ type: 'goods' | 'course'; id: number }[]> {
  if (a.kind === 'coach') {
    const rows = await db()
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.coachId, a.id), eq(courses.status, 1)))
      .orderBy(courses.id)
      .limit(3);
    return rows.map((r) => ({ type: 'course' as const, id: r.id }));
  }
  const rows = await db()
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.shopId, a.id), eq(goods.status, 1)))
    .orderBy(goods.id)
    .limit(4);
  return rows.map((r) => ({ type: 'goods' as const, id: r.id }));
}

/**
 * Live demo data: a room for every coach and shop (title, cover, category, shelf),
 * upcoming notices with bookings, and past broadcasts whose recording plays (PLAYBACK_VIDEO).
 * Nothing is on air: a live room needs a real stream (README "Live"), and a room marked live
 * without one would be ended by the reconciliation anyway. Fills what is missing: a room that
 * exists is left as its anchor set it; notices and playbacks come only with a room made here.
 */
export async function seedLive(): Promise<number> {
  const [gifts] = await db().select({ n: count() }).from(liveGifts);
  if (!gifts?.n)
    await db()
      .insert(liveGifts)
      .values(GIFTS.map((g) => ({ ...g, animation: g.icon })));

  const all = await anchors();
  const existing = await db().select({ kind: liveRooms.ownerKind, id: liveRooms.ownerId }).from(liveRooms);
  const had = new Set(existing.map((r) => `${r.kind}:${r.id}`));
  const bookers = await db().select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.phone, BOOKERS));
  const bookerId = (i: number) => bookers.find((b) => b.phone === BOOKERS[i])?.id;
  const now = Date.now();
  let made = 0;
  // Made last to first, shops before coaches: the lists show rooms by last activity, so the demo
  // coach's and the demo shop's rooms come first.
  const missing = all
    .filter((x) => !had.has(`${x.kind}:${x.id}`))
    .sort((x, y) => (x.kind === y.kind ? y.index - x.index : x.kind === 'shop' ? -1 : 1));
  for (const a of missing) {
    const room = await ensureRoom(a, a.userId);
    made++;
    const { plan } = a;
    const art = (key: string, title: string, n: number) =>
      storage().put(
        `seed/live-${a.kind}-${a.index + 1}${key}.svg`,
        Buffer.from(liveCoverSvg(title, `${plan.category} · ${a.nick}`, paletteAt(a.index + n + (a.kind === 'coach' ? 1 : 5)))),
        'image/svg+xml',
      );
    const cover = await art('', plan.title, 0);
    await db()
      .update(liveRooms)
      .set({ title: plan.title, cover, category: plan.category, shelf: await shelfOf(a) })
      .where(eq(liveRooms.id, room.id));

    if (plan.notice) {
      const n = plan.notice;
      const who = n.bookers.flatMap((i) => bookerId(i) ?? []).filter((id) => id !== a.userId);
      const [notice] = await db()
        .insert(liveNotices)
        .values({
          roomId: room.id,
          title: n.title,
          intro: n.intro,
          cover: await art('-notice', n.title, 1),
          startAt: ahead(n.days, n.hour, now),
          bookings: who.length,
        })
        .returning({ id: liveNotices.id });
      if (notice && who.length)
        await db()
          .insert(liveBookings)
          .values(who.map((userId) => ({ noticeId: notice.id, userId })));
    }
    for (const [i, p] of (plan.playbacks ?? []).entries()) {
      const startedAt = ago(p.days, p.hour, now);
      // The recording's poster: a frame would be the test pattern, so the broadcast's own cover.
      const poster = await art(`-playback-${i + 1}`, p.title, i + 2);
      await db()
        .insert(liveSessions)
        .values({
          roomId: room.id,
          title: p.title,
          cover,
          poster,
          startedAt,
          endedAt: new Date(startedAt.getTime() + PLAYBACK_VIDEO_S * 1000),
          durationS: PLAYBACK_VIDEO_S,
          peakViewers: p.peak,
          likes: p.likes,
          recordStatus: 'ready',
          recordUrl: PLAYBACK_VIDEO,
          createdAt: startedAt,
        });
    }
  }
  return made;
}
