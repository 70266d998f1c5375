import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { ChatError, CHAT_CODE } from '~/lib/chat/client';
import { IM_CLOSE } from '~/lib/chat/protocol';
import { CHAT_T } from '~/lib/rules/chat';
import { sessions, users } from '~/server/db/schema';
import { createSessionWatch } from '~/server/modules/im/session-watch';
import { userSig } from '~/server/providers/im/user-sig';
import { hashPassword } from '~/server/security/password';
import { tokenHash } from '~/server/security/tokens';
import { recorder, startIm, type TestIm } from '../helpers/im';

/**
 * /im sockets follow the login session they were opened with (SPEC §3 keeps user_sig, but a
 * signature alone no longer opens chat): refused without a live session of the same user, and
 * closed at once when that session is revoked, whichever way.
 */
let t: TestIm;
beforeAll(async () => {
  t = await startIm();
});
afterAll(() => t.stop());

let phones = 0;
/** A member with the password abc12345 and no session yet. */
async function member(): Promise<{ id: number; phone: string }> {
  const phone = `1360001${String(phones++).padStart(4, '0')}`;
  const [u] = await t.db
    .insert(users)
    .values({ phone, nickName: `会话${phones}`, passwordHash: await hashPassword('abc12345') })
    .returning();
  return { id: u!.id, phone };
}

/** Logs the member in (a device); answers its token. */
async function login(phone: string, password = 'abc12345'): Promise<string> {
  const res = await t.post('/login', { type: 1, phone, password });
  expect(res.body.code).toBe(200);
  return res.body.data.token;
}

const sessionIdOf = async (token: string) =>
  (
    await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash(token)))
  )[0]!.id;

interface Sock {
  ws: WebSocket;
  frames: Record<string, unknown>[];
  closed: Promise<number>;
  ready: boolean;
}

/** A raw /im socket logging in with the user's valid signature and `token`: ready, or how it was refused. */
async function socket(userId: number, token?: string): Promise<Sock> {
  const ws = new WebSocket(t.wsUrl);
  const frames: Record<string, unknown>[] = [];
  const closed = new Promise<number>((ok) => ws.on('close', (code) => ok(code)));
  const ready = new Promise<boolean>((ok) => {
    ws.on('message', (d) => {
      const f = JSON.parse(String(d)) as Record<string, unknown>;
      frames.push(f);
      if (f['t'] === 'ready') ok(true);
    });
    void closed.then(() => ok(false));
  });
  ws.on('open', () =>
    ws.send(JSON.stringify({ t: 'auth', userID: String(userId), userSig: userSig(userId), ...(token ? { token } : {}) })),
  );
  return { ws, frames, closed, ready: await ready };
}

let reqId = 1;
/** A request over the socket that reads the database: answered, the socket is logged in and open. */
function answers(s: Sock): Promise<boolean> {
  const id = reqId++;
  return new Promise((ok) => {
    s.ws.on('message', (d) => {
      const f = JSON.parse(String(d)) as { t: string; id?: number; ok?: boolean };
      if (f.t === 'res' && f.id === id) ok(f.ok === true);
    });
    void s.closed.then(() => ok(false));
    s.ws.send(JSON.stringify({ t: 'req', id, op: 'getConversationList', args: [] }));
  });
}

const ENDED = { t: 'error', code: CHAT_CODE.sessionEnded, msg: CHAT_T.sessionEnded };

describe('/im login needs a live login session of the same user', () => {
  it('refuses a valid signature with no, a foreign, an unknown, a revoked or an expired session', async () => {
    const m = await member();
    const other = await member();
    const mine = await login(m.phone);
    const theirs = await login(other.phone);
    const loggedOut = await login(m.phone);
    expect((await t.post('/logout', {}, loggedOut)).body.code).toBe(200);
    const expired = await login(m.phone);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash(expired)));

    for (const token of [undefined, theirs, 'x'.repeat(43), loggedOut, expired]) {
      const s = await socket(m.id, token);
      expect(s.ready).toBe(false);
      expect(await s.closed).toBe(IM_CLOSE.authFailed);
      expect(s.frames).toEqual([ENDED]);
    }
    // Bounded like the API's token: a malformed frame, answered without closing.
    const long = new WebSocket(t.wsUrl);
    long.on('open', () => long.send(JSON.stringify({ t: 'auth', userID: String(m.id), userSig: userSig(m.id), token: 'x'.repeat(129) })));
    const first = await new Promise<unknown>((ok) => long.once('message', (d) => ok(JSON.parse(String(d)))));
    expect(first).toMatchObject({ t: 'error', code: CHAT_CODE.badInput });
    long.close();

    const ok = await socket(m.id, mine);
    expect(ok.ready).toBe(true);
    expect(await answers(ok)).toBe(true);
    ok.ws.close();
  });

  it('the adapter reports the ended session and stays logged out', async () => {
    const m = await member();
    const token = await login(m.phone);
    await t.post('/logout', {}, token);
    const c = t.client({ token });
    const kicked = recorder(c, 'kickedOut');
    const net = recorder(c, 'netStateChange');
    const err = await c.login({ userID: String(m.id), userSig: userSig(m.id) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChatError);
    expect(err).toMatchObject({ code: CHAT_CODE.sessionEnded, message: CHAT_T.sessionEnded });
    expect(kicked.seen).toEqual([{ reason: 'sessionEnded' }]);
    expect(net.seen.at(-1)).toBe('disconnected');
    expect(c.isReady()).toBe(false);
  });
});

