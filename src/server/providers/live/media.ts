import { hostname } from 'node:os';
import { env } from '../../env';
import { appSecret } from '../../security/tokens';

/**
 * Live media: where anchors push and viewers play, whatever runs the media.
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

/** A push URL split the way OBS asks for it. */
export function pushParts(base: string, stream: string, query: string, expireAt: number): PushInfo {
  const key = `${stream}?${query}`;
  return { url: `${base}/${key}`, server: base, key, expiresAt: new Date(expireAt * 1000).toISOString() };
}

/** What the rest of the server may ask of the embedded ingest running in this process (local.ts). */
export interface RunningIngest {
  kick(stream: string): void;
  publishing(stream: string): boolean;
  recording(stream: string): boolean;
}

/** The embedded ingest of this process, when it runs (server.mjs's startup, not `astro dev`). */
export function runningIngest(): RunningIngest | undefined {
  return Reflect.get(globalThis, Symbol.for('gongfu.live.ingest')) as RunningIngest | undefined;
}

/**
 * The name a room records for the ingest that took its stream (`live_rooms.ingest`): the embedded
 * ingest by host and RTMP port (stable across a restart of that instance, so it recognises its own
 * rooms after a crash), or the external backend.
 */
export function ingestName(): string {
  const e = env();
  if (e.LIVE_MEDIA === 'nginx' || e.LIVE_MEDIA === 'tencent') return e.LIVE_MEDIA;
  return `local:${hostname()}:${e.LIVE_RTMP_PORT}`;
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
