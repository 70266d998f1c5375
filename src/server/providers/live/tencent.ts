import { env } from '../../env';
import { log } from '../../log';
import type { LiveMedia } from './media';
import { tencentSecret } from './sign';

/**
 * Tencent Cloud Live (`LIVE_MEDIA=tencent`): anchors push to Tencent's push domain with a
 * `txSecret`/`txTime` pair, viewers play FLV or HLS from the play domain (signed too when the play
 * domain has URL authentication), and Tencent's callbacks (hooks.routes.ts) tell the rooms when a
 * stream starts, stops and when its recording is ready.
 */
export const tencentMedia: LiveMedia = {
  kind: 'tencent',
  pushInfo(stream, ttl) {
    const e = env();
    const expire = Math.floor(Date.now() / 1000) + ttl;
    const { txSecret, txTime } = tencentSecret(e.LIVE_TX_PUSH_KEY ?? '', stream, expire);
    const server = `rtmp://${e.LIVE_TX_PUSH_DOMAIN}/${e.LIVE_TX_APP}`;
    const key = `${stream}?txSecret=${txSecret}&txTime=${txTime}`;
    return { url: `${server}/${key}`, server, key, expiresAt: new Date(expire * 1000).toISOString() };
  },
  playInfo(stream) {
    const e = env();
    const base = `https://${e.LIVE_TX_PLAY_DOMAIN}/${e.LIVE_TX_APP}/${stream}`;
    // Play URLs are handed out per page view: a few hours of validity is plenty.
    let q = '';
    if (e.LIVE_TX_PLAY_KEY) {
      const { txSecret, txTime } = tencentSecret(e.LIVE_TX_PLAY_KEY, stream, Math.floor(Date.now() / 1000) + 6 * 3600);
      q = `?txSecret=${txSecret}&txTime=${txTime}`;
    }
    return { flv: `${base}.flv${q}`, hls: `${base}.m3u8${q}` };
  },
  async kick(stream) {
    // Dropping a stream is Tencent's cloud API (DropLiveStream, signed with an API key pair), not
    // called from here: the room ends on our side, and a banned room never shows as live again
    // (its stream-begin callback is answered without turning it live), so viewers get no play URL.
    log.warn('live: a Tencent stream is not dropped at Tencent; the room is ended here', { stream });
  },
};
