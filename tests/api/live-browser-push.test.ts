import { execFileSync, spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { resetEnv } from '~/server/env';
import { pushSecret, setStreamHandlers } from '~/server/providers/live';
import { PUSH_CLOSE } from '~/server/providers/live/browser-push';
import { startIngest, type Ingest } from '~/server/providers/live/local';
import { signedPushQuery } from '~/server/providers/live/sign';
import { freePort } from '../../scripts/free-ports.mjs';

/**
 * Going live from the browser: WebM chunks, as MediaRecorder sends them, over the
 * /live/push WebSocket; ffmpeg encodes them into the room's stream on the embedded ingest.
 */
const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;
// A free port: two checkouts may run this suite at once.
const RTMP_PORT = await freePort();
let ingest: Ingest;
let server: http.Server;
let base = '';
const events: string[] = [];

beforeAll(async () => {
  setStreamHandlers({
    started: async (s) => (events.push(`started:${s}`), true),
    ended: async (s) => void events.push(`ended:${s}`),
    recorded: async () => {},
  });
  // This test is about the push: no recording (which would need a data directory).
  process.env['LIVE_RECORD'] = 'off';
  resetEnv();
  ingest = await startIngest({ port: RTMP_PORT, host: '127.0.0.1' });
  server = http.createServer((req, res) => {
    if (!ingest.handleFlv(req, res)) res.writeHead(404).end();
  });
  server.on('upgrade', (req, socket, head) => {
    if (!ingest.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  Reflect.deleteProperty(process.env, 'LIVE_RECORD');
  resetEnv();
  server.closeAllConnections();
  server.close();
  await ingest.close();
});

const open = (key: string) => new WebSocket(`ws://${base}/live/push?key=${encodeURIComponent(key)}`);
const closed = (ws: WebSocket) => new Promise<number>((ok) => ws.on('close', (code) => ok(code)));
const until = async (cond: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return cond();
};

describe.skipIf(!hasFfmpeg)('browser push (/live/push)', () => {
  it('refuses an unsigned or expired key before starting anything', async () => {
    expect(await closed(open('room_bp1'))).toBe(PUSH_CLOSE.badKey);
    const expired = `room_bp1?${signedPushQuery(pushSecret(), 'room_bp1', Math.floor(Date.now() / 1000) - 1)}`;
    expect(await closed(open(expired))).toBe(PUSH_CLOSE.badKey);
    expect(events.some((e) => e.includes('room_bp1'))).toBe(false);
  });

  it('encodes WebM chunks into the room’s stream: the room starts, viewers get FLV, and closing ends it', async () => {
    // What a browser's MediaRecorder produces: VP8 + Opus in WebM, sent in pieces.
    const webm = execFileSync(
      'ffmpeg',
      [
        ...[
          '-hide_banner',
          '-loglevel',
          'error',
          '-f',
          'lavfi',
          '-i',
          'testsrc=size=320x240:rate=25',
          '-f',
          'lavfi',
          '-i',
          'sine=frequency=440',
        ],
        ...['-t', '6', '-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '300k', '-c:a', 'libopus', '-f', 'webm', 'pipe:1'],
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const stream = 'room_bp2';
    const ws = open(`${stream}?${signedPushQuery(pushSecret(), stream, Math.floor(Date.now() / 1000) + 300)}`);
    await new Promise((ok) => ws.once('open', ok));
    const step = Math.ceil(webm.length / 24);
    for (let i = 0; i < webm.length; i += step) {
      ws.send(webm.subarray(i, i + step));
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await until(() => events.includes(`started:${stream}`))).toBe(true);
    const res = await fetch(`http://${base}/media/live/${stream}.flv`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    expect(Buffer.from(value!).subarray(0, 3).toString()).toBe('FLV');
    await reader.cancel();
    ws.close(1000);
    expect(await until(() => events.includes(`ended:${stream}`), 15_000)).toBe(true);
  }, 60_000);
});
