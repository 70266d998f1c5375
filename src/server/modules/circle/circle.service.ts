import { and, asc, count, desc, eq, getTableColumns, gt, inArray, lt, lte, sql, sum, type SQL } from 'drizzle-orm';
import type { CircleComment, CirclePost, CircleProfile } from '~/lib/api/contract/circle';
import { escapeHtml } from '~/lib/rules/admin-content';
import { CIRCLE_LIMITS, CIRCLE_RANK, CIRCLE_TEXTS, circleHome, type CircleTab } from '~/lib/rules/circle';
import { thumbOf } from '~/lib/rules/upload';
import { db } from '../../db';
import {
  circleComments,
  circleLikes,
  circlePosts,
  coaches,
  courseAccess,
  courses,
  follows,
  messages,
  shops,
  users,
  videos,
} from '../../db/schema';
import { likeOf, searchMatch } from '../catalogue/listing';
import { forbidden, notFound, refuse } from '../../http/errors';
import { normaliseStoredPath, viewableUrl } from '../../providers/storage';
import { maskBanned } from '../site/banned-words';

/**
 * 功夫圈 (issue 16), first part. Posts are plain text (escaped where shown; banned words masked on
 * write, like chat); images must be our own stored files. The feed pages by id cursor: a post
 * published while someone scrolls lands above their cursor and never shifts a page.
 */

/** A post's columns without its search tokens (large, and only the search's index reads them). */
const { searchTokens: _tokens, ...POST } = getTableColumns(circlePosts);
type PostRow = Omit<typeof circlePosts.$inferSelect, 'searchTokens'>;
type Author = CirclePost['author'];

/**
 * Authors as the feed shows them: a coach or a shop posts under its profile (name, head, its
 * homepage); a member under their nick and avatar, linking to their own homepage.
 */
export async function authors(ids: number[]): Promise<Map<number, Author>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .select({
      id: users.id,
      nick: users.nickName,
      avatar: users.avatar,
      coachId: coaches.id,
      coachName: coaches.name,
      coachHead: coaches.avatar,
      shopId: shops.id,
      shopName: shops.name,
      shopLogo: shops.logo,
    })
    .from(users)
    .leftJoin(coaches, eq(coaches.userId, users.id))
    .leftJoin(shops, eq(shops.userId, users.id))
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, authorOf(r)]));
}

function authorOf(r: {
  id: number;
  nick: string;
  avatar: string;
  coachId: number | null;
  coachName: string | null;
  coachHead: string | null;
  shopId: number | null;
  shopName: string | null;
  shopLogo: string | null;
}): Author {
  if (r.coachId)
    return {
      user_id: r.id,
      nick: r.coachName || r.nick,
      avatar: r.coachHead || r.avatar,
      kind: 'coach',
      home: circleHome('coach', r.coachId),
    };
  if (r.shopId)
    return { user_id: r.id, nick: r.shopName || r.nick, avatar: r.shopLogo || r.avatar, kind: 'shop', home: circleHome('shop', r.shopId) };
  return { user_id: r.id, nick: r.nick, avatar: r.avatar, kind: 'member', home: circleHome('member', r.id) };
}

const missingAuthor = (id: number): Author => ({ user_id: id, nick: '', avatar: '', kind: 'member', home: circleHome('member', id) });

async function views(rows: PostRow[], viewer: number | null): Promise<CirclePost[]> {
  const videoIds = rows.map((r) => r.videoId).filter((v): v is number => v !== null);
  const [who, liked, vids] = await Promise.all([
    authors(rows.map((r) => r.userId)),
    viewer && rows.length
      ? db()
          .select({ id: circleLikes.postId })
          .from(circleLikes)
          .where(
            and(
              eq(circleLikes.userId, viewer),
              inArray(
                circleLikes.postId,
                rows.map((r) => r.id),
              ),
            ),
          )
      : Promise.resolve([]),
    videoIds.length
      ? db()
          .select({ id: videos.id, path: videos.path, poster: videos.poster, duration: videos.durationS })
          .from(videos)
          .where(inArray(videos.id, videoIds))
      : Promise.resolve([]),
  ]);
  const likedSet = new Set(liked.map((l) => l.id));
  // A post's video and poster go out as signed URLs (uploaded videos are private media).
  const signed = new Map(
    await Promise.all(
      vids.map(async (v) => [v.id, { url: await viewableUrl(v.path), poster: await viewableUrl(v.poster), duration: v.duration }] as const),
    ),
  );
  const videoOf = (id: number | null) => {
    const v = id === null ? undefined : vids.find((x) => x.id === id);
    return v?.path ? (signed.get(v.id) ?? null) : null;
  };
  return rows.map((r) => ({
    id: r.id,
    author: who.get(r.userId) ?? missingAuthor(r.userId),
    content: r.content,
    images: r.images,
    thumbs: r.images.map(thumbOf),
    video: videoOf(r.videoId),
    tags: r.tags,
    city: r.city,
    likes: r.likes,
    comments: r.comments,
    is_like: likedSet.has(r.id) ? 1 : 0,
    mentions: r.mentions,
    created_at: r.createdAt.toISOString(),
  }));
}

