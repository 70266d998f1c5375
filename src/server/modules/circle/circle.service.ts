import { and, count, desc, eq, inArray, lt, lte, sql, sum, type SQL } from 'drizzle-orm';
import type { CirclePost, CircleProfile } from '~/lib/api/contract/circle';
import { CIRCLE_RANK, CIRCLE_TEXTS, type CircleTab } from '~/lib/rules/circle';
import { db } from '../../db';
import { circleLikes, circlePosts, coaches, courseAccess, courses, follows, shops, users } from '../../db/schema';
import { likeOf, searchMatch } from '../catalogue/listing';
import { notFound, refuse } from '../../http/errors';
import { authors, missingAuthor, POST, shownPost, viewOf, views, type PostRow } from './circle.views';

/** 功夫圈 reads: the feed (latest, city, following, recommended), search, one post, a homepage's head. */

export async function feed(
  p: {
    tab: CircleTab;
    city?: string | undefined;
    user_id?: number | undefined;
    cursor?: number | undefined;
    before?: number | undefined;
    limit: number;
  },
  viewer: number | null,
): Promise<{ list: CirclePost[]; next_cursor: number | null }> {
  if (p.tab === 'rec' && !p.user_id) return recommended(p, viewer);
  const conds: (SQL | undefined)[] = [eq(circlePosts.status, 1)];
  if (p.cursor) conds.push(lt(circlePosts.id, p.cursor));
  if (p.user_id) conds.push(eq(circlePosts.userId, p.user_id));
  if (p.tab === 'city') {
    if (!p.city) throw refuse(CIRCLE_TEXTS.cityNeeded);
    conds.push(eq(circlePosts.city, p.city));
  }
  if (p.tab === 'following') {
    if (!viewer) return { list: [], next_cursor: null };
    // Coaches and shops are followed by profile; their posts are their owners' posts.
    conds.push(
      sql`${circlePosts.userId} in (
        select c.user_id from follows f join coaches c on f.target_type = 'coach' and c.id = f.target_id where f.user_id = ${viewer}
        union select s.user_id from follows f join shops s on f.target_type = 'shop' and s.id = f.target_id where f.user_id = ${viewer})`,
    );
  }
  const rows = await db()
    .select(POST)
    .from(circlePosts)
    .where(and(...conds))
    .orderBy(desc(circlePosts.id))
    .limit(p.limit + 1);
  const more = rows.length > p.limit;
  const page = rows.slice(0, p.limit);
  return { list: await views(page, viewer), next_cursor: more ? (page.at(-1)?.id ?? null) : null };
}

/**
 * 推荐: the newest CIRCLE_RANK.window shown posts (at or under `before`, the first page's newest
 * id, so posts published meanwhile do not shift the pages) ranked by CIRCLE_RANK's score; the
 * cursor is how many ranked posts were read. Ties go to the newer post.
 */
async function recommended(p: { cursor?: number | undefined; before?: number | undefined; limit: number }, viewer: number | null) {
  const offset = p.cursor ?? 0;
  if (offset >= CIRCLE_RANK.window) return { list: [], next_cursor: null };
  const window = db()
    .select(POST)
    .from(circlePosts)
    .where(and(eq(circlePosts.status, 1), p.before ? lte(circlePosts.id, p.before) : undefined))
    .orderBy(desc(circlePosts.id))
    .limit(CIRCLE_RANK.window)
    .as('w');
  const score = sql`(1 + ${window.likes} + ${CIRCLE_RANK.commentWeight} * ${window.comments})
    / power(extract(epoch from (now() - ${window.createdAt})) / 3600 + ${CIRCLE_RANK.offsetHours}, ${CIRCLE_RANK.gravity})`;
  const take = Math.min(p.limit, CIRCLE_RANK.window - offset);
  const rows = await db()
    .select()
    .from(window)
    .orderBy(desc(score), desc(window.id))
    .limit(take + 1)
    .offset(offset);
  const more = rows.length > take && offset + take < CIRCLE_RANK.window;
  const page = rows.slice(0, take) as PostRow[];
  return { list: await views(page, viewer), next_cursor: more ? offset + take : null };
}

/**
 * /friendSearch: posts whose text holds the key (the catalogue's token index: every character or
 * pair of the key, then ILIKE for longer keys) or whose author's name does, newest first, id
 * cursor. The two are read apart — each from its own index, newest first — and merged, so a key
 * that matches nothing costs two index lookups, not a scan of the circle.
 */
export async function search(p: { q: string; cursor?: number | undefined; limit: number }, viewer: number | null) {
  const like = likeOf(p.q);
  const base = and(eq(circlePosts.status, 1), p.cursor ? lt(circlePosts.id, p.cursor) : undefined);
  const authorRows = await db().execute<{ id: number }>(sql`
    select u.id from users u where u.nick_name ilike ${like}
    union select c.user_id from coaches c where c.name ilike ${like}
    union select s.user_id from shops s where s.name ilike ${like} limit 500`);
  const authorIds = authorRows.rows.map((r) => Number(r.id));
  const [byText, byAuthor] = await Promise.all([
    textMatches(p.q, p.cursor, p.limit + 1),
    authorIds.length
      ? db()
          .select(POST)
          .from(circlePosts)
          .where(and(base, inArray(circlePosts.userId, authorIds)))
          .orderBy(desc(circlePosts.id))
          .limit(p.limit + 1)
      : Promise.resolve([]),
  ]);
  const merged = [...new Map([...byText, ...byAuthor].map((r) => [r.id, r])).values()].sort((a, b) => b.id - a.id);
  const more = merged.length > p.limit;
  const page = merged.slice(0, p.limit);
  return { list: await views(page, viewer), next_cursor: more ? (page.at(-1)?.id ?? null) : null };
}

