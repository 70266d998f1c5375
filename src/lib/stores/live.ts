import { api } from '../api/client';
import type { ApiInput } from '../api/types';
import type { AnchorRoom, LiveRoom } from '../api/contract/live';
import type { LIVE_CATEGORIES } from '../rules/live';

/**
 * Live: what the room page and the anchor's console do. Besides the room chat's events, both
 * follow the room's state by asking again every few seconds (`LIVE_POLL_MS`).
 */
export const LIVE_POLL_MS = { viewer: 10_000, anchor: 4_000 } as const;

export const fetchRoom = (id: number): Promise<LiveRoom> => api('/public/liveRoom', { id });
export const fetchAnchorRoom = (): Promise<AnchorRoom> => api('/live/anchorRoom', {});

export async function startLive(title: string) {
  return api('/live/start', title.trim() ? { title: title.trim() } : {});
}
export const stopLive = () => api('/live/stop', {});

/**
 * Calls `fn` once, `ms` after the first of a burst of calls: gifts arriving in the anchor's console
 * refresh its totals once per burst, not once per gift.
 */
export function batched(fn: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      fn();
    }, ms);
  };
}

/**
 * When the console's totals (liveIndexInfo) must be read again: a gift heard in the room (`tick`),
 * the current broadcast's gift total seen by the console's poll, or a broadcast starting or ending.
 */
export function statsKey(room: Pick<AnchorRoom, 'session_id' | 'status' | 'gift_coins'>, tick: number): string {
  return `${room.session_id ?? ''}:${room.status}:${room.gift_coins}:${tick}`;
}

/** The stream to play: only a live room has one; a change of stream means the player restarts. */
export function streamKey(room: Pick<LiveRoom, 'status' | 'play'> | null): string {
  return room?.status === 'live' && room.play ? `${room.play.flv ?? ''}|${room.play.hls ?? ''}` : '';
}

// The anchor's management: settings, shelf, audience, notices, playbacks, history.
export type LiveSettingsInput = {
  title: string;
  cover: string;
  category: (typeof LIVE_CATEGORIES)[number] | '';
  shelf: { type: 'goods' | 'course'; id: number }[];
};
export const saveLiveSettings = (s: LiveSettingsInput) => api('/live/settings', s);
export const fetchShelfOptions = () => api('/live/shelfOptions', {});
export const fetchViewers = () => api('/live/viewers', {});
export const muteViewer = (userId: number, minutes: number) => api('/live/mute', { user_id: userId, minutes });
export const kickViewer = (userId: number) => api('/live/kick', { user_id: userId });
export const fetchLiveIndex = (kind: 'coach' | 'shop') =>
  kind === 'coach' ? api('/coach/liveIndexInfo', {}) : api('/shop/liveIndexInfo', {});

export type NoticeInput = { title: string; cover: string; intro: string; start_at: string };
export const fetchMyNotices = (page: number) => api('/live/notices', { page, limit: 10 });
export function saveNotice(kind: 'coach' | 'shop', input: NoticeInput & { id?: number }) {
  const { id, ...rest } = input;
  if (kind === 'coach') return id ? api('/coach/liveNoticeEdit', { id, ...rest }) : api('/coach/liveNoticeAdd', rest);
  return id ? api('/shop/liveNoticeEdit', { id, ...rest }) : api('/shop/liveNoticeAdd', rest);
}
export const deleteNotice = (kind: 'coach' | 'shop', id: number) =>
  kind === 'coach' ? api('/coach/liveNoticeDelete', { id }) : api('/shop/liveNoticeDelete', { id });

export const fetchLiveLogs = (page: number) => api('/member/liveLogs', { page, limit: 10 });
export const pinPlaybacks = (ids: number[], status: 0 | 1) => api('/member/liveBatchTop', { ids, status });
export const deletePlaybacks = (ids: number[]) => api('/member/PlayBackDelete', { ids });
export const fetchPushCaps = () => api('/live/pushCaps', {});

/* The member's gift log and the public broadcast notices. */
export const fetchGiftLogs = (input: ApiInput<'/member/giftLogs'>) => api('/member/giftLogs', input);
export const fetchLiveNotices = (input: ApiInput<'/public/liveNotices'>) => api('/public/liveNotices', input);

/** A page of the site search's 直播预告 tab. */
export interface NoticeSearch {
  q: string;
  page: number;
  limit: number;
}

/** The same page of notices again for the logged-in viewer (their 预约 filled in). */
export async function searchNotices(s: NoticeSearch) {
  const r = await api('/index/comSeach', { q: s.q, type: 'notice', page: s.page, limit: s.limit });
  return { list: r.type === 'notice' ? r.list : [], total: r.total, page: s.page, limit: s.limit };
}
