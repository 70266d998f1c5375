import { env } from '../../env';
import { pushParts, pushSecret, runningIngest, type LiveMedia } from './media';
import { signedPushQuery } from './sign';
import { hasFfmpeg } from '../ffmpeg';
import { HLS_URL } from './hls';
import { nginxMedia } from './nginx';
import { tencentMedia } from './tencent';

// The interface and the stream events live in media.ts, so the backends need not import this chooser.
export * from './media';

const localMedia: LiveMedia = {
  kind: 'local',
  pushInfo(stream, ttl) {
    const expire = Math.floor(Date.now() / 1000) + ttl;
    const e = env();
    const host = e.LIVE_RTMP_HOST ?? new URL(e.SITE_URL).hostname;
    return pushParts(`rtmp://${host}:${e.LIVE_RTMP_PORT}/live`, stream, signedPushQuery(pushSecret(), stream, expire), expire);
  },
  // HLS only when this server segments (ffmpeg here): see hls.ts.
  playInfo: (stream) => ({ flv: `/media/live/${stream}.flv`, hls: hasFfmpeg() ? HLS_URL(stream) : null }),
  async kick(stream) {
    runningIngest()?.kick(stream);
  },
};

/** The configured backend (`off` hands out the embedded ingest's URLs: another instance runs it). */
export function liveMedia(): LiveMedia {
  const kind = env().LIVE_MEDIA;
  return kind === 'nginx' ? nginxMedia : kind === 'tencent' ? tencentMedia : localMedia;
}
