import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { CirclePost } from '~/lib/api/contract/circle';
import { CIRCLE_LIMITS, CIRCLE_TEXTS, circleHome } from '~/lib/rules/circle';
import { db } from '../../db';
import { circlePosts, coaches, follows, shops, users, videos } from '../../db/schema';
import { forbidden, notFound, refuse } from '../../http/errors';
import { normaliseStoredPath } from '../../providers/storage';
import { maskBanned } from '../site/banned-words';
import { POST, viewOf } from './circle.views';

/** 功夫圈 writing: publish (banned words masked, mentions resolved, rate-limited), remove, homepage settings. */

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

/** Reads or sets whether the member's homepage shows the courses they study. */
export async function settings(userId: number, showStudy: 0 | 1 | undefined): Promise<{ show_study: 0 | 1 }> {
  if (showStudy !== undefined) await db().update(users).set({ showStudy }).where(eq(users.id, userId));
  const [r] = await db().select({ v: users.showStudy }).from(users).where(eq(users.id, userId));
  return { show_study: r?.v ? 1 : 0 };
}
