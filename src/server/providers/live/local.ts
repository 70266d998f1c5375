import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { createRequire } from 'node:module';
import { log } from '../../log';
import { join } from 'node:path';
import { env } from '../../env';
import { uploadsDir } from '../storage';
import { checkPush, STREAM_NAME } from './sign';
import { pushSecret, streamHandlers } from './media';
import { finishRecording } from './vod';
import { createBrowserPush } from './browser-push';
import { hasFfmpeg } from '../ffmpeg';
import { createHlsSegmenter, HLS_PATH, hlsRoot, type HlsSegmenter } from './hls';

/**
 * The embedded RTMP ingest (`LIVE_MEDIA=local`): node-media-server's RTMP server and
 * FLV muxer, without its HTTP/admin servers. A publish must carry our signature (`sign.ts`) and then
 * be accepted by the rooms (`StreamHandlers.started`); viewers get HTTP-FLV from the site's own port
 * (`handleFlv`, mounted by server.mjs at /media/live/<stream>.flv).
 *
 * NMS checks its own `sign=<exp>-<md5>` format when `auth.publish` is on. We keep that check on
 * with a random secret nobody knows and, in `prePublish`, hand NMS a valid value only for a publish
 * whose query passed *our* check — so a refused publish never takes the stream's publisher slot.
 */

interface NmsSession {
  id: string;
  streamPath: string;
  streamName: string;
  streamQuery?: Record<string, unknown>;
  isPublisher?: boolean;
  socket?: Socket;
  broadcast?: { publisher: unknown; publishGraceMs: number };
  close(): void;
}
interface NmsContext {
  config: Record<string, unknown>;
  sessions: Map<string, NmsSession>;
  broadcasts: Map<string, { publisher: NmsSession | null }>;
  eventEmitter: import('node:events').EventEmitter;
}

const require = createRequire(import.meta.url);
const nms = (p: string) => require(`node-media-server/src/${p}`) as unknown;

export interface Ingest {
  port: number;
  /** The address the RTMP server is bound to, as the socket reports it ('127.0.0.1', '::', …). */
  address: string;
  /** Serves GET /media/live/<stream>.flv and the HLS under /media/live/hls/<stream>/; false when the path is not ours. */
  handleFlv(req: IncomingMessage, res: ServerResponse): boolean;
  /** Takes the /live/push WebSocket (going live from the browser); false when the path is not ours. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  kick(stream: string): void;
  /** Whether `stream` has a publisher here now (the reconciliation's question). */
  publishing(stream: string): boolean;
  /** Whether a recording of `stream` is still being written or finished here (it reports itself). */
  recording(stream: string): boolean;
  close(): Promise<void>;
}

/** Streams whose recording this process is writing or finishing. */
const recordingNow = new Map<string, number>();
const addRecording = (stream: string, d: number) => {
  const n = (recordingNow.get(stream) ?? 0) + d;
  if (n > 0) recordingNow.set(stream, n);
  else recordingNow.delete(stream);
};

const INGEST = Symbol.for('gongfu.live.ingest');
const FLV_PATH = /^\/media\/live\/([A-Za-z0-9_-]{4,64})\.flv$/;

/**
 * Records an accepted publish with NMS's own FLV writer (it subscribes like a player, so it gets the
 * headers and the GOP cache first) into uploads/live/<stream>/<start>.flv. When the publish ends,
 * the file becomes the broadcast's playback (`vod.ts`) and the rooms are told.
 */
function record(s: NmsSession, Context: NmsContext): void {
  const started = Date.now();
  const file = join(uploadsDir(), 'live', s.streamName, `${started}.flv`);
  const RecordSession = nms('session/record_session.js') as new (
    s: NmsSession,
    file: string,
  ) => NmsSession & { run(): void; filePath: string };
  const rec = new RecordSession(s, file);
  const onDone = (done: { id: string }) => {
    if (done.id !== rec.id) return;
    Context.eventEmitter.off('doneRecord', onDone);
    void finishRecording(file)
      .then((r) => streamHandlers()?.recorded(s.streamName, { ...r, startedAt: new Date(started) }))
      .catch((err: unknown) => log.error('live recording could not be finished', { stream: s.streamName, error: String(err) }))
      .finally(() => addRecording(s.streamName, -1));
  };
  addRecording(s.streamName, 1);
  Context.eventEmitter.on('doneRecord', onDone);
  rec.run();
  Context.sessions.set(rec.id, rec);
}

