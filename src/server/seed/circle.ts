import { count, eq, inArray, sql } from 'drizzle-orm';
import { db } from '../db/index';
import { circleHome } from '~/lib/rules/circle';
import { circleComments, circleLikes, circlePosts, coaches, users } from '../db/schema';
import { storage } from '../providers/storage';
import { paletteAt, photoSvg } from './art';

/**
 * 功夫圈 demo posts: the demo member, coach and shop and a few seeded coaches share
 * training notes over the last days, with pictures, likes, comments and a reply — only when the
 * circle is empty.
 */
const POSTS: { phone: string; hoursAgo: number; content: string; pics?: [string, string][]; tags?: string[]; city?: string }[] = [
  {
    phone: '13800000002',
    hoursAgo: 2,
    content: '今天晨练带学员站桩二十分钟，大家进步很明显。太极讲究“松而不懈”，站桩时膝盖不要超过脚尖，呼吸自然下沉。',
    pics: [
      ['晨练站桩', '陈氏太极'],
      ['推手练习', '以柔克刚'],
      ['收势', '心静体松'],
    ],
    tags: ['太极拳', '站桩'],
    city: '北京',
  },
  {
    phone: '13800000001',
    hoursAgo: 5,
    content: '跟着陈师傅的课程练了一个月，腰腿终于不那么僵了！打卡第 30 天！@陈师傅',
    tags: ['打卡'],
    city: '北京',
  },
  {
    phone: '13800000003',
    hoursAgo: 9,
    content: '新到一批纯棉练功服，透气吸汗，适合夏天晨练。店里会员下单满 199 包邮，详情见店铺主页。',
    pics: [['练功服上新', '纯棉 · 透气']],
    tags: ['练功服'],
    city: '上海',
  },
  {
    phone: '13800000102',
    hoursAgo: 20,
    content: '咏春小念头是一切的基础，每天一遍，慢就是快。分享一段学员的练习心得：https://example.com/wingchun-notes',
    pics: [
      ['小念头', '咏春基础'],
      ['黐手', '感觉训练'],
    ],
    tags: ['咏春'],
    city: '佛山',
  },
  {
    phone: '13800000103',
    hoursAgo: 30,
    content: '周末公园免费教防身术基础：步法、格挡和脱困。欢迎附近的朋友一起来，自带水就行。',
    tags: ['防身术'],
    city: '上海',
  },
  {
    phone: '13800000001',
    hoursAgo: 50,
    content: '第一次参加武术比赛，虽然没拿名次，但收获很大。感谢一路陪练的师兄们！',
    pics: [
      ['赛场', '青少年组'],
      ['合影', '师兄弟'],
      ['证书', '参赛纪念'],
      ['场馆', '市体育馆'],
    ],
    city: '北京',
  },
  {
    phone: '13800000104',
    hoursAgo: 75,
    content: '少林基本功要点：弓步、马步、仆步都要“站得住、落得稳”。每天压腿十分钟，三个月后再看变化。',
    tags: ['少林拳', '基本功'],
    city: '郑州',
  },
];

const COMMENTS: { post: number; phone: string; content: string; replyTo?: number }[] = [
  { post: 0, phone: '13800000001', content: '师傅讲得太清楚了，明早继续！' },
  { post: 0, phone: '13800000003', content: '练功服已备好，欢迎来店里看看～' },
  { post: 0, phone: '13800000002', content: '坚持就有收获，加油！', replyTo: 0 },
  { post: 1, phone: '13800000002', content: '进步很快，下个月开始学推手。' },
  { post: 5, phone: '13800000103', content: '重在参与，下次一定能拿名次！' },
];

export async function seedCircle(): Promise<number> {
  const [have] = await db().select({ n: count() }).from(circlePosts);
  if (have?.n) return 0;
  const phones = [...new Set([...POSTS.map((p) => p.phone), ...COMMENTS.map((c) => c.phone)])];
  const who = new Map(
    (await db().select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.phone, phones))).map((u) => [u.phone, u.id]),
  );
  const [chen] = await db()
    .select({ id: coaches.id })
    .from(coaches)
    .where(eq(coaches.userId, who.get('13800000002') ?? 0));
  const ids: number[] = [];
  for (const [i, p] of POSTS.entries()) {
    const userId = who.get(p.phone);
    if (!userId) continue;
    const images: string[] = [];
    for (const [j, [title, label]] of (p.pics ?? []).entries())
      images.push(
        await storage().put(`seed/circle-${i + 1}-${j + 1}.svg`, Buffer.from(photoSvg(title, label, paletteAt(i + j))), 'image/svg+xml'),
      );
    const [row] = await db()
      .insert(circlePosts)
      .values({
        userId,
        content: p.content,
        images,
        tags: p.tags ?? [],
        city: p.city ?? '',
        mentions: p.content.includes('@陈师傅') && chen ? [{ nick: '陈师傅', home: circleHome('coach', chen.id) }] : [],
        createdAt: sql`now() - ${`${p.hoursAgo} hours`}::interval`,
      })
      .returning({ id: circlePosts.id });
    if (row) ids.push(row.id);
  }
  const commentIds: number[] = [];
  for (const c of COMMENTS) {
    const postId = ids[c.post];
    const userId = who.get(c.phone);
    if (!postId || !userId) continue;
    const parent = c.replyTo === undefined ? undefined : commentIds[c.replyTo];
    const [parentRow] = parent ? await db().select().from(circleComments).where(eq(circleComments.id, parent)) : [];
    const [row] = await db()
      .insert(circleComments)
      .values({ postId, userId, content: c.content, parentId: parentRow?.id ?? null, replyToUserId: parentRow?.userId ?? null })
      .returning({ id: circleComments.id });
    if (row) commentIds.push(row.id);
  }
  // Likes from every seeded author on the posts of others; counts kept with the rows.
  for (const postId of ids) {
    const [post] = await db().select({ userId: circlePosts.userId }).from(circlePosts).where(eq(circlePosts.id, postId));
    const likers = [...who.values()].filter((u) => u !== post?.userId).slice(0, (postId % 4) + 1);
    if (likers.length)
      await db()
        .insert(circleLikes)
        .values(likers.map((userId) => ({ postId, userId })));
  }
  await db().execute(sql`update circle_posts p set
    likes = (select count(*) from circle_likes l where l.post_id = p.id),
    comments = (select count(*) from circle_comments c where c.post_id = p.id and c.status = 1)`);
  return ids.length;
}
