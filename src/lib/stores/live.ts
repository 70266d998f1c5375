import { api } from '../api/client';
import type { AnchorRoom, LiveRoom } from '../api/contract/live';

/**
 * Live (issue 15): what the room page and the anchor's console do. Without room events yet, both
 * follow the room's state by asking again every few seconds (`LIVE_POLL_MS`).
 */
export const LIVE_POLL_MS = { viewer: 10_000, anchor: 4_000 } as const;

export const fetchRoom = (id: number): Promise<LiveRoom> => api('/public/liveRoom', { id });
export const fetchAnchorRoom = (): Promise<AnchorRoom> => api('/live/anchorRoom', {});

export async function startLive(title: string) {
  return api('/live/start', title.trim() ? { title: title.trim() } : {});
}
export const stopLive = () => api('/live/stop', {});

/** The stream to play: only a live room has one; a change of stream means the player restarts. */
export function streamKey(room: Pick<LiveRoom, 'status' | 'play'> | null): string {
  return room?.status === 'live' && room.play ? `${room.play.flv ?? ''}|${room.play.hls ?? ''}` : '';
}
