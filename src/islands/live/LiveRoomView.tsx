import { useEffect, useState } from 'react';
import type { LiveRoom } from '~/lib/api/contract/live';
import { img } from '~/lib/media';
import { LIVE_TEXTS } from '~/lib/rules/live';
import { fetchRoom, LIVE_POLL_MS, streamKey } from '~/lib/stores/live';
import LiveVideo from './LiveVideo';

/**
 * The room page's stage (/live/room/[id]): the live picture while the anchor is on air, the cover
 * and a plain sentence otherwise. It asks for the room's state every few seconds, so a viewer who
 * waits sees the broadcast start, and sees it end.
 */
export default function LiveRoomView(props: { room: LiveRoom }) {
  const [room, setRoom] = useState(props.room);
  useEffect(() => {
    const timer = setInterval(() => {
      fetchRoom(props.room.id).then(
        (r) => setRoom((old) => (streamKey(old) === streamKey(r) && old.status === r.status ? old : r)),
        () => undefined,
      );
    }, LIVE_POLL_MS.viewer);
    return () => clearInterval(timer);
  }, [props.room.id]);

  return (
    <div className="aspect-video w-full overflow-hidden rounded bg-[#111]" data-testid="live-stage" data-status={room.status}>
      {room.status === 'live' && room.play ? (
        <LiveVideo src={room.play} />
      ) : (
        <div className="relative flex h-full w-full flex-col items-center justify-center gap-3 text-white/85">
          {room.cover && <img src={img(room.cover)} alt="" className="absolute inset-0 h-full w-full object-cover opacity-25" />}
          <span className={`relative text-5xl ${room.status === 'banned' ? 'i-ri-forbid-line' : 'i-ri-live-line'}`} />
          <p className="relative text-[15px]" data-testid="live-idle">
            {room.status === 'banned' ? LIVE_TEXTS.banned(room.ban_reason) : '主播暂未开播，开播后这里会自动播放'}
          </p>
        </div>
      )}
    </div>
  );
}
