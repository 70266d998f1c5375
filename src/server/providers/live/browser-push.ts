import { spawn } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { log } from '../../log';
import { hasFfmpeg } from '../ffmpeg';
import { pushSecret } from './media';
import { checkPush } from './sign';

/**
 * Going live from the browser: the anchor console's MediaRecorder sends WebM chunks
 * over this WebSocket; ffmpeg turns them into H.264/AAC and pushes them to the embedded ingest with
 * the same signed key OBS would use — so the ingest, the rooms and the recording see an ordinary
 * publish. The key is checked before ffmpeg starts. Close codes tell the page what went wrong.
 */
export const BROWSER_PUSH_PATH = '/live/push';
export const PUSH_CLOSE = { badKey: 4001, noFfmpeg: 4002, encoderEnded: 4003, tooSlow: 4004 } as const;
/** WebM the encoder has not taken yet: beyond this the uplink outruns it and the push stops. */
const MAX_BACKLOG = 16 * 1024 * 1024;

export interface BrowserPush {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): void;
}

/** `ingest` is the embedded RTMP ingest as ffmpeg reaches it, `host:port`. */
export function createBrowserPush(ingest: string): BrowserPush {
  // A refused key closes at once; a peer that ignores our close frame is cut after 5 s (ws's default: 30 s).
  const wss = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024, perMessageDeflate: false, closeTimeout: 5000 });
  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== BROWSER_PUSH_PATH) return false;
      wss.handleUpgrade(req, socket, head, (ws) => serve(ws, url.searchParams.get('key') ?? '', ingest));
      return true;
    },
    close() {
      for (const ws of wss.clients) ws.close(1001, 'server shutting down');
      wss.close();
    },
  };
}

function serve(ws: WebSocket, key: string, ingest: string): void {
  const [stream = '', query = ''] = key.split('?');
  const verdict = checkPush(pushSecret(), stream, Object.fromEntries(new URLSearchParams(query)));
  if (verdict !== 'ok') return ws.close(PUSH_CLOSE.badKey, `push key ${verdict}`);
  if (!hasFfmpeg()) return ws.close(PUSH_CLOSE.noFfmpeg, 'ffmpeg missing');

  const ff = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-fflags', '+nobuffer+genpts', '-i', 'pipe:0'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '50'],
      ...['-c:a', 'aac', '-ar', '44100', '-b:a', '96k', '-f', 'flv', `rtmp://${ingest}/live/${stream}?${query}`],
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let stderr = '';
  ff.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  ff.stdin.on('error', () => undefined); // ffmpeg gone: its exit handler closes the socket
  ff.on('exit', (code) => {
    if (code) log.warn('browser push encoder stopped', { stream, code, stderr: stderr.trim().slice(-300) });
    if (ws.readyState === ws.OPEN) ws.close(code ? PUSH_CLOSE.encoderEnded : 1000, code ? 'encoder stopped' : 'done');
  });
  ws.on('message', (data, isBinary) => {
    if (!isBinary) return;
    if (ff.stdin.writableLength > MAX_BACKLOG) {
      ws.close(PUSH_CLOSE.tooSlow, 'encoder backlog');
      return;
    }
    ff.stdin.write(data as Buffer);
  });
  ws.on('close', () => {
    ff.stdin.end();
    // Let ffmpeg flush what it has, then make sure it is gone.
    setTimeout(() => ff.exitCode === null && ff.kill('SIGKILL'), 3000).unref();
  });
}
