import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { monthDayTime } from '~/lib/format';
import { img } from '~/lib/media';
import { LIVE_TEXTS } from '~/lib/rules/live';
import type { LiveRoomStore } from '~/lib/stores/live-room';
import { requireLoginOr } from './require-login';
import LiveVideo from '../LiveVideo';
import BarrageLane from './BarrageLane';

/**
 * The stage: the live picture with the barrage crossing it (toggle), or the cover and a plain
 * sentence while off air; under it the audience, likes and the barrage switch.
 */
export default function RoomStage(props: { store: LiveRoomStore }) {
  const room = useStore(props.store.$room);
  const likes = useStore(props.store.$likes);
  const [showBarrage, setShowBarrage] = useState(true);
  const live = room.status === 'live' && room.play;

  return (
    <div className="overflow-hidden rounded-lg bg-night-video">
      <div className="relative aspect-video w-full" data-testid="live-stage" data-status={room.status}>
        {live && room.play ? (
          <LiveVideo src={room.play} />
        ) : (
          <div className="relative flex h-full w-full flex-col items-center justify-center gap-3 overflow-hidden text-white/85">
            {/* The cover as a soft backdrop: its own title must not compete with the sentence over it. */}
            {room.cover && (
              <img src={img(room.cover)} alt="" className="absolute inset-0 h-full w-full scale-110 object-cover opacity-35 blur-md" />
            )}
            <span className={`relative text-5xl ${room.status === 'banned' ? 'i-ri-forbid-line' : 'i-ri-live-line'}`} />
            <p className="relative text-[15px]" data-testid="live-idle">
              {room.status === 'banned' ? LIVE_TEXTS.banned(room.ban_reason) : '主播暂未开播，开播后这里会自动播放'}
            </p>
            {room.status !== 'banned' && room.next_notice && (
              <p className="relative text-sm text-white/70">
                下一场：{room.next_notice.title} · {monthDayTime(room.next_notice.start_at)}
              </p>
            )}
          </div>
        )}
        {showBarrage && live && <BarrageLane store={props.store} />}
      </div>
      <div className="flex items-center gap-4 bg-night-bar px-4 py-2 text-sm text-white/80">
        <span data-testid="live-viewers">
          <span className="i-ri-user-3-line" /> {room.viewers} 人在看
        </span>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded px-2 py-1 hover:text-brand-accent disabled:opacity-50"
          disabled={!live}
          onClick={() => requireLoginOr(() => props.store.like())}
          data-testid="live-like"
        >
          <span className="i-ri-thumb-up-line" /> <span data-testid="live-likes">{likes}</span>
        </button>
        {live && room.started_at && (
          <span className="text-xs text-white/60" data-testid="live-started">
            {monthDayTime(room.started_at)} 开播
          </span>
        )}
        <label className="ml-auto inline-flex cursor-pointer items-center gap-1">
          <input type="checkbox" checked={showBarrage} onChange={(e) => setShowBarrage(e.target.checked)} data-testid="barrage-toggle" />
          弹幕
        </label>
      </div>
    </div>
  );
}
