import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { monthDayTime } from '~/lib/format';
import { img } from '~/lib/media';
import { LIVE_TEXTS } from '~/lib/rules/live';
import { bookNotice, type LiveRoomStore } from '~/lib/stores/live-room';
import { createFollow } from '~/lib/stores/social';
import { toast } from '~/lib/toast';
import ReportButton from '../../catalogue/ReportButton';
import { useAction } from '../../ui/useAction';
import { useSession } from '../../chrome/useSession';
import { requireLoginOr } from './require-login';

/**
 * Following the room's anchor, shared by the desktop card and the phone's anchor row: the viewer's own
 * toggle wins over the room's is_follow once made; guests are sent to log in.
 */
export function useRoomFollow(store: LiveRoomStore) {
  const room = useStore(store.$room);
  const [follow] = useState(() =>
    createFollow({ type: room.anchor.kind === 'coach' ? 'coach' : 'mechant', id: room.anchor.id, uid: room.anchor.uid }, 0),
  );
  const followState = useStore(follow.$follow);
  const [mine, setFollowed] = useState<0 | 1 | null>(null);
  const followed = mine ?? room.is_follow;
  const act = useAction();
  // The anchor in their own room: nothing to follow or report (SPEC §5: nobody follows themself).
  const { user } = useSession();
  const own = user !== null && user.user_id === room.anchor.uid;
  const toggle = () =>
    requireLoginOr(() => {
      if (followState.is_follow !== followed) follow.$follow.setKey('is_follow', followed);
      void act.run(async () => setFollowed((await follow.toggle()).is_follow));
    });
  return { followed, own, busy: act.busy, toggle };
}

/** The anchor's card (follow, share), the next notice (book) — the top of the room's side column. */
export default function RoomSide(props: { store: LiveRoomStore; home: string; hideAnchor?: boolean }) {
  const room = useStore(props.store.$room);
  const { followed, own, busy, toggle } = useRoomFollow(props.store);
  const act = useAction();
  const notice = room.next_notice;

  return (
    <div className="space-y-3">
      {!props.hideAnchor && (
        <div className="gf-card flex items-center gap-3 p-4">
          <a href={props.home} className="flex min-w-0 flex-1 items-center gap-3" data-testid="live-anchor">
            <img src={img(room.anchor.avatar)} alt="" className="h-12 w-12 rounded-full object-cover" />
            <div className="min-w-0">
              <p className="truncate text-[15px] font-600">{room.anchor.nick}</p>
              <p className="text-xs text-ink-mute">{room.anchor.kind === 'coach' ? '教练' : '店铺'} · 进入主页</p>
            </div>
          </a>
          {!own && (
            <button
              type="button"
              className={followed ? 'gf-btn-ghost h-8 px-3' : 'gf-btn-primary h-8 px-3'}
              disabled={busy}
              onClick={toggle}
              data-testid="live-follow"
            >
              {followed ? '已关注' : '+ 关注'}
            </button>
          )}
        </div>
      )}
      {/* Short labels on one line in the 320px column (the start time is under the picture). */}
      <div className="gf-card flex items-center gap-3 whitespace-nowrap px-4 py-3 text-sm" data-testid="live-info">
        {room.category && (
          <span className="min-w-0 truncate rounded bg-brand-light px-2 py-0.5 text-xs text-brand-dark" data-testid="live-category">
            {room.category}
          </span>
        )}
        <button
          type="button"
          className="ml-auto inline-flex shrink-0 items-center gap-1 text-ink-soft hover:text-brand"
          onClick={() =>
            void navigator.clipboard.writeText(location.href).then(
              () => toast.success('直播间链接已复制，快去分享吧'),
              () => toast.error('复制失败，请手动复制地址栏链接'),
            )
          }
          data-testid="live-share"
        >
          <span className="i-ri-share-forward-line" /> 分享
        </button>
        {/* Reports of the anchor go to the console's report queue (a takedown there can end the room). */}
        <ReportButton type={room.anchor.kind} id={room.anchor.id} ownerUid={room.anchor.uid} />
      </div>
      {notice && room.status !== 'live' && (
        <div className="gf-card p-4" data-testid="live-notice">
          <p className="text-xs text-ink-mute">直播预告 · {monthDayTime(notice.start_at)}</p>
          <p className="mt-1 font-600">{notice.title}</p>
          <div className="mt-2 flex items-center text-xs text-ink-mute">
            {notice.bookings} 人已预约
            <button
              type="button"
              className={notice.booked ? 'gf-btn-ghost ml-auto h-8 px-3' : 'gf-btn-primary ml-auto h-8 px-3'}
              disabled={act.busy}
              onClick={() =>
                requireLoginOr(
                  () =>
                    void act.run(
                      async () => {
                        const r = await bookNotice(notice.id, notice.booked ? 0 : 1);
                        props.store.$room.set({ ...room, next_notice: { ...notice, booked: r.booked, bookings: r.bookings } });
                        return r;
                      },
                      { done: (r) => (r.booked ? LIVE_TEXTS.booked : LIVE_TEXTS.unbooked) },
                    ),
                )
              }
              data-testid="live-book"
            >
              {notice.booked ? '已预约' : '预约提醒'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
