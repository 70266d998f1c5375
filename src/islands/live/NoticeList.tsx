import { useEffect, useState } from 'react';
import type { LiveNotice } from '~/lib/api/contract/live-notices';
import { img } from '~/lib/media';
import { LIVE_TEXTS } from '~/lib/rules/live';
import { bookNotice } from '~/lib/stores/live-room';
import { $session } from '~/lib/stores/session';
import { openLogin } from '~/lib/stores/ui';
import { fetchLiveNotices, searchNotices, type NoticeSearch } from '~/lib/stores/live';
import { useAction } from '../ui/useAction';

export type NoticePage = { list: LiveNotice[]; total: number; page: number; limit: number };

/**
 * Upcoming notices and their 预约提醒, shared by the desktop list and the phone's /m/live: the page is
 * rendered for guests, a logged-in viewer's bookings are fetched once on mount; a guest's 预约 opens
 * the login (the mobile login page on the phone).
 */
export function useNoticeBookings(initial: NoticePage, roomId?: number, search?: NoticeSearch) {
  const [page, setPage] = useState<NoticePage>(initial);
  const act = useAction();
  useEffect(() => {
    if (!$session.get()?.token) return;
    const mine = search
      ? searchNotices(search)
      : fetchLiveNotices({ page: initial.page, limit: initial.limit, ...(roomId ? { room_id: roomId } : {}) });
    mine.then(setPage, () => undefined);
  }, [initial, roomId, search]);
  const toggle = (n: LiveNotice) => {
    if (!$session.get()?.token) return openLogin();
    void act.run(
      async () => {
        const r = await bookNotice(n.id, n.booked ? 0 : 1);
        setPage((p) => ({ ...p, list: p.list.map((x) => (x.id === n.id ? { ...x, ...r } : x)) }));
        return r;
      },
      { done: (r) => (r.booked ? LIVE_TEXTS.booked : LIVE_TEXTS.unbooked) },
    );
  };
  return { page, busy: act.busy, toggle };
}

/** Upcoming notices with 预约提醒 (/live and /live/prev; a page of the site search's 直播预告 tab with `search`). */
export default function NoticeList(props: { initial: NoticePage; compact?: boolean; roomId?: number; search?: NoticeSearch }) {
  const { page, busy, toggle } = useNoticeBookings(props.initial, props.roomId, props.search);

  if (page.list.length === 0) return <div className="gf-card py-16 text-center text-ink-mute">暂时没有直播预告</div>;
  return (
    <ul className={props.compact ? 'grid grid-cols-4 gap-4' : 'grid grid-cols-2 gap-4'} data-testid="notice-list">
      {page.list.map((n) => (
        <li key={n.id} className={`gf-card overflow-hidden ${props.compact ? '' : 'flex'}`} data-testid="notice-card">
          <a href={`/live/room/${n.room_id}`} className={props.compact ? 'block' : 'block w-[240px] shrink-0'}>
            <div className="relative aspect-video bg-night-video">
              {n.cover && <img src={img(n.cover)} alt="" className="h-full w-full object-cover" loading="lazy" />}
              <span className="absolute left-2 top-2 rounded bg-info-bright px-2 py-0.5 text-xs text-white">预告</span>
            </div>
          </a>
          <div className="flex min-w-0 flex-1 flex-col p-3">
            <a href={`/live/room/${n.room_id}`} className="truncate text-[15px] font-600 hover:text-brand">
              {n.title}
            </a>
            {!props.compact && n.intro && <p className="mt-1 line-clamp-2 text-sm text-ink-soft">{n.intro}</p>}
            <p className="mt-1 text-xs text-brand-dark">
              {new Date(n.start_at).toLocaleString('zh-CN', {
                timeZone: 'Asia/Shanghai',
                month: 'numeric',
                day: 'numeric',
                weekday: 'short',
                hour: '2-digit',
                minute: '2-digit',
              })}{' '}
              开播
            </p>
            <div className="mt-auto flex items-center gap-2 pt-2 text-xs text-ink-mute">
              <img src={img(n.anchor.avatar)} alt="" className="h-5 w-5 rounded-full object-cover" />
              <span className="truncate">{n.anchor.nick}</span>
              <span className="shrink-0">· {n.bookings} 人预约</span>
              <button
                type="button"
                className={n.booked ? 'gf-btn-ghost ml-auto h-7 px-2.5 text-xs' : 'gf-btn-primary ml-auto h-7 px-2.5 text-xs'}
                disabled={busy}
                onClick={() => toggle(n)}
                data-testid="notice-book"
              >
                {n.booked ? '已预约' : '预约提醒'}
              </button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
