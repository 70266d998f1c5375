import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { LIVE_TEXTS } from '~/lib/rules/live';
import { freePorts } from '../../scripts/free-ports.mjs';
import { NODE_FLAGS, SERVER_ENV } from '../../scripts/server-flags.mjs';

/**
 * `npm start` as a new user runs it — only PORT set, no HOST, no SITE_URL — on a machine where the
 * RTMP port is taken: the built server.mjs listens on loopback, prints where in one line, builds its
 * links on its own port, and says that live pushes are unavailable. Needs the build (`npm test` builds first).
 */
const built = existsSync('dist/server/entry.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'gongfu-start-'));
let server: ChildProcess | undefined;
let blocker: net.Server | undefined;
afterAll(async () => {
  if (server && server.exitCode === null) {
    await new Promise((done) => {
      server!.once('exit', done);
      server!.kill('SIGTERM');
    });
  }
  blocker?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** This machine's first non-loopback IPv4 address, if it has one. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
const connects = (host: string, port: number) =>
  new Promise<boolean>((done) => {
    const c = net.connect(port, host, () => (c.destroy(), done(true)));
    c.on('error', () => done(false));
  });

describe.skipIf(!built || Boolean(process.env['TEST_DATABASE_URL']))('npm start with the defaults', () => {
  it('listens on 127.0.0.1:PORT, links to it, and says in one line what kind of site it is', { timeout: 240_000 }, async () => {
    const [port, rtmpPort] = (await freePorts(2)) as [number, number];
    blocker = net.createServer();
    await new Promise<void>((ok) => blocker!.listen(rtmpPort, '127.0.0.1', ok));
    const env: NodeJS.ProcessEnv = { ...process.env, ...SERVER_ENV, NODE_ENV: 'development', PORT: String(port), DATA_DIR: scratch };
    for (const k of ['HOST', 'SITE_URL', 'DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL', 'LIVE_RTMP_HOST_BIND']) Reflect.deleteProperty(env, k);
    Object.assign(env, { LIVE_MEDIA: 'local', LIVE_RTMP_PORT: String(rtmpPort), LIVE_RECORD: 'off' });
    execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/migrate.ts'], { env, stdio: 'pipe' });

    const lines: { level: string; msg: string }[] = [];
    server = spawn(process.execPath, [...NODE_FLAGS, 'server.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const started = new Promise<void>((ok, fail) => {
      // JSON lines; a chunk may end mid-line.
      const reader = () => {
        let rest = '';
        return (chunk: Buffer) => {
          const parts = (rest + chunk.toString()).split('\n');
          rest = parts.pop() ?? '';
          for (const l of parts.filter((p) => p.startsWith('{'))) {
            const line = JSON.parse(l) as { level: string; msg: string };
            lines.push(line);
            if (line.msg.startsWith('功夫 ')) ok();
          }
        };
      };
      server!.stdout!.on('data', reader());
      server!.stderr!.on('data', reader());
      server!.once('exit', (code) => fail(new Error(`server exited with ${code}: ${JSON.stringify(lines)}`)));
    });
    await started;

    const site = `http://127.0.0.1:${port}`;
    expect(lines.find((l) => l.msg.startsWith('功夫 '))?.msg).toBe(
      `功夫 listening on ${site} (demo data, sandbox payments, live push unavailable) — set HOST=0.0.0.0 to accept other machines`,
    );
    const rtmp = lines.filter((l) => l.msg.startsWith('live push unavailable'));
    expect(rtmp).toHaveLength(1);
    expect(rtmp[0]).toMatchObject({ level: 'error' });
    expect(rtmp[0]!.msg).toContain('LIVE_RTMP_PORT');

    // Loopback only: the machine's network address does not answer.
    expect(await connects('127.0.0.1', port)).toBe(true);
    if (lanAddress) expect(await connects(lanAddress, port)).toBe(false);

    // Links and QR codes name the port it listens on (no SITE_URL given).
    const cfg = (await (
      await fetch(`${site}/api/public/config`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"keys":"download_qr_code"}',
      })
    ).json()) as { data: { download_qr_code: string } };
    expect(cfg.data.download_qr_code).toBe(`${site}/qr/download.png`);
    const png = PNG.sync.read(Buffer.from(await (await fetch(cfg.data.download_qr_code)).arrayBuffer()));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(`${site}/download`);

    // Going live says the push service is unavailable rather than handing out a dead URL.
    const post = async (path: string, body: unknown, token?: string) =>
      (await (
        await fetch(`${site}/api${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authSource: 'web', ...(token ? { authToken: token } : {}) },
          body: JSON.stringify(body),
        })
      ).json()) as { code: number; msg: string; data: { token: string } };
    const coach = await post('/login', { type: 1, phone: '13800000002', password: 'gongfu123' });
    expect(await post('/live/start', {}, coach.data.token)).toMatchObject({ code: 100, msg: LIVE_TEXTS.pushUnavailable });
  });
});
