import { useEffect, useState } from 'react';
import type { LiveRoom } from '~/lib/api/contract/live';
import { LIVE_POLL_MS } from '~/lib/stores/live';
import { createLiveRoom } from '~/lib/stores/live-room';
import RoomChat from '~/islands/live/room/RoomChat';
import RoomSide from '~/islands/live/room/RoomSide';
import RoomStage from '~/islands/live/room/RoomStage';

/**
 * A live room on the phone: the stage (player and barrage) full width, then the anchor with follow
 * and the next notice, then the room chat — the desktop room's parts over the same store, in a column.
 */
export default function MobileLiveRoom(props: { room: LiveRoom; home: string }) {
  const [store] = useState(() => createLiveRoom(props.room));
  useEffect(() => {
    // As on the desktop room: the viewer's follow and booking come with the first refresh; the chat
    // socket brings state changes, a slow poll covers guests and lost sockets.
    void store.refresh().catch(() => undefined);
    void store.connect();
    const timer = setInterval(() => void store.refresh().catch(() => undefined), LIVE_POLL_MS.viewer);
    return () => {
      clearInterval(timer);
      store.leave();
    };
  }, [store]);
  return (
    <div className="space-y-3">
      <RoomStage store={store} />
      <div className="space-y-3 px-3">
        <RoomSide store={store} home={props.home} />
        <RoomChat store={store} />
      </div>
    </div>
  );
}