async function viewOf(row: PostRow, viewer: number | null): Promise<CirclePost> {
  const [v] = await views([row], viewer);
  if (!v) throw new Error('post view missing');
  return v;
}

export async function publish(
  userId: number,
  p: { content: string; images: string[]; tags: string[]; city: string; video_id?: number | undefined },
): Promise<CirclePost> {
  const images = p.images.map((u) => normaliseStoredPath(u));
  if (images.some((u) => !u)) throw refuse(CIRCLE_TEXTS.image);
  if (p.video_id) await postableVideo(userId, p.video_id);
  const content = p.content ? await maskBanned(p.content) : '';
  const mentions = await mentionsIn(userId, content);
  const row = await db().transaction(async (tx) => {
    // The member's row lock makes the rate check and the insert one step under concurrent posts.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [recent] = await tx
      .select({ n: count() })
      .from(circlePosts)
      .where(and(eq(circlePosts.userId, userId), gt(circlePosts.createdAt, sql`now() - interval '10 minutes'`)));
    if ((recent?.n ?? 0) >= CIRCLE_LIMITS.postsPer10Min) throw refuse(CIRCLE_TEXTS.tooFast);
    const [r] = await tx
      .insert(circlePosts)
      .values({
        userId,
        content,
        images: images as string[],
        tags: [...new Set(p.tags)],
        city: p.city,
        mentions,
        videoId: p.video_id ?? null,
      })
      .returning(POST);
    if (!r) throw new Error('post insert returned nothing');
    return r;
  });
  return viewOf(row, userId);
}

/** The member's own 功夫圈 video, playable and short enough for a post. */
async function postableVideo(userId: number, id: number) {
  const [v] = await db()
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.userId, userId)));
  if (!v) throw refuse(CIRCLE_TEXTS.videoMissing);
  if (v.status === 'processing') throw refuse(CIRCLE_TEXTS.videoNotReady);
  if (!v.path) throw refuse(v.error || CIRCLE_TEXTS.videoMissing);
  if (v.durationS > CIRCLE_LIMITS.videoMaxS) throw refuse(CIRCLE_TEXTS.videoTooLong(CIRCLE_LIMITS.videoMaxS));
  return v;
}

/** /member/circleVideoStatus: one of the member's 功夫圈 videos (someone else's is "not found"). */
export async function ownCircleVideo(userId: number, id: number) {
  const [v] = await db()
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.userId, userId)));
  if (!v) throw notFound(CIRCLE_TEXTS.videoMissing);
  return v;
}

/**
 * @name in a post links to a coach or shop the author follows (by its profile name); any other
 * @text stays plain. Resolved once at publish, so reading a post costs no lookups.
 */
async function mentionsIn(userId: number, content: string): Promise<{ nick: string; home: string }[]> {
  const names = [...new Set([...content.matchAll(/@([^\s@，。、,.:：;；!！?？]{1,32})/gu)].map((m) => m[1] ?? ''))].filter(Boolean);
  if (names.length === 0) return [];
  const [cs, ss] = await Promise.all([
    db()
      .select({ id: coaches.id, name: coaches.name })
      .from(follows)
      .innerJoin(coaches, and(eq(follows.targetType, 'coach'), eq(coaches.id, follows.targetId)))
      .where(eq(follows.userId, userId)),
    db()
      .select({ id: shops.id, name: shops.name })
      .from(follows)
      .innerJoin(shops, and(eq(follows.targetType, 'shop'), eq(shops.id, follows.targetId)))
      .where(eq(follows.userId, userId)),
  ]);
  const known = new Map<string, string>([
    ...cs.map((c): [string, string] => [c.name, circleHome('coach', c.id)]),
    ...ss.map((x): [string, string] => [x.name, circleHome('shop', x.id)]),
  ]);
  const out: { nick: string; home: string }[] = [];
  // A mention may run into the words after it ("@陈师傅好厉害"): the longest followed name it starts with.
  for (const n of names) {
    const hit = [...known.keys()].filter((k) => n.startsWith(k)).sort((a, b) => b.length - a.length)[0];
    if (hit && !out.some((o) => o.nick === hit)) out.push({ nick: hit, home: known.get(hit) ?? '' });
  }
  return out;
}

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

