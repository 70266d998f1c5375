import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { CircleComment } from '~/lib/api/contract/circle';
import { escapeHtml } from '~/lib/rules/admin-content';
import { CIRCLE_LIMITS, CIRCLE_TEXTS } from '~/lib/rules/circle';
import { thumbOf } from '~/lib/rules/upload';
import { db } from '../../db';
import { circleComments, circleLikes, circlePosts, messages, users } from '../../db/schema';
import { forbidden, notFound, refuse } from '../../http/errors';
import { maskBanned } from '../site/banned-words';
import { authors, commentViews, missingAuthor, POST, shownPost } from './circle.views';

/** 功夫圈 interactions: likes, comments and replies (with the notice to whom they answer), my comments. */

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
