import { aliasedTable, and, asc, count, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { CircleComment, CirclePost } from '~/lib/api/contract/circle';
import { escapeHtml } from '~/lib/rules/admin-content';
import { CIRCLE_LIMITS, CIRCLE_TEXTS, type CircleTab } from '~/lib/rules/circle';
import { db } from '../../db';
import { circleComments, circleLikes, circlePosts, messages, users } from '../../db/schema';
import { forbidden, notFound, refuse } from '../../http/errors';
import { normaliseStoredPath } from '../../providers/storage';
import { maskBanned } from '../im/messages.service';

/**
 * 功夫圈 (issue 16), first part. Posts are plain text (escaped where shown; banned words masked on
 * write, like chat); images must be our own stored files. The feed pages by id cursor: a post
 * published while someone scrolls lands above their cursor and never shifts a page.
 */

type PostRow = typeof circlePosts.$inferSelect;
type Author = CirclePost['author'];

async function authors(ids: number[]): Promise<Map<number, Author>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .select({ id: users.id, nick: users.nickName, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { user_id: r.id, nick: r.nick, avatar: r.avatar }]));
}

async function views(rows: PostRow[], viewer: number | null): Promise<CirclePost[]> {
  const [who, liked] = await Promise.all([
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
  ]);
  const likedSet = new Set(liked.map((l) => l.id));
  return rows.map((r) => ({
    id: r.id,
    author: who.get(r.userId) ?? { user_id: r.userId, nick: '', avatar: '' },
    content: r.content,
    images: r.images,
    tags: r.tags,
    city: r.city,
    likes: r.likes,
    comments: r.comments,
    is_like: likedSet.has(r.id) ? 1 : 0,
    created_at: r.createdAt.toISOString(),
  }));
}

async function viewOf(row: PostRow, viewer: number | null): Promise<CirclePost> {
  const [v] = await views([row], viewer);
  if (!v) throw new Error('post view missing');
  return v;
}

export async function publish(userId: number, p: { content: string; images: string[]; tags: string[]; city: string }): Promise<CirclePost> {
  const images = p.images.map((u) => normaliseStoredPath(u));
  if (images.some((u) => !u)) throw refuse(CIRCLE_TEXTS.image);
  const content = p.content ? await maskBanned(p.content) : '';
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
      .values({ userId, content, images: images as string[], tags: [...new Set(p.tags)], city: p.city })
      .returning();
    if (!r) throw new Error('post insert returned nothing');
    return r;
  });
  return viewOf(row, userId);
}

export async function feed(
  p: { tab: CircleTab; city?: string | undefined; user_id?: number | undefined; cursor?: number | undefined; limit: number },
  viewer: number | null,
): Promise<{ list: CirclePost[]; next_cursor: number | null }> {
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
    .select()
    .from(circlePosts)
    .where(and(...conds))
    .orderBy(desc(circlePosts.id))
    .limit(p.limit + 1);
  const more = rows.length > p.limit;
  const page = rows.slice(0, p.limit);
  return { list: await views(page, viewer), next_cursor: more ? (page.at(-1)?.id ?? null) : null };
}

async function shownPost(id: number): Promise<PostRow> {
  const [r] = await db()
    .select()
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

const replied = aliasedTable(users, 'replied');

function commentView(r: {
  c: typeof circleComments.$inferSelect;
  nick: string;
  avatar: string;
  rNick: string | null;
  rAvatar: string | null;
}): CircleComment {
  return {
    id: r.c.id,
    post_id: r.c.postId,
    author: { user_id: r.c.userId, nick: r.nick, avatar: r.avatar },
    content: r.c.content,
    parent_id: r.c.parentId,
    reply_to: r.c.replyToUserId ? { user_id: r.c.replyToUserId, nick: r.rNick ?? '', avatar: r.rAvatar ?? '' } : null,
    created_at: r.c.createdAt.toISOString(),
  };
}

function commentQuery() {
  return db()
    .select({ c: circleComments, nick: users.nickName, avatar: users.avatar, rNick: replied.nickName, rAvatar: replied.avatar })
    .from(circleComments)
    .innerJoin(users, eq(users.id, circleComments.userId))
    .leftJoin(replied, eq(replied.id, circleComments.replyToUserId));
}

/** /api/index/friendCircleComment: a post's comments and replies, oldest first. */
export async function comments(id: number, page: number, limit: number) {
  await shownPost(id);
  const where = and(eq(circleComments.postId, id), eq(circleComments.status, 1));
  const [rows, [total]] = await Promise.all([
    commentQuery()
      .where(where)
      .orderBy(asc(circleComments.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(circleComments).where(where),
  ]);
  return { list: rows.map(commentView), total: total?.n ?? 0, page, limit };
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
  const [row] = await commentQuery().where(eq(circleComments.id, id));
  if (!row) throw notFound(CIRCLE_TEXTS.commentMissing);
  return commentView(row);
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
