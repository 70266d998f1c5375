import { useEffect, useState } from 'react';
import type { LiveRoom } from '~/lib/api/contract/live';
import { LIVE_POLL_MS } from '~/lib/stores/live';
import { createLiveRoom } from '~/lib/stores/live-room';
import GiftBar from './room/GiftBar';
import RoomChat from './room/RoomChat';
import RoomShelf from './room/RoomShelf';
import RoomSide from './room/RoomSide';
import RoomStage from './room/RoomStage';

/**
 * The room page (/live/room/[id]): the stage with barrage, gifts and the shelf on the left; the
 * anchor, the next notice and the room chat on the right. The room's chat brings state changes
 * at once; a slow poll covers guests (who watch without the chat) and lost sockets.
 */
export default function LiveRoomView(props: { room: LiveRoom; home: string }) {
  const [store] = useState(() => createLiveRoom(props.room));
  useEffect(() => {
    // The page is rendered for guests: the viewer's follow and booking come with this first refresh.
    void store.refresh().catch(() => undefined);
    void store.connect();
    const timer = setInterval(() => void store.refresh().catch(() => undefined), LIVE_POLL_MS.viewer);
    return () => {
      clearInterval(timer);
      store.leave();
    };
  }, [store]);

  return (
    <div className="flex gap-4">
      <div className="min-w-0 flex-1">
        <RoomStage store={store} />
        <GiftBar store={store} />
        <RoomShelf store={store} />
      </div>
      <aside className="w-[320px] shrink-0 space-y-3">
        <RoomSide store={store} home={props.home} />
        <RoomChat store={store} />
      </aside>
    </div>
  );
}
