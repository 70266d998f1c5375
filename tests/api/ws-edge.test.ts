import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { resetEnv } from '~/server/env';
import { userSig } from '~/server/providers/im/user-sig';
import { DEMO } from '../helpers/api';
import { startIm, type TestIm } from '../helpers/im';

/**
 * WebSocket upgrades at the edge (src/server/edge/upgrades.ts, the /im server): an upgrade no
 * endpoint takes is answered and closed at once instead of being held open; a /im socket that does
 * not log in is closed after IM_AUTH_TIMEOUT_S; an address holds at most IM_UNAUTH_PER_IP sockets
 * that have not logged in. No test waits on a clock: each awaits the server's answer or close.
 */

let t: TestIm;
const opened: WebSocket[] = [];
beforeAll(async () => {
  t = await startIm({ IM_AUTH_TIMEOUT_S: '60', IM_UNAUTH_PER_IP: '3' });
});
afterEach(async () => {
  await Promise.all(
    opened.splice(0).map(
      (ws) =>
        new Promise<void>((done) => {
          if (ws.readyState === WebSocket.CLOSED) return done();
          ws.once('close', () => done());
          ws.terminate();
        }),
    ),
  );
});
afterAll(() => t.stop());

/** Runs `fn` with some configuration changed (the server reads it per connection). */
async function withEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  resetEnv();
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) process.env[k] = v;
    resetEnv();
  }
}

/** A WebSocket to `path`: resolves 'open', or the HTTP status the server refused it with. */
function ws(path: string): Promise<{ ws: WebSocket; status: number | 'open' }> {
  const socket = new WebSocket(`ws://127.0.0.1:${t.port}${path}`);
  opened.push(socket);
  return new Promise((done, fail) => {
    socket.once('open', () => done({ ws: socket, status: 'open' }));
    socket.once('unexpected-response', (_req, res) => {
      res.resume();
      done({ ws: socket, status: res.statusCode ?? 0 });
    });
    socket.once('error', fail);
  });
}

/** A raw upgrade request: resolves what the server wrote and that it closed the connection. */
function rawUpgrade(path: string, upgrade = 'websocket'): Promise<string> {
  return new Promise((done, fail) => {
    let answer = '';
    const s = connect(t.port, '127.0.0.1', () =>
      s.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: ${upgrade}\r\n` +
          'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      ),
    );
    s.on('data', (d) => (answer += d.toString()));
    s.on('close', () => done(answer));
    s.on('error', fail);
  });
}

describe('upgrades on paths no endpoint serves', () => {
  it.each(['/imx', '/', '/api/public/kefu', '/media/live/abcd1234.flv', '/im/x', '/live/push', '/uploads/a.png'])(
    '%s is refused with 404 and closed',
    async (path) => {
      expect(await rawUpgrade(path)).toMatch(/^HTTP\/1\.1 404 /);
      expect((await ws(path)).status).toBe(404);
    },
  );

  it('a non-WebSocket upgrade is refused with 400 and closed; /im itself still upgrades', async () => {
    expect(await rawUpgrade('/', 'h2c')).toMatch(/^HTTP\/1\.1 400 /);
    expect(await rawUpgrade('/im', 'h2c')).toMatch(/^HTTP\/1\.1 400 /);
    expect((await ws('/im')).status).toBe('open');
  });

  it('many at once are all answered and closed', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => rawUpgrade(i % 2 ? '/' : '/imx')));
    expect(answers.filter((a) => a.startsWith('HTTP/1.1 404 ')).length).toBe(100);
  });
});

describe('/im sockets that do not log in', () => {
  // The test's own timeout is far below the default 10 s deadline, so only the configured one passes.
  it('are closed after IM_AUTH_TIMEOUT_S with 登录超时', { timeout: 8_000 }, async () => {
    await withEnv({ IM_AUTH_TIMEOUT_S: '0.2' }, async () => {
      const { ws: socket } = await ws('/im');
      const frames: string[] = [];
      socket.on('message', (d) => frames.push(String(d)));
      const code = await new Promise<number>((done) => socket.once('close', (c) => done(c)));
      expect(code).toBe(4001);
      expect(frames.map((f) => JSON.parse(f) as { msg?: string })).toEqual([expect.objectContaining({ t: 'error', msg: '登录超时' })]);
    });
  });

  it('an address holds at most IM_UNAUTH_PER_IP; logging in or leaving frees a place', async () => {
    const first = await Promise.all([ws('/im'), ws('/im'), ws('/im')]);
    expect(first.map((r) => r.status)).toEqual(['open', 'open', 'open']);
    expect((await ws('/im')).status).toBe(429);

    // One logs in: its place is free for the next.
    const member = await t.idOf(DEMO.member);
    const ready = new Promise<void>((done) => first[0]!.ws.on('message', (d) => String(d).includes('"ready"') && done()));
    const token = await t.sessionToken(member);
    first[0]!.ws.send(JSON.stringify({ t: 'auth', userID: String(member), userSig: userSig(member), token }));
    await ready;
    expect((await ws('/im')).status).toBe('open');
    expect((await ws('/im')).status).toBe(429);

    // One leaves without logging in: a place again.
    await new Promise((done) => {
      first[1]!.ws.once('close', done);
      first[1]!.ws.close();
    });
    expect((await ws('/im')).status).toBe('open');
    expect((await ws('/im')).status).toBe(429);
  });
});
