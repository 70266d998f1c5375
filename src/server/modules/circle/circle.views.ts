import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { CircleComment, CirclePost } from '~/lib/api/contract/circle';
import { CIRCLE_TEXTS, circleHome } from '~/lib/rules/circle';
import { thumbOf } from '~/lib/rules/upload';
import { db } from '../../db';
import { circleComments, circleLikes, circlePosts, coaches, shops, users, videos } from '../../db/schema';
import { notFound } from '../../http/errors';
import { viewableUrl } from '../../providers/storage';

/**
 * 功夫圈. Posts are plain text (escaped where shown; banned words masked on
 * write, like chat); images must be our own stored files. The feed pages by id cursor: a post
 * published while someone scrolls lands above their cursor and never shifts a page.
 *
 * This file: posts and comments as readers see them (authors, likes, signed video URLs). The rest of
 * the module: circle.service.ts (feed, search, profile), circle.posting.ts (publish, remove, settings),
 * circle.interactions.ts (likes, comments).
 */

/** A post's columns without its search tokens (large, and only the search's index reads them). */
const { searchTokens: _tokens, ...POST } = getTableColumns(circlePosts);
export { POST };

export type PostRow = Omit<typeof circlePosts.$inferSelect, 'searchTokens'>;

export type Author = CirclePost['author'];

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

export const missingAuthor = (id: number): Author => ({
  user_id: id,
  nick: '',
  avatar: '',
  kind: 'member',
  home: circleHome('member', id),
});

export async function views(rows: PostRow[], viewer: number | null): Promise<CirclePost[]> {
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

export async function viewOf(row: PostRow, viewer: number | null): Promise<CirclePost> {
  const [v] = await views([row], viewer);
  if (!v) throw new Error('post view missing');
  return v;
}

export async function shownPost(id: number): Promise<PostRow> {
  const [r] = await db()
    .select(POST)
    .from(circlePosts)
    .where(and(eq(circlePosts.id, id), eq(circlePosts.status, 1)));
  if (!r) throw notFound(CIRCLE_TEXTS.postMissing);
  return r;
}

export type CommentRow = typeof circleComments.$inferSelect;

/** Comments as shown: authors (and whom a reply answers) as the feed shows them. */
export async function commentViews(rows: CommentRow[]): Promise<CircleComment[]> {
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
