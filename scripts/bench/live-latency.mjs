#!/usr/bin/env node
// @ts-check
/**
 * Glass-to-glass latency of a live broadcast, HTTP-FLV and HLS, on the production server:
 *
 *   npm run bench:live-latency [-- --seconds=20 --json --no-build]            embedded ingest: HTTP-FLV, and its HLS
 *                                                                             when ffmpeg is installed (hls.ts)
 *   npm run bench:live-latency -- --media=nginx                               nginx-rtmp (shipped config), HLS
 *
 * The broadcaster is this script: it paints 25 frames a second whose blocks spell the wall-clock time
 * in milliseconds (41 bits + a 7-bit check) and pipes them into ffmpeg, which pushes H.264/AAC to the
 * demo coach's room over the signed RTMP URL `/live/start` hands out. The viewer is Chromium playing
 * the room's FLV URL with mpegts.js and its HLS URL with hls.js (the libraries the room page loads,
 * with the same low-latency settings): on every decoded frame it reads the blocks back and takes
 * `Date.now() − painted`. Both clocks are this machine's, so the difference is the whole path:
 * encoder, ingest, server, network, player buffer and decoder. Not a test: numbers go to the console
 * (and docs/PERFORMANCE.md by hand), nothing is asserted.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { appEnv, ensureBuild, prepareData, startServer } from './app.mjs';
import { cleanup, freePort, installExitHandlers, log, onCleanup, parseArgs, postApi, sleep } from './util.mjs';
import { renderLiveConfig } from '../live-nginx-config.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = parseArgs(process.argv.slice(2));
const SECONDS = Number(args.seconds ?? 20);
const W = 320;
const H = 240;
const COLS = 8;
const ROWS = 6;
const BLOCK = 40;
const TIME_BITS = 41;

/** One gray frame whose 48 blocks spell `ms` (41 bits, then popcount mod 128 in 7 bits). */
export function paint(ms) {
  const frame = Buffer.alloc(W * H, 0x40);
  let ones = 0;
  const bits = [];
  for (let i = 0; i < TIME_BITS; i++) {
    const b = Math.floor(ms / 2 ** i) % 2;
    ones += b;
    bits.push(b);
  }
  for (let i = 0; i < 7; i++) bits.push((ones >> i) & 1);
  bits.forEach((b, i) => {
    if (!b) return;
    const x0 = (i % COLS) * BLOCK;
    const y0 = Math.floor(i / COLS) * BLOCK;
    for (let y = y0 + 2; y < y0 + BLOCK - 2; y++) frame.fill(0xf0, y * W + x0 + 2, y * W + x0 + BLOCK - 2);
  });
  return frame;
}

/** Runs in the page: reads the blocks of the drawn frame back into milliseconds, or null. */
const DECODE = `(ctx) => {
  const px = ctx.getImageData(0, 0, ${W}, ${H}).data;
  const bits = [];
  for (let i = 0; i < ${COLS * ROWS}; i++) {
    const cx = (i % ${COLS}) * ${BLOCK} + ${BLOCK / 2};
    const cy = Math.floor(i / ${COLS}) * ${BLOCK} + ${BLOCK / 2};
    let sum = 0;
    for (let dy = -6; dy <= 6; dy += 3) for (let dx = -6; dx <= 6; dx += 3) sum += px[((cy + dy) * ${W} + cx + dx) * 4];
    bits.push(sum / 25 > 150 ? 1 : 0);
  }
  let ms = 0, ones = 0, check = 0;
  for (let i = 0; i < ${TIME_BITS}; i++) { ms += bits[i] * 2 ** i; ones += bits[i]; }
  for (let i = 0; i < 7; i++) check |= bits[${TIME_BITS} + i] << i;
  return (ones & 127) === check ? ms : null;
}`;

function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
}

