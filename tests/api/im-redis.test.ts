import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { LocalChatClient, type SocketCtor } from '~/lib/chat/local';
import { startBus, stopBus } from '~/server/bus';
import { database } from '~/server/db';
import { sessions } from '~/server/db/schema';
import { tokenHash } from '~/server/security/tokens';
import { userSig } from '~/server/providers/im/user-sig';
import { roomAudience, roomViewerIds } from '~/server/modules/im/audience';
import { createLiveRoom } from '~/server/modules/im/rooms';
import { listen, recorder, startIm, type TestIm } from '../helpers/im';

/**
 * Two IM instances that share only the database and Redis: the second is a fresh copy of the
 * server modules (vi.resetModules), so it has its own connection hub, op registry and fan-out,
 * on its own http server. Users on different instances must still talk.
 */
const REDIS = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
let t: TestIm;
let second: { server: http.Server; close: () => Promise<void>; url: string };
let stopSecondBus: () => Promise<void>;

beforeAll(async () => {
  t = await startIm({ REDIS_URL: REDIS, IM_REDIS_PREFIX: `test-a-${Date.now().toString(36)}:`, IM_SEND_BURST: '1000' });
  // Each instance hears the other's invalidations (server startup does this).
  await startBus();
  const handle = database();
  vi.resetModules();
  const db2 = await import('~/server/db');
  db2.useDatabase(handle);
  const bus2 = await import('~/server/bus');
  await bus2.startBus();
  stopSecondBus = bus2.stopBus;
  const sock2 = await import('~/server/modules/im/socket');
  const server = http.createServer();
  const im = sock2.attachIm(server);
  const port = await listen(server);
  second = {
    server,
    url: `ws://127.0.0.1:${port}/im`,
    close: async () => {
      await im.close();
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    },
  };
});
afterAll(async () => {
  await second.close();
  await stopSecondBus();
  await stopBus();
  await t.stop();
});

async function onSecond(id: number, token?: string): Promise<LocalChatClient> {
  const session = token ?? (await t.sessionToken(id));
  const c = new LocalChatClient({ url: second.url, WebSocket: WebSocket as unknown as SocketCtor, authToken: () => session });
  await c.login({ userID: String(id), userSig: userSig(id) });
  return c;
}

describe('two instances over Redis', () => {
  it('users on different instances talk, and a user’s tabs on both instances see everything', async () => {
    const a = await t.makeUser('实例一');
    const b = await t.makeUser('实例二');
    const { c: a1 } = await t.connect(a);
    const a2 = await onSecond(a);
    const b2 = await onSecond(b);
    const atB = recorder(b2, 'messageReceived');
    const atA1 = recorder(a1, 'messageReceived');
    const atA2 = recorder(a2, 'messageReceived');
    const unreadB = recorder(b2, 'totalUnreadMessageCountUpdated');
    const receipts = recorder(a1, 'messageReadByPeer');

    await a1.sendMessage({ conversationID: `C2C${b}`, clientID: 'x-1', type: 'TIMTextElem', payload: { text: '跨实例你好' } });
    await atB.until((s) => s.flat().some((m) => m.clientID === 'x-1' && m.flow === 'in'));
    await atA2.until((s) => s.flat().some((m) => m.clientID === 'x-1' && m.flow === 'out'));
    await unreadB.until((s) => s.at(-1) === 1);

    await b2.sendMessage({ conversationID: `C2C${a}`, clientID: 'x-2', type: 'TIMTextElem', payload: { text: '收到' } });
    await atA1.until((s) => s.flat().some((m) => m.clientID === 'x-2'));
    await atA2.until((s) => s.flat().some((m) => m.clientID === 'x-2'));
    expect(atA1.seen.flat().filter((m) => m.clientID === 'x-2')).toHaveLength(1);

    // B's reply (on instance two) tells A (on instance one) that B has read up to it.
    await receipts.until((s) => s.some((r) => r.conversationID === `C2C${b}` && r.sequence === 2));
    await a2.logout();
    await b2.logout();
  });

  it('a live room’s audience counts viewers on both instances, and drops one who leaves at once', async () => {
    const owner = await t.makeUser('主播');
    const v1 = await t.makeUser('观众甲');
    const v2 = await t.makeUser('观众乙');
    const gid = await createLiveRoom(owner, { name: '跨实例直播' });
    const { c: c1 } = await t.connect(v1);
    const c2 = await onSecond(v2);
    await c1.joinGroup({ groupID: gid });
    await c2.joinGroup({ groupID: gid });
    // Each instance holds one viewer's socket; both count two.
    expect(await roomAudience(gid)).toBe(2);
    const second = await import('~/server/modules/im/audience');
    expect(await second.roomAudience(gid)).toBe(2);
    expect((await roomViewerIds(gid)).sort()).toEqual([v1, v2].sort());

    await c2.quitGroup(gid);
    await vi.waitFor(async () => expect(await roomAudience(gid)).toBe(1), { timeout: 2000 });
    expect(await roomViewerIds(gid)).toEqual([v1]);
    await c1.logout();
    await c2.logout();
  });
});

describe('login sessions across instances', () => {
  it('a session revoked through one instance closes its sockets on the other at once; the other device’s stay', async () => {
    const id = await t.makeUser('两地登录');
    const here = await t.sessionToken(id);
    const there = await t.sessionToken(id);
    const revoked = await onSecond(id, there);
    const kept = await onSecond(id, here);
    const kicked = recorder(revoked, 'kickedOut');
    const [row] = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash(there)));
    // 退出该设备 through instance one's API; both sockets are on instance two.
    expect((await t.post('/member/sessionRevoke', { id: row!.id }, here)).body.code).toBe(200);
    await kicked.until((s) => s.length === 1);
    expect(kicked.seen).toEqual([{ reason: 'sessionEnded' }]);
    expect(revoked.isReady()).toBe(false);
    expect(Array.isArray(await kept.getConversationList())).toBe(true);
    expect(kept.isReady()).toBe(true);
    await kept.logout();
  });
});
