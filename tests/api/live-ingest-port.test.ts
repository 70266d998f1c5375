import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_TEXTS } from '~/lib/rules/live';
import { resetEnv } from '~/server/env';
import { startLiveIngest } from '~/server/startup';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/**
 * The embedded RTMP ingest when its port is taken (another program, a second checkout): one clear
 * line at start naming the variables to change, and going live refuses instead of handing out a push
 * URL nobody answers. And it listens where the site does (HOST), not on every interface.
 */
let t: TestApi;
let coach: string;
let blocker: net.Server;
let takenPort = 0;

const listen = (server: net.Server, host: string) =>
  new Promise<number>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, host, () => ok((server.address() as AddressInfo).port));
  });

beforeAll(async () => {
  // Something else holds the RTMP port on the site's address.
  blocker = net.createServer();
  takenPort = await listen(blocker, '127.0.0.1');
  t = await startApi({ LIVE_MEDIA: 'local', LIVE_RTMP_PORT: String(takenPort), HOST: '127.0.0.1', LIVE_RECORD: 'off' });
  coach = await t.login(DEMO.coach);
});
afterAll(async () => {
  blocker.close();
  for (const k of ['LIVE_MEDIA', 'LIVE_RTMP_PORT', 'HOST', 'LIVE_RECORD', 'LIVE_RTMP_HOST_BIND']) Reflect.deleteProperty(process.env, k);
  resetEnv();
  await t.stop();
});

describe('the RTMP ingest at start', () => {
  it('says in one line that live pushes are unavailable, and which variable to change', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    try {
      expect(await startLiveIngest()).toBeNull();
    } finally {
      spy.mockRestore();
    }
    const said = lines.map((l) => JSON.parse(l) as { level: string; msg: string });
    expect(said).toHaveLength(1);
    expect(said[0]!.level).toBe('error');
    expect(said[0]!.msg).toContain(`live push unavailable: RTMP port ${takenPort} on 127.0.0.1 is already in use`);
    expect(said[0]!.msg).toContain('set LIVE_RTMP_PORT to a free port, or LIVE_MEDIA=off');
  });

  it('going live then says 直播推流服务不可用 instead of handing out a dead push URL', async () => {
    const start = await t.post('/live/start', { title: '推流服务测试' }, coach);
    expect(start.body).toMatchObject({ code: 100, msg: LIVE_TEXTS.pushUnavailable, data: null });
    expect(LIVE_TEXTS.pushUnavailable).toContain('直播推流服务不可用');
    expect((await t.post('/live/pushCaps', {}, coach)).body.data).toMatchObject({ browser_push: 0, reason: LIVE_TEXTS.pushUnavailable });
  });

  it('listens on the site host (HOST), or LIVE_RTMP_HOST_BIND, and going live works again once it does', async () => {
    // The same port number on another loopback address is free: the ingest must bind HOST's address only.
    process.env['HOST'] = '127.0.0.2';
    resetEnv();
    const ingest = await startLiveIngest();
    expect(ingest?.address).toBe('127.0.0.2');
    expect(ingest?.port).toBe(takenPort);
    await ingest?.close();

    process.env['LIVE_RTMP_HOST_BIND'] = '127.0.0.3';
    resetEnv();
    const separate = await startLiveIngest();
    expect(separate?.address).toBe('127.0.0.3');
    expect((await t.post('/live/start', {}, coach)).body.code).toBe(200);
    await separate?.close();
  });
});