describe('a revoked session closes its sockets at once, and only its own', () => {
  /** Device `a` and device `b` (two tabs) of one member, and a bystander; `revoke` ends some. */
  async function devices() {
    const m = await member();
    const a = await login(m.phone);
    const b = await login(m.phone);
    const bystander = await member();
    const socks = {
      a: await socket(m.id, a),
      b1: await socket(m.id, b),
      b2: await socket(m.id, b),
      bystander: await socket(bystander.id, await login(bystander.phone)),
    };
    for (const s of Object.values(socks)) expect(s.ready).toBe(true);
    return { m, a, b, socks };
  }

  type Setup = Awaited<ReturnType<typeof devices>>;
  const cases: [string, (d: Setup) => Promise<void>, ('a' | 'b')[]][] = [
    ['logout', async (d) => void (await t.post('/logout', {}, d.b)), ['b']],
    ['退出该设备', async (d) => void (await t.post('/member/sessionRevoke', { id: await sessionIdOf(d.b) }, d.a)), ['b']],
    ['退出其他设备', async (d) => void (await t.post('/member/sessionRevokeOthers', {}, d.a)), ['b']],
    [
      'a password change (this device gets a fresh session)',
      async (d) =>
        void expect(
          (await t.post('/member/editPw', { old_password: 'abc12345', password: 'new12345', passwords: 'new12345' }, d.a)).body.code,
        ).toBe(200),
      ['a', 'b'],
    ],
    [
      'a password reset',
      async (d) => {
        await t.sendCode(d.m.phone, 'forget_pw');
        const yzm = await t.lastCode(d.m.phone);
        expect((await t.post('/forgetPassword', { phone: d.m.phone, password: 'new12345', passwords: 'new12345', yzm })).body.code).toBe(
          200,
        );
      },
      ['a', 'b'],
    ],
    [
      'a phone change (the other devices)',
      async (d) => {
        await t.sendCode('', 'change_phone', d.a);
        const { ticket } = (await t.post('/member/verifyPhone', { yzm: await t.lastCode(d.m.phone) }, d.a)).body.data;
        const next = `1360002${String(phones++).padStart(4, '0')}`;
        await t.sendCode(next, 'bind_phone');
        expect((await t.post('/member/bindingPhone', { phone: next, yzm: await t.lastCode(next), ticket }, d.a)).body.code).toBe(200);
      },
      ['b'],
    ],
    [
      'the account disabled by staff',
      async (d) => {
        const cookie = await t.staffCookie('support');
        expect((await t.post('/admin/member/disable', { id: d.m.id, reason: '违规' }, undefined, { cookie })).body.code).toBe(200);
      },
      ['a', 'b'],
    ],
    ['a profile edit (no revocation)', async (d) => void (await t.post('/member/memberInfoEdit', { nick_name: '改个名' }, d.a)), []],
  ];

  it.each(cases)('%s', async (_name, revoke, ended) => {
    const d = await devices();
    await revoke(d);
    const gone = [...(ended.includes('a') ? [d.socks.a] : []), ...(ended.includes('b') ? [d.socks.b1, d.socks.b2] : [])];
    for (const s of gone) {
      expect(await s.closed).toBe(IM_CLOSE.sessionEnded);
      expect(s.frames.at(-1)).toEqual(ENDED);
    }
    // The others answer a request that reaches the database after the revocation's own lookups.
    const kept = Object.values(d.socks).filter((s) => !gone.includes(s));
    for (const s of kept) expect(await answers(s)).toBe(true);
    for (const s of kept) s.ws.close();
  });
});

describe('the browser adapter when sessions end', () => {
  it('a password change moves this device’s chat to its fresh session; the other device is logged out for good', async () => {
    const m = await member();
    let current = await login(m.phone);
    const other = await login(m.phone);
    const { c: here } = await t.connect(m.id, { token: () => current });
    const { c: there } = await t.connect(m.id, { token: other });
    const hereReady = recorder(here, 'ready');
    const hereKicked = recorder(here, 'kickedOut');
    const thereKicked = recorder(there, 'kickedOut');

    const res = await t.post('/member/editPw', { old_password: 'abc12345', password: 'new12345', passwords: 'new12345' }, current);
    expect(res.body.code).toBe(200);
    current = res.body.data.token;

    await thereKicked.until((s) => s.length === 1);
    expect(thereKicked.seen).toEqual([{ reason: 'sessionEnded' }]);
    expect(there.isReady()).toBe(false);
    await hereReady.until((s) => s.length === 1);
    expect((await here.getConversationList()).length).toBeGreaterThanOrEqual(0);
    expect(hereKicked.seen).toEqual([]);
  });
});

describe('the session watch', () => {
  it('looks again every few minutes: a session that expired meanwhile ends its socket', async () => {
    const m = await member();
    const token = await t.sessionToken(m.id);
    const watch = createSessionWatch();
    const ended: string[] = [];
    const checkedAt = Date.now();
    watch.add({ userId: m.id, sessionId: await sessionIdOf(token), token, ip: '', checkedAt, end: () => ended.push(token) });
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash(token)));
    await watch.sweep(checkedAt + 60_000);
    expect(ended).toEqual([]);
    await watch.sweep(checkedAt + 5 * 60_000);
    expect(ended).toEqual([token]);
    watch.close();
  });
});