async function main() {
  installExitHandlers();
  if (!args['no-build']) await ensureBuild(ROOT);
  const port = await freePort(4620, args.port);
  const rtmpPort = await freePort(19390, args['rtmp-port']);
  const dataDir = mkdtempSync(join(tmpdir(), 'gongfu-live-bench-'));
  const nginx = args.media === 'nginx';
  const hlsPort = await freePort(19480, args['hls-port']);
  const token = 'bench-nginx-hook-token';
  const env = {
    ...appEnv({ port, dataDir }),
    LIVE_RTMP_PORT: String(rtmpPort),
    ...(nginx
      ? {
          LIVE_MEDIA: 'nginx',
          LIVE_NGINX_HOOK_TOKEN: token,
          LIVE_NGINX_RTMP_URL: `rtmp://127.0.0.1:${rtmpPort}/live`,
          LIVE_NGINX_HLS_URL: `http://127.0.0.1:${hlsPort}/hls`,
          LIVE_RECORD: 'off',
        }
      : { LIVE_MEDIA: 'local' }),
  };
  await prepareData(ROOT, env, 0);
  await startServer(ROOT, env, join(dataDir, 'server.log'));
  const base = `http://127.0.0.1:${port}`;
  if (nginx) {
    // The shipped config, in a scratch prefix; nginx's workers must reach the HLS directory.
    const prefix = join(dataDir, 'nginx');
    for (const d of ['hls', 'rec']) mkdirSync(join(prefix, d), { recursive: true });
    for (const d of [dataDir, prefix]) chmodSync(d, 0o755);
    for (const d of ['hls', 'rec']) chmodSync(join(prefix, d), 0o777);
    const conf = renderLiveConfig({
      site: base,
      token,
      rtmpPort,
      httpPort: hlsPort,
      hlsDir: join(prefix, 'hls'),
      recordDir: join(prefix, 'rec'),
      module: '/usr/lib/nginx/modules/ngx_rtmp_module.so',
      prefix,
    });
    writeFileSync(join(prefix, 'nginx.conf'), conf);
    const n = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
    onCleanup(() => n.kill('SIGQUIT'));
    await sleep(1000);
  }

  // The demo coach starts a broadcast and gets the signed push URL.
  const { token: coach } = await postApi(base, '/login', { phone: '13800000002', password: 'gongfu123' });
  const started = await postApi(base, '/live/start', {}, coach);
  const pushUrl = started.push.url.replace(/^rtmp:\/\/[^/]+/, `rtmp://127.0.0.1:${rtmpPort}`);
  const roomId = started.room_id;

  const ffmpeg = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${W}x${H}`, '-r', '25', '-i', 'pipe:0'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p', '-b:v', '800k'],
      ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv', pushUrl],
    ],
    { stdio: ['pipe', 'ignore', 'inherit'] },
  );
  onCleanup(() => ffmpeg.kill('SIGKILL'));
  // A refused or ended push closes ffmpeg's stdin: that ends the run through its checks, not an uncaught EPIPE.
  ffmpeg.stdin.on('error', (err) => log(`ffmpeg input closed: ${err.message}`));
  const frames = setInterval(() => ffmpeg.stdin.write(paint(Date.now())), 40);
  onCleanup(() => clearInterval(frames));

  // Wait until the room says it is live and hands out play URLs.
  let play = null;
  for (let i = 0; i < 60 && !play; i++) {
    await sleep(500);
    const room = await postApi(base, '/public/liveRoom', { id: roomId });
    if (room.status === 'live' && (room.play?.flv || room.play?.hls)) play = room.play;
  }
  if (!play) throw new Error('the room did not go live');
  log(`live: flv ${play.flv ?? '(none)'}, hls ${play.hls ?? '(none)'}`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // nginx's HLS port is another loopback origin than the page: no local-network permission prompt in a bench.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--autoplay-policy=no-user-gesture-required',
      '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessRespectPreflightResults',
    ],
  });
  onCleanup(() => browser.close());
  const results = {};
  for (const via of ['flv', 'hls']) {
    const src = play[via];
    if (!src) continue;
    // nginx writes the first playlist after the first fragment: a player started earlier gets a 404
    // (the embedded ingest's HLS waits for its first playlist itself).
    for (let i = 0; via === 'hls' && i < 40; i++) {
      if ((await fetch(new URL(src, base)).catch(() => null))?.ok) break;
      await sleep(250);
    }
    const page = await browser.newPage();
    page.on('console', (m) => log(`page: ${m.text().slice(0, 200)}`));
    page.on('pageerror', (e) => log(`page error: ${e.message.slice(0, 200)}`));
    // A bare page on the site's origin (same-origin media requests), with the players from node_modules.
    await page.route(`${base}/__live_latency`, (r) =>
      r.fulfill({ contentType: 'text/html', body: '<video id="v" muted autoplay playsinline></video>' }),
    );
    await page.goto(`${base}/__live_latency`);
    const lib = via === 'flv' ? 'node_modules/mpegts.js/dist/mpegts.js' : 'node_modules/hls.js/dist/hls.min.js';
    await page.addScriptTag({ content: readFileSync(join(ROOT, lib), 'utf8') });
    const samples = await page.evaluate(
      async ({ via, src, seconds, decode }) => {
        // Runs in the page: the players come from the <script> tags of its HTML.
        /**
         * @type {{
         *   mpegts: { createPlayer(src: object, o: object): { attachMediaElement(v: HTMLMediaElement): void; load(): void } };
         *   Hls: {
         *     new (o: object): {
         *       on(ev: string, cb: (e: unknown, d: { type: string; details: string; fatal: boolean }) => void): void;
         *       loadSource(u: string): void;
         *       attachMedia(v: HTMLMediaElement): void;
         *     };
         *     Events: { ERROR: string };
         *   };
         * }}
         */
        const w = /** @type {never} */ (window);
        const v = /** @type {HTMLVideoElement & { requestVideoFrameCallback(cb: () => void): number }} */ (document.getElementById('v'));
        const url = new URL(src, location.href).href;
        if (via === 'flv') {
          const p = w.mpegts.createPlayer({ type: 'flv', isLive: true, url }, { enableStashBuffer: false, liveBufferLatencyChasing: true });
          p.attachMediaElement(v);
          p.load();
        } else {
          const h = new w.Hls({ lowLatencyMode: true });
          h.on(w.Hls.Events.ERROR, (_e, d) => console.log(`hls error ${d.type} ${d.details} ${d.fatal}`));
          h.loadSource(url);
          h.attachMedia(v);
        }
        void v.play().catch(() => undefined);
        const canvas = document.createElement('canvas');
        canvas.width = 320;
        canvas.height = 240;
        const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d', { willReadFrequently: true }));
        const read = eval(decode);
        const out = [];
        const warm = performance.now() + (via === 'hls' ? 10000 : 4000);
        const end = warm + seconds * 1000;
        await new Promise((/** @type {(v?: unknown) => void} */ done) => {
          const tick = () => {
            ctx.drawImage(v, 0, 0, 320, 240);
            const ms = read(ctx);
            if (ms !== null && performance.now() > warm) out.push(Date.now() - ms);
            if (performance.now() > end) return done();
            v.requestVideoFrameCallback(tick);
          };
          v.requestVideoFrameCallback(tick);
          setTimeout(done, (seconds + 30) * 1000);
        });
        return out;
      },
      { via, src, seconds: SECONDS, decode: DECODE },
    );
    await page.close();
    results[via] = samples.length
      ? {
          frames: samples.length,
          p50_ms: pct(samples, 50),
          p90_ms: pct(samples, 90),
          min_ms: Math.min(...samples),
          max_ms: Math.max(...samples),
        }
      : { frames: 0 };
    log(`${via}: ${JSON.stringify(results[via])}`);
  }
  await postApi(base, '/live/stop', {}, coach);
  if (args.json) console.log(JSON.stringify(results));
  else console.table(results);
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
