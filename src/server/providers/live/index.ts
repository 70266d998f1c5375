import { env } from '../../env';
import { appSecret } from '../../security/tokens';
import { signedPushQuery } from './sign';
import { nginxMedia } from './nginx';
import { tencentMedia } from './tencent';

/**
 * Live media (issue 15 §1): where anchors push and viewers play, whatever runs the media.
 * - `local` (default): the RTMP ingest inside this process (`local.ts`, node-media-server); viewers
 *   play HTTP-FLV from the site's own port at /media/live/<stream>.flv.
 * - `nginx` (`nginx.ts`): nginx-rtmp takes pushes and asks our hooks; viewers play its HLS.
 * - `tencent` (`tencent.ts`): Tencent Cloud Live's signed URLs; its callbacks report the streams.
 * The rooms (the live module) only see this interface and the stream events below.
 */
export type LiveMediaKind = 'local' | 'nginx' | 'tencent';

/** What OBS needs: the whole URL, or 服务器 + 串流密钥 as OBS asks for them. */
export interface PushInfo {
  url: string;
  server: string;
  key: string;
  expiresAt: string;
}
export interface PlayInfo {
  flv: string | null;
  hls: string | null;
}
export interface LiveMedia {
  kind: LiveMediaKind;
  pushInfo(stream: string, ttlSeconds: number): PushInfo;
  playInfo(stream: string): PlayInfo;
  /** Drops the publisher of `stream` (the anchor stopped, or an operator took the room down). */
  kick(stream: string): Promise<void>;
}

/** Stream events from the media backend; the live module registers them at startup. */
export interface StreamHandlers {
  /** A signed publish began: false refuses it (unknown stream, banned room). */
  started(stream: string): Promise<boolean>;
  ended(stream: string): Promise<void>;
  /**
   * A recording of the broadcast that just ended on `stream` is ready (or failed: `url` ''): it
   * becomes that broadcast's playback. `url` is a stored path (/uploads/live/…) or a VOD URL.
   */
  recorded(stream: string, rec: { url: string; poster: string; durationS: number; startedAt?: Date }): Promise<void>;
}

const HANDLERS = Symbol.for('gongfu.live.handlers');
/** Kept on globalThis: server.mjs's ingest and the bundle's modules must see the same handlers. */
export function setStreamHandlers(h: StreamHandlers): void {
  Reflect.set(globalThis, HANDLERS, h);
}
export function streamHandlers(): StreamHandlers | undefined {
  return Reflect.get(globalThis, HANDLERS) as StreamHandlers | undefined;
}

/** The secret push URLs are signed with (derived from the app secret unless LIVE_PUSH_SECRET is set). */
export function pushSecret(): string {
  return env().LIVE_PUSH_SECRET ?? `live:${appSecret()}`;
}

function pushParts(base: string, stream: string, query: string, expireAt: number): PushInfo {
  const key = `${stream}?${query}`;
  return { url: `${base}/${key}`, server: base, key, expiresAt: new Date(expireAt * 1000).toISOString() };
}

/**
 * Why the embedded ingest of this instance is not listening (its RTMP port taken), set by startup();
 * null while it listens or was never asked to. Going live refuses instead of handing out a dead push URL.
 */
let ingestProblem: string | null = null;
export function setIngestProblem(problem: string | null): void {
  ingestProblem = problem;
}
export const ingestProblemNow = (): string | null => ingestProblem;

const localMedia: LiveMedia = {
  kind: 'local',
  pushInfo(stream, ttl) {
    const expire = Math.floor(Date.now() / 1000) + ttl;
    const e = env();
    const host = e.LIVE_RTMP_HOST ?? new URL(e.SITE_URL).hostname;
    return pushParts(`rtmp://${host}:${e.LIVE_RTMP_PORT}/live`, stream, signedPushQuery(pushSecret(), stream, expire), expire);
  },
  playInfo: (stream) => ({ flv: `/media/live/${stream}.flv`, hls: null }),
  async kick(stream) {
    const ingest = Reflect.get(globalThis, Symbol.for('gongfu.live.ingest')) as { kick(s: string): void } | undefined;
    ingest?.kick(stream);
  },
};

/** The configured backend (`off` hands out the embedded ingest's URLs: another instance runs it). */
export function liveMedia(): LiveMedia {
  const kind = env().LIVE_MEDIA;
  return kind === 'nginx' ? nginxMedia : kind === 'tencent' ? tencentMedia : localMedia;
}
