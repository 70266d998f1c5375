import { map, type MapStore } from 'nanostores';
import { api, errorText } from '../api/client';
import type { ApiInput } from '../api/types';
import type { CircleComment, CirclePost } from '../api/contract/circle';
import { CIRCLE_LIMITS, CIRCLE_TEXTS, circleDraftKey, circlePostHref, type CircleTab } from '../rules/circle';
import { imageError } from '../rules/upload';
import { T } from '../texts';
import { flash, toast } from '../toast';
import { check } from './action';
import { uploadImage } from './account';
import { requireLogin } from './guard';
import { $session } from './session';

/**
 * 功夫圈: the feed as an endless list read by cursor, likes, comments, share, delete,
 * and the composer with its local draft. Islands render these and call them; nothing here
 * touches the DOM beyond the clipboard and local storage.
 */

/** Where a feed reads from. */
export type FeedSource =
  | { kind: 'tab'; tab: CircleTab; city?: string }
  | { kind: 'user'; userId: number }
  | { kind: 'search'; q: string }
  /** The site search's 功夫圈 tab: pages in rank order (the cursor is the next page number). */
  | { kind: 'site-search'; q: string };

export interface FeedState {
  list: CirclePost[];
  /** null = the end. */
  next: number | null;
  /** The recommended tab's fixed window (the first page's newest id). */
  before: number | undefined;
  loading: boolean;
  /** The first page has arrived (from the server render or a fetch). */
  ready: boolean;
  error: string;
}

export interface Feed {
  $feed: MapStore<FeedState>;
  more: () => Promise<void>;
  /** Starts again from the top (a new tab, a new city). */
  reset: (source: FeedSource) => Promise<void>;
  patch: (id: number, change: Partial<CirclePost>) => void;
  drop: (id: number) => void;
  /** Fills in which shown posts the member liked (the page was rendered for guests). */
  fillLiked: () => Promise<void>;
}

const PAGE = 10;

/** A page of the site search's 功夫圈 tab, in rank order; the cursor is the next page number. */
export async function siteSearchPosts(q: string, page: number): Promise<{ list: CirclePost[]; next_cursor: number | null }> {
  const r = await api('/index/comSeach', { q, type: 'post', page, limit: PAGE });
  return { list: r.type === 'post' ? r.list : [], next_cursor: page * PAGE < r.total ? page + 1 : null };
}

function fetchPage(source: FeedSource, cursor: number | null, before: number | undefined) {
  const c = cursor ?? undefined;
  if (source.kind === 'search') return api('/index/friendCircleSearch', { q: source.q, cursor: c, limit: PAGE });
  if (source.kind === 'site-search') return siteSearchPosts(source.q, c ?? 1);
  if (source.kind === 'user') return api('/index/friendCircleList', { tab: 'new', user_id: source.userId, cursor: c, limit: PAGE });
  return api('/index/friendCircleList', { tab: source.tab, city: source.city || undefined, cursor: c, before, limit: PAGE });
}

export function createFeed(source: FeedSource, first?: { list: CirclePost[]; next_cursor: number | null } | undefined): Feed {
  let src = source;
  let round = 0;
  const $feed = map<FeedState>({
    list: first?.list ?? [],
    next: first ? first.next_cursor : 0,
    before: first?.list[0]?.id,
    loading: false,
    ready: Boolean(first),
    error: '',
  });

  async function more(): Promise<void> {
    const s = $feed.get();
    if (s.loading || (s.ready && s.next === null)) return;
    const mine = round;
    $feed.setKey('loading', true);
    try {
      const page = await fetchPage(src, s.ready ? s.next : null, s.before);
      if (mine !== round) return;
      const seen = new Set(s.list.map((p) => p.id));
      // The ranked tab may repeat a post whose score moved between pages: keep the first.
      const list = [...s.list, ...page.list.filter((p) => !seen.has(p.id))];
      $feed.set({ list, next: page.next_cursor, before: s.before ?? page.list[0]?.id, loading: false, ready: true, error: '' });
      if ($session.get()) void fillLikedOf(page.list.map((p) => p.id));
    } catch (err) {
      if (mine === round) $feed.set({ ...$feed.get(), loading: false, error: errorText(err) });
    }
  }

  async function fillLikedOf(ids: number[]): Promise<void> {
    if (!$session.get() || ids.length === 0) return;
    const { ids: liked } = await api('/member/friendCircleLiked', { ids }).catch(() => ({ ids: [] as number[] }));
    const on = new Set(liked);
    $feed.setKey(
      'list',
      $feed.get().list.map((p) => (ids.includes(p.id) ? { ...p, is_like: on.has(p.id) ? 1 : 0 } : p)),
    );
  }

  return {
    $feed,
    more,
    reset(next) {
      src = next;
      round += 1;
      $feed.set({ list: [], next: 0, before: undefined, loading: false, ready: false, error: '' });
      return more();
    },
    patch(id, change) {
      $feed.setKey(
        'list',
        $feed.get().list.map((p) => (p.id === id ? { ...p, ...change } : p)),
      );
    },
    drop(id) {
      $feed.setKey(
        'list',
        $feed.get().list.filter((p) => p.id !== id),
      );
    },
    fillLiked: () => fillLikedOf($feed.get().list.map((p) => p.id)),
  };
}