/** Reads or sets whether the member's homepage shows the courses they study. */
export async function settings(userId: number, showStudy: 0 | 1 | undefined): Promise<{ show_study: 0 | 1 }> {
  if (showStudy !== undefined) await db().update(users).set({ showStudy }).where(eq(users.id, userId));
  const [r] = await db().select({ v: users.showStudy }).from(users).where(eq(users.id, userId));
  return { show_study: r?.v ? 1 : 0 };
}

/** /my/friendscircle 我的评论: the member's comments and replies on posts still shown, newest first. */
export async function myComments(userId: number, page: number, limit: number) {
  const where = and(eq(circleComments.userId, userId), eq(circleComments.status, 1), eq(circlePosts.status, 1));
  const [rows, [total]] = await Promise.all([
    db()
      .select({ c: circleComments })
      .from(circleComments)
      .innerJoin(circlePosts, eq(circlePosts.id, circleComments.postId))
      .where(where)
      .orderBy(desc(circleComments.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(circleComments).innerJoin(circlePosts, eq(circlePosts.id, circleComments.postId)).where(where),
  ]);
  const postIds = [...new Set(rows.map((r) => r.c.postId))];
  const postRows = postIds.length ? await db().select(POST).from(circlePosts).where(inArray(circlePosts.id, postIds)) : [];
  const [who, views] = await Promise.all([authors(postRows.map((r) => r.userId)), commentViews(rows.map((r) => r.c))]);
  const posts = new Map(postRows.map((r) => [r.id, r]));
  return {
    list: rows.map((r, i) => {
      const post = posts.get(r.c.postId);
      const view = views[i];
      if (!view) throw new Error('comment view missing');
      return {
        ...view,
        post: {
          id: r.c.postId,
          content: (post?.content ?? '').slice(0, 80),
          image: post?.images[0] ? thumbOf(post.images[0]) : '',
          author: post ? (who.get(post.userId) ?? missingAuthor(post.userId)) : missingAuthor(0),
        },
      };
    }),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

async function shownPost(id: number): Promise<PostRow> {
  const [r] = await db()
    .select(POST)
    .from(circlePosts)
    .where(and(eq(circlePosts.id, id), eq(circlePosts.status, 1)));
  if (!r) throw notFound(CIRCLE_TEXTS.postMissing);
  return r;
}

export async function detail(id: number, viewer: number | null): Promise<CirclePost> {
  return viewOf(await shownPost(id), viewer);
}

/** Likes (1) or unlikes (0); the count moves only with a row added or removed, so it stays exact. */
export async function like(userId: number, id: number, status: 0 | 1): Promise<{ is_like: 0 | 1; likes: number }> {
  await shownPost(id);
  return db().transaction(async (tx) => {
    if (status) {
      const added = await tx.insert(circleLikes).values({ postId: id, userId }).onConflictDoNothing().returning({ u: circleLikes.userId });
      if (added.length)
        await tx
          .update(circlePosts)
          .set({ likes: sql`${circlePosts.likes} + 1` })
          .where(eq(circlePosts.id, id));
    } else {
      const gone = await tx
        .delete(circleLikes)
        .where(and(eq(circleLikes.postId, id), eq(circleLikes.userId, userId)))
        .returning({ u: circleLikes.userId });
      if (gone.length)
        await tx
          .update(circlePosts)
          .set({ likes: sql`${circlePosts.likes} - 1` })
          .where(eq(circlePosts.id, id));
    }
    const [r] = await tx.select({ likes: circlePosts.likes }).from(circlePosts).where(eq(circlePosts.id, id));
    return { is_like: status, likes: r?.likes ?? 0 };
  });
}

export async function removePost(userId: number, id: number): Promise<null> {
  const [r] = await db()
    .select({ userId: circlePosts.userId })
    .from(circlePosts)
    .where(and(eq(circlePosts.id, id), eq(circlePosts.status, 1)));
  if (!r) throw notFound(CIRCLE_TEXTS.postMissing);
  if (r.userId !== userId) throw forbidden(CIRCLE_TEXTS.notYours);
  await db()
    .update(circlePosts)
    .set({ status: 0 })
    .where(and(eq(circlePosts.id, id), eq(circlePosts.status, 1)));
  return null;
}

type CommentRow = typeof circleComments.$inferSelect;

/** Comments as shown: authors (and whom a reply answers) as the feed shows them. */
async function commentViews(rows: CommentRow[]): Promise<CircleComment[]> {
  const who = await authors(rows.flatMap((c) => (c.replyToUserId ? [c.userId, c.replyToUserId] : [c.userId])));
  return rows.map((c) => ({
    id: c.id,
    post_id: c.postId,
    author: who.get(c.userId) ?? missingAuthor(c.userId),
    content: c.content,
    parent_id: c.parentId,
    reply_to: c.replyToUserId ? (who.get(c.replyToUserId) ?? missingAuthor(c.replyToUserId)) : null,
    created_at: c.createdAt.toISOString(),
  }));
}

/** /api/index/friendCircleComment: a post's comments and replies, oldest first. */
export async function comments(id: number, page: number, limit: number) {
  await shownPost(id);
  const where = and(eq(circleComments.postId, id), eq(circleComments.status, 1));
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(circleComments)
      .where(where)
      .orderBy(asc(circleComments.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(circleComments).where(where),
  ]);
  return { list: await commentViews(rows), total: total?.n ?? 0, page, limit };
}

/**
 * /api/member/friendCircleComment: a comment, or a reply (`comment_id`). The post's author (for a
 * comment) or the replied member (for a reply) gets a "comment" notice — the unread count's
 * comment kind — unless they wrote it themselves.
 */
export async function comment(userId: number, p: { id: number; content: string; comment_id?: number | undefined }): Promise<CircleComment> {
  const post = await shownPost(p.id);
  let parentId: number | null = null;
  let replyTo: number | null = null;
  if (p.comment_id) {
    const [parent] = await db()
      .select()
      .from(circleComments)
      .where(and(eq(circleComments.id, p.comment_id), eq(circleComments.postId, p.id), eq(circleComments.status, 1)));
    if (!parent) throw notFound(CIRCLE_TEXTS.commentMissing);
    // Replies stay one level deep: a reply to a reply hangs under the same top comment.
    parentId = parent.parentId ?? parent.id;
    replyTo = parent.userId;
  }
  const content = await maskBanned(p.content);
  const id = await db().transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [recent] = await tx
      .select({ n: count() })
      .from(circleComments)
      .where(and(eq(circleComments.userId, userId), gt(circleComments.createdAt, sql`now() - interval '1 minute'`)));
    if ((recent?.n ?? 0) >= CIRCLE_LIMITS.commentsPerMin) throw refuse(CIRCLE_TEXTS.commentTooFast);
    const [c] = await tx
      .insert(circleComments)
      .values({ postId: p.id, userId, parentId, replyToUserId: replyTo, content })
      .returning({ id: circleComments.id });
    if (!c) throw new Error('comment insert returned nothing');
    await tx
      .update(circlePosts)
      .set({ comments: sql`${circlePosts.comments} + 1` })
      .where(eq(circlePosts.id, p.id));
    const to = replyTo ?? post.userId;
    if (to !== userId) {
      const [me] = await tx.select({ nick: users.nickName }).from(users).where(eq(users.id, userId));
      const short = content.length > 60 ? `${content.slice(0, 60)}…` : content;
      await tx.insert(messages).values({
        userId: to,
        kind: 'comment',
        title: replyTo ? CIRCLE_TEXTS.replyNoticeTitle : CIRCLE_TEXTS.commentNoticeTitle,
        content: escapeHtml(replyTo ? CIRCLE_TEXTS.replyNotice(me?.nick ?? '', short) : CIRCLE_TEXTS.commentNotice(me?.nick ?? '', short)),
        fromUserId: userId,
      });
    }
    return c.id;
  });
  const rows = await db().select().from(circleComments).where(eq(circleComments.id, id));
  const [view] = await commentViews(rows);
  if (!view) throw notFound(CIRCLE_TEXTS.commentMissing);
  return view;
}

/** Deletes a comment: its author, or the author of the post it is under. Replies under it go too. */
export async function removeComment(userId: number, id: number): Promise<null> {
  const [c] = await db()
    .select({ c: circleComments, owner: circlePosts.userId })
    .from(circleComments)
    .innerJoin(circlePosts, eq(circlePosts.id, circleComments.postId))
    .where(and(eq(circleComments.id, id), eq(circleComments.status, 1)));
  if (!c) throw notFound(CIRCLE_TEXTS.commentMissing);
  if (c.c.userId !== userId && c.owner !== userId) throw forbidden(CIRCLE_TEXTS.commentNotYours);
  await db().transaction(async (tx) => {
    const gone = await tx
      .update(circleComments)
      .set({ status: 0 })
      .where(and(eq(circleComments.status, 1), sql`(${circleComments.id} = ${id} or ${circleComments.parentId} = ${id})`))
      .returning({ id: circleComments.id });
    if (gone.length) {
      await tx
        .update(circlePosts)
        .set({ comments: sql`greatest(${circlePosts.comments} - ${gone.length}, 0)` })
        .where(eq(circlePosts.id, c.c.postId));
    }
  });
  return null;
}