/** Listens on `host` (startup() passes the site's HOST: loopback unless it is set). */
export async function startIngest(opts: { port: number; host: string }): Promise<Ingest> {
  const Context = nms('core/context.js') as NmsContext;
  (nms('core/logger.js') as { level: string }).level = 'error';
  const nmsSecret = randomBytes(24).toString('hex');
  Context.config = { bind: opts.host, rtmp: { port: opts.port }, auth: { publish: true, play: false, secret: nmsSecret } };
  /** NMS's own sign for a path (see above), valid for a minute: only ever handed to a checked publish. */
  const nmsSign = (path: string) => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    return `${exp}-${createHash('md5').update(`${path}-${exp}-${nmsSecret}`).digest('hex')}`;
  };

  const RtmpServer = nms('server/rtmp_server.js') as new () => { tcpServer?: Server; stop(): void };
  const rtmp = new RtmpServer();
  // Listen first: a taken port leaves no handlers behind on NMS's shared emitter.
  const address = await new Promise<string>((ok, fail) => {
    const tcp = rtmp.tcpServer;
    if (!tcp) return fail(new Error('RTMP server not created'));
    tcp.once('error', fail);
    tcp.listen(opts.port, opts.host, () => {
      const a = tcp.address();
      ok(typeof a === 'object' && a ? a.address : opts.host);
    });
  });

  // HLS beside HTTP-FLV when ffmpeg is here (hls.ts): the segmenter plays the stream from this ingest.
  const hls: HlsSegmenter | null = hasFfmpeg()
    ? createHlsSegmenter({ root: hlsRoot(), input: (stream) => `rtmp://${connectHost(address)}:${opts.port}/live/${stream}` })
    : null;
  /** The publish session each stream's segmenter belongs to (a refused second publish must not stop it). */
  const hlsOwner = new Map<string, string>();

  Context.eventEmitter.on('prePublish', (s: NmsSession) => {
    const verdict = checkPush(pushSecret(), s.streamName, s.streamQuery ?? {});
    s.streamQuery = { ...(s.streamQuery ?? {}), sign: verdict === 'ok' ? nmsSign(s.streamPath) : 'refused' };
    if (verdict !== 'ok') log.warn('live publish refused', { stream: s.streamName, reason: verdict });
  });
  Context.eventEmitter.on('postPublish', (s: NmsSession) => {
    // A stopped push ends the broadcast now, not after NMS's 30 s reconnect grace.
    if (s.broadcast) s.broadcast.publishGraceMs = 0;
    const handlers = streamHandlers();
    void (handlers ? handlers.started(s.streamName) : Promise.resolve(true)).then(
      (ok) => {
        if (!ok) {
          log.warn('live publish refused by the room', { stream: s.streamName });
          s.close();
        } else if (Context.broadcasts.get(s.streamPath)?.publisher === s) {
          if (env().LIVE_RECORD === 'auto') record(s, Context);
          if (hls) {
            hlsOwner.set(s.streamName, s.id);
            hls.start(s.streamName);
          }
        }
      },
      (err: unknown) => {
        log.error('live start handler failed', { stream: s.streamName, error: String(err) });
        s.close();
      },
    );
    s.socket?.once('close', () => {
      if (hls && hlsOwner.get(s.streamName) === s.id) {
        hlsOwner.delete(s.streamName);
        hls.stop(s.streamName);
      }
      void handlers?.ended(s.streamName).catch((err: unknown) => log.error('live end handler failed', { error: String(err) }));
    });
  });

  // ffmpeg of 网页开播 pushes over loopback to wherever the ingest is bound.
  const browserPush = createBrowserPush(`${connectHost(address)}:${opts.port}`);
  const FlvSession = nms('session/flv_session.js') as new (req: unknown, res: unknown) => NmsSession & { run(): void };
  const ingest: Ingest = {
    port: opts.port,
    address,
    handleFlv(req, res) {
      const h = HLS_PATH.exec((req.url ?? '').split('?')[0] ?? '');
      if (h?.[1] && h[2]) {
        if (!hls || !STREAM_NAME.test(h[1])) return false;
        void serveHls(res, hls.dir(h[1]), h[2], () => hls.running(h[1] ?? ''));
        return true;
      }
      const m = FLV_PATH.exec((req.url ?? '').split('?')[0] ?? '');
      if (!m?.[1] || !STREAM_NAME.test(m[1])) return false;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET' }).end();
        return true;
      }
      const live = Context.broadcasts.get(`/live/${m[1]}`)?.publisher;
      if (!live) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('直播未开始');
        return true;
      }
      res.writeHead(200, { 'content-type': 'video/x-flv', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      if (req.method === 'HEAD') return (void res.end(), true);
      Object.assign(req, { params: { app: 'live', name: m[1] }, query: {}, hostname: 'localhost' });
      const session = new FlvSession(req, res);
      Context.sessions.set(session.id, session);
      session.run();
      return true;
    },
    handleUpgrade: (req, socket, head) => browserPush.handleUpgrade(req, socket, head),
    kick(stream) {
      for (const s of Context.sessions.values()) if (s.isPublisher && s.streamName === stream) s.close();
    },
    publishing: (stream) => Boolean(Context.broadcasts.get(`/live/${stream}`)?.publisher),
    recording: (stream) => recordingNow.has(stream),
    async close() {
      browserPush.close();
      hls?.close();
      rtmp.stop();
      for (const s of Context.sessions.values()) s.close();
      Reflect.deleteProperty(globalThis, INGEST);
    },
  };
  Reflect.set(globalThis, INGEST, ingest);
  return ingest;
}

/**
 * One HLS file of a stream. The playlist appears after the first segment (a second or two after the
 * publish began): while the stream is segmented, a request for it waits up to 8 s instead of a 404.
 */
async function serveHls(res: ServerResponse, dir: string, file: string, running: () => boolean): Promise<void> {
  const path = join(dir, file);
  const playlist = file === 'index.m3u8';
  for (let i = 0; playlist && i < 40 && !existsSync(path) && running(); i++) await new Promise((ok) => setTimeout(ok, 200));
  if (!existsSync(path)) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('直播未开始');
    return;
  }
  res.writeHead(200, {
    'content-type': playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
    // The playlist changes every second; a segment never changes (and is gone within seconds).
    'cache-control': playlist ? 'no-cache' : 'max-age=30',
    'x-content-type-options': 'nosniff',
  });
  createReadStream(path)
    .on('error', () => res.destroy())
    .pipe(res);
}

/** How this process reaches a listener bound to `address`: a wildcard through loopback, IPv6 in brackets. */
function connectHost(address: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return address.includes(':') ? `[${address}]` : address;
}

/** A standalone HTTP server for the FLV output (tests; production mounts `handleFlv` on the site's server). */
export function flvServer(ingest: Ingest): Server {
  return createServer((req, res) => {
    if (!ingest.handleFlv(req, res)) res.writeHead(404).end();
  });
}