/** Like or unlike; answers the post's new state (the server's exact count). */
export async function toggleLike(post: Pick<CirclePost, 'id' | 'is_like'>) {
  requireLogin();
  return api('/member/friendCircleLike', { id: post.id, status: post.is_like ? 0 : 1 });
}

export async function deletePost(id: number) {
  await api('/member/friendCircleDelete', { id });
}

/** Copies the post's link; SPEC texts either way. */
export async function sharePost(id: number): Promise<void> {
  try {
    await navigator.clipboard.writeText(new URL(circlePostHref(id), location.origin).href);
    toast.success(T.copyOk);
  } catch {
    toast.error(T.copyFailed);
  }
}

// ---- comments ----

export const loadComments = (postId: number, page: number) => api('/index/friendCircleComment', { id: postId, page, limit: 20 });

export async function sendComment(postId: number, content: string, replyTo?: CircleComment): Promise<CircleComment> {
  requireLogin();
  const text = content.trim();
  check(text ? null : CIRCLE_TEXTS.commentEmpty, 'warning');
  check(text.length <= CIRCLE_LIMITS.commentMax ? null : `评论最多 ${CIRCLE_LIMITS.commentMax} 字`);
  return api('/member/friendCircleComment', { id: postId, content: text, comment_id: replyTo?.id });
}

export const deleteComment = (id: number) => api('/member/friendCircleCommentDelete', { id });

// ---- the composer ----

export interface Draft {
  content: string;
  /** Stored paths of uploaded images, in order. */
  images: string[];
  tags: string[];
  city: string;
  /** An uploaded 功夫圈 video (instead of images). */
  video_id: number | null;
}
export const EMPTY_DRAFT: Draft = { content: '', images: [], tags: [], city: '', video_id: null };

function draftKey(): string | null {
  const u = $session.get();
  return u ? circleDraftKey(u.user_id) : null;
}

/** The member's unpublished draft (kept until it is published or cleared). */
export function loadDraft(): Draft {
  const key = draftKey();
  if (!key) return EMPTY_DRAFT;
  try {
    const raw = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<Draft> | null;
    if (!raw || typeof raw !== 'object') return EMPTY_DRAFT;
    const strings = (v: unknown, max: number) =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, max) : [];
    return {
      content: typeof raw.content === 'string' ? raw.content.slice(0, CIRCLE_LIMITS.contentMax) : '',
      images: strings(raw.images, CIRCLE_LIMITS.imagesMax),
      tags: strings(raw.tags, CIRCLE_LIMITS.tagsMax),
      city: typeof raw.city === 'string' ? raw.city.slice(0, CIRCLE_LIMITS.cityMax) : '',
      video_id: typeof raw.video_id === 'number' && Number.isInteger(raw.video_id) && raw.video_id > 0 ? raw.video_id : null,
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(d: Draft): void {
  const key = draftKey();
  if (!key) return;
  try {
    if (!d.content && d.images.length === 0 && d.tags.length === 0 && !d.city && !d.video_id) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(d));
  } catch {
    // A full or blocked storage only loses the draft, never the form.
  }
}

/** Checks and uploads picked images (thumbnailed by the server); answers their stored paths. */
export async function uploadCircleImages(files: File[], have: number): Promise<string[]> {
  requireLogin();
  check(have + files.length <= CIRCLE_LIMITS.imagesMax ? null : `图片最多 ${CIRCLE_LIMITS.imagesMax} 张`, 'warning');
  for (const f of files) check(imageError(f));
  const out: string[] = [];
  for (const f of files) out.push((await uploadImage(f, 'circle')).path);
  return out;
}

export async function publishPost(d: Draft) {
  requireLogin();
  const content = d.content.trim();
  check(content || d.images.length || d.video_id ? null : CIRCLE_TEXTS.empty, 'warning');
  check(d.images.length && d.video_id ? CIRCLE_TEXTS.imagesOrVideo : null, 'warning');
  const post = await api('/member/friendCirclePublish', {
    content,
    images: d.images,
    tags: d.tags,
    city: d.city,
    video_id: d.video_id ?? undefined,
  });
  saveDraft(EMPTY_DRAFT);
  flash('success', CIRCLE_TEXTS.published);
  return post;
}

/** Where a published post is seen: the 最新 feed with that post on top. */
export const publishedHref = (id: number): string => `/firendscircle?tab=new&post=${id}`;

/* The member's own comments, a circle profile, and whether the homepage shows what they study (read with {}, saved with the flag). */
export const fetchMyCircleComments = (input: ApiInput<'/member/friendCircleMyComments'>) => api('/member/friendCircleMyComments', input);
export const fetchCircleProfile = (input: ApiInput<'/index/friendCircleProfile'>) => api('/index/friendCircleProfile', input);
export const circleSettings = (input: ApiInput<'/member/friendCircleSettings'>) => api('/member/friendCircleSettings', input);
