import { api } from '../api/client';
import type { CircleComment, CirclePost } from '../api/contract/circle';
import { CIRCLE_LIMITS } from '../rules/circle';
import { MOBILE_PATHS } from '../rules/mobile-redirect';
import { imageError } from '../rules/upload';
import { check } from './action';
import { uploadImage } from './account';
import { siteSearchPosts, type FeedSource } from './circle';
import { requireLogin } from './guard';
import { compressPhoto } from './image-compress';
import { createInfiniteList, type InfiniteList } from './infinite';
import type { Page } from './paged';
import { $session } from './session';

/**
 * 功夫圈 on the phone: the same endpoints and rules as src/lib/stores/circle.ts, shaped for the
 * mobile UI kit (InfiniteList pages by number; the circle pages by cursor), and the composer's
 * photos compressed in the browser before they are uploaded.
 */

const PAGE = 10;

/** Which of these posts the member liked (pages are rendered for guests). */
async function withLiked(list: CirclePost[]): Promise<CirclePost[]> {
  if (!$session.get() || list.length === 0) return list;
  const { ids } = await api('/member/friendCircleLiked', { ids: list.map((p) => p.id) }).catch(() => ({ ids: null }));
  if (!ids) return list;
  const on = new Set(ids);
  return list.map((p) => ({ ...p, is_like: on.has(p.id) ? 1 : 0 }));
}

export type CircleList = InfiniteList<CirclePost, FeedSource> & {
  patch: (id: number, change: Partial<CirclePost>) => void;
  drop: (id: number) => void;
  /** Fills in the member's likes of the posts shown (after a server-rendered first page). */
  fillLiked: () => Promise<void>;
};

/**
 * A feed as an InfiniteList: page n is read with the cursor page n−1 answered (the 推荐 tab also
 * keeps the first page's newest id as its window). `total` is what is loaded plus one while the
 * server says there is more, so the list asks for the next page until the end.
 */
export function createCircleList(source: FeedSource, first?: { list: CirclePost[]; next_cursor: number | null }): CircleList {
  const cursors = new Map<number, number | null>();
  const counts = new Map<number, number>();
  const seen = new Set<number>();
  let before: number | undefined;

  const pageOf = (page: number, list: CirclePost[], next: number | null): Page<CirclePost> => {
    if (page === 1) {
      cursors.clear();
      counts.clear();
      seen.clear();
    }
    // The ranked tab may repeat a post whose score moved between pages: keep the first.
    const fresh = list.filter((p) => !seen.has(p.id));
    for (const p of fresh) seen.add(p.id);
    counts.set(page, fresh.length);
    cursors.set(page + 1, next);
    let loaded = 0;
    for (let i = 1; i <= page; i++) loaded += counts.get(i) ?? 0;
    return { list: fresh, page, total: loaded + (next === null ? 0 : 1), limit: PAGE };
  };

  async function fetchPage(src: FeedSource, page: number): Promise<Page<CirclePost>> {
    const cursor = page === 1 ? undefined : (cursors.get(page) ?? undefined);
    if (page === 1) before = undefined;
    const r =
      src.kind === 'search'
        ? await api('/index/friendCircleSearch', { q: src.q, cursor, limit: PAGE })
        : src.kind === 'site-search'
          ? await siteSearchPosts(src.q, page)
          : src.kind === 'user'
            ? await api('/index/friendCircleList', { tab: 'new', user_id: src.userId, cursor, limit: PAGE })
            : await api('/index/friendCircleList', { tab: src.tab, city: src.city || undefined, cursor, before, limit: PAGE });
    if (page === 1) before = r.list[0]?.id;
    return pageOf(page, await withLiked(r.list), r.next_cursor);
  }

  const initial = first ? pageOf(1, first.list, first.next_cursor) : undefined;
  if (first) before = first.list[0]?.id;
  const list = createInfiniteList(fetchPage, source, initial);
  const items = () => list.$list.get().items;
  return {
    ...list,
    patch: (id, change) =>
      list.$list.setKey(
        'items',
        items().map((p) => (p.id === id ? { ...p, ...change } : p)),
      ),
    drop: (id) => {
      const s = list.$list.get();
      list.$list.set({ ...s, items: s.items.filter((p) => p.id !== id), total: Math.max(0, s.total - 1) });
    },
    fillLiked: async () => {
      const liked = await withLiked(items());
      const on = new Map(liked.map((p) => [p.id, p.is_like]));
      list.$list.setKey(
        'items',
        items().map((p) => ({ ...p, is_like: on.get(p.id) ?? p.is_like })),
      );
    },
  };
}

/** A post's comments (top comments and replies, oldest first) as an InfiniteList. */
export function createCommentList(postId: number): InfiniteList<CircleComment, number> {
  return createInfiniteList((id: number, page: number) => api('/index/friendCircleComment', { id, page, limit: 20 }), postId);
}

/** Where the phone goes after publishing: the 最新 tab, where the new post is on top. */
export const PHONE_PUBLISHED_HREF = `${MOBILE_PATHS.circle}?tab=new`;

/** One picked photo's way to the server, for the composer's tiles. */
export type PhotoStep = 'compressing' | 'uploading';

/**
 * Compresses and uploads picked photos one after another (a phone's upload is narrow); `onStep`
 * tells which file is where, `onDone` hands each stored path over as soon as it is up, so a later
 * failure keeps the photos already uploaded. Answers the stored paths.
 */
export async function uploadPhonePhotos(
  files: File[],
  have: number,
  on: { step?: (index: number, step: PhotoStep) => void; done?: (path: string) => void } = {},
): Promise<string[]> {
  requireLogin();
  check(have + files.length <= CIRCLE_LIMITS.imagesMax ? null : `图片最多 ${CIRCLE_LIMITS.imagesMax} 张`, 'warning');
  const out: string[] = [];
  for (const [i, picked] of files.entries()) {
    on.step?.(i, 'compressing');
    // Checked after compressing: a camera's HEIC or 8 MB JPEG is fine once it is a small JPEG.
    const file = await compressPhoto(picked);
    check(imageError(file));
    on.step?.(i, 'uploading');
    const { path } = await uploadImage(file, 'circle');
    out.push(path);
    on.done?.(path);
  }
  return out;
}

/** Moves one photo of the draft by `by` places (−1 earlier, +1 later). */
export function movePhoto(images: string[], index: number, by: -1 | 1): string[] {
  const to = index + by;
  if (to < 0 || to >= images.length) return images;
  const next = [...images];
  const [it] = next.splice(index, 1);
  if (it !== undefined) next.splice(to, 0, it);
  return next;
}