/** Matches counted before the search decides how to read them. */
const SEARCH_CAP = 500;

/**
 * Posts whose text holds the key, newest first, below `cursor`. First the matching ids are taken
 * through the token index without order, at most SEARCH_CAP + 1 of them: a rare key (or one that
 * matches nothing) is answered from that set. A key that matches more is common enough that
 * reading the newest posts in id order fills a page at once. (Left to itself the planner walks
 * the id order for every key, which reads the whole circle when a key matches nothing.)
 */
async function textMatches(q: string, cursor: number | undefined, take: number): Promise<PostRow[]> {
  const match = and(
    eq(circlePosts.status, 1),
    cursor ? lt(circlePosts.id, cursor) : undefined,
    searchMatch(circlePosts.searchTokens, q, [circlePosts.content]),
  );
  const ids = await db()
    .select({ id: circlePosts.id })
    .from(circlePosts)
    .where(match)
    .limit(SEARCH_CAP + 1);
  if (ids.length <= SEARCH_CAP) {
    const newest = ids
      .map((r) => r.id)
      .sort((a, b) => b - a)
      .slice(0, take);
    if (newest.length === 0) return [];
    return db().select(POST).from(circlePosts).where(inArray(circlePosts.id, newest)).orderBy(desc(circlePosts.id));
  }
  return db().select(POST).from(circlePosts).where(match).orderBy(desc(circlePosts.id)).limit(take);
}

/** Shown posts by id, in the order asked (the site search's ranking). */
export async function postsByIds(ids: number[], viewer: number | null): Promise<CirclePost[]> {
  if (!ids.length) return [];
  const rows = await db()
    .select(POST)
    .from(circlePosts)
    .where(and(eq(circlePosts.status, 1), inArray(circlePosts.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return views(
    ids.flatMap((id) => byId.get(id) ?? []),
    viewer,
  );
}

export async function detail(id: number, viewer: number | null): Promise<CirclePost> {
  return viewOf(await shownPost(id), viewer);
}

/** Which of these posts the member liked (pages are rendered for guests; the island fills this in). */
export async function likedOf(userId: number, ids: number[]): Promise<{ ids: number[] }> {
  if (ids.length === 0) return { ids: [] };
  const rows = await db()
    .select({ id: circleLikes.postId })
    .from(circleLikes)
    .where(and(eq(circleLikes.userId, userId), inArray(circleLikes.postId, ids)));
  return { ids: rows.map((r) => r.id) };
}

/** A homepage's head: who, their numbers, and (if they allow it) the courses they study. */
export async function profile(userId: number): Promise<CircleProfile> {
  const [u] = await db()
    .select({ id: users.id, intro: users.intro, status: users.status, showStudy: users.showStudy })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) throw notFound('用户不存在');
  const who = (await authors([userId])).get(userId) ?? missingAuthor(userId);
  const [[follow], [posts], extra, study] = await Promise.all([
    db().select({ n: count() }).from(follows).where(eq(follows.userId, userId)),
    db()
      .select({ n: count(), likes: sum(circlePosts.likes).mapWith(Number) })
      .from(circlePosts)
      .where(and(eq(circlePosts.userId, userId), eq(circlePosts.status, 1))),
    // Fans and intro belong to a coach's or shop's profile.
    who.kind === 'member' ? Promise.resolve({ fans: 0, intro: u.intro, city: '' }) : profileExtra(who.kind, userId),
    u.showStudy
      ? db()
          .select({ id: courses.id, title: courses.title, cover: courses.cover })
          .from(courseAccess)
          .innerJoin(courses, eq(courses.id, courseAccess.courseId))
          .where(eq(courseAccess.userId, userId))
          .orderBy(desc(courseAccess.createdAt))
          .limit(8)
      : Promise.resolve(null),
  ]);
  return {
    author: who,
    intro: extra.intro,
    city: extra.city,
    follows: follow?.n ?? 0,
    fans: extra.fans,
    posts: posts?.n ?? 0,
    likes: posts?.likes ?? 0,
    courses: study,
  };
}

async function profileExtra(kind: 'coach' | 'shop', userId: number): Promise<{ fans: number; intro: string; city: string }> {
  const t = kind === 'coach' ? coaches : shops;
  const [r] = await db().select({ id: t.id, intro: t.intro, city: t.city }).from(t).where(eq(t.userId, userId));
  if (!r) return { fans: 0, intro: '', city: '' };
  const [f] = await db()
    .select({ n: count() })
    .from(follows)
    .where(and(eq(follows.targetType, kind), eq(follows.targetId, r.id)));
  return { fans: f?.n ?? 0, intro: r.intro, city: r.city };
}
