import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { ChatError } from '~/lib/chat/client';
import { LocalChatClient, type SocketCtor } from '~/lib/chat/local';
import type { Message } from '~/lib/chat/types';
import { users } from '~/server/db/schema';
import { genUserSig, imKeys, userSig } from '~/server/providers/im/user-sig';
import { DEMO } from '../helpers/api';
import { recorder, startIm, type TestIm } from '../helpers/im';

let t: TestIm;
beforeAll(async () => {
  t = await startIm({ IM_SEND_BURST: '1000' });
});
afterAll(() => t.stop());

/** Opens a raw socket and returns the first frames the server sends and how it closed. */
function raw(frames: unknown[]): Promise<{ got: Record<string, unknown>[]; code: number }> {
  return new Promise((ok) => {
    const ws = new WebSocket(t.wsUrl);
    const got: Record<string, unknown>[] = [];
    // Frames after an auth frame wait for `ready`.
    const cut = frames.findIndex((f) => (f as { t?: string }).t === 'auth');
    const [before, after] = cut < 0 ? [frames, []] : [frames.slice(0, cut + 1), frames.slice(cut + 1)];
    const sendAll = (fs: unknown[]) => fs.forEach((f) => ws.send(typeof f === 'string' ? f : JSON.stringify(f)));
    ws.on('open', () => sendAll(before));
    ws.on('message', (d) => {
      got.push(JSON.parse(String(d)) as Record<string, unknown>);
      if (got.at(-1)?.t === 'ready') sendAll(after);
      if (got.some((f) => f.t === 'pong')) ws.close();
    });
    ws.on('close', (code) => ok({ got, code }));
  });
}

describe('/im authentication', () => {
  it('refuses a bad signature, another user’s signature, an expired one and a disabled account', async () => {
    const member = await t.idOf(DEMO.member);
    const coach = await t.idOf(DEMO.coach);
    const bad = await raw([{ t: 'auth', userID: String(member), userSig: 'eJxzyy' }]);
    expect(bad.code).toBe(4001);
    expect(bad.got[0]).toMatchObject({ t: 'error', code: 70001 });

    const other = await raw([{ t: 'auth', userID: String(member), userSig: userSig(coach) }]);
    expect(other.code).toBe(4001);

    const expired = genUserSig(String(member), { ...imKeys(), expireSeconds: 60, now: Date.now() - 120_000 });
    const old = await raw([{ t: 'auth', userID: String(member), userSig: expired }]);
    expect(old.code).toBe(4002);
    expect(old.got[0]).toMatchObject({ t: 'error', code: 70003 });

    const banned = await t.makeUser('被禁用户');
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, banned));
    const off = await raw([{ t: 'auth', userID: String(banned), userSig: userSig(banned) }]);
    expect(off.code).toBe(4003);

    // The adapter surfaces the refusal and does not reconnect.
    const c = t.client();
    await expect(c.login({ userID: String(member), userSig: userSig(coach) })).rejects.toBeInstanceOf(ChatError);
    expect(c.isReady()).toBe(false);
  });

  it('answers a malformed frame without closing the socket, and requests before auth are refused', async () => {
    const member = await t.idOf(DEMO.member);
    const token = await t.sessionToken(member);
    const r = await raw([
      { t: 'req', id: 1, op: 'getConversationList', args: [] },
      'not json',
      { t: 'req', id: 2, op: 42 },
      { t: 'auth', userID: String(member), userSig: userSig(member), token },
      { t: 'req', id: 3, op: 'noSuchOp', args: [] },
      { t: 'ping' },
    ]);
    expect(r.got[0]).toMatchObject({ t: 'res', id: 1, ok: false, code: 2024 });
    expect(r.got[1]).toMatchObject({ t: 'error', code: 9001 });
    expect(r.got[2]).toMatchObject({ t: 'res', id: 2, ok: false, code: 9001 });
    expect(r.got.find((f) => f.t === 'ready')).toBeTruthy();
    expect(r.got.find((f) => f.t === 'res' && f.id === 3)).toMatchObject({ ok: false, code: 9001 });
    expect(r.got.find((f) => f.t === 'pong')).toBeTruthy();
  });
});

describe('messages over /im', () => {
  it('delivers in order to every tab of the recipient and to the sender’s other tabs', async () => {
    const a = await t.makeUser('甲');
    const b = await t.makeUser('乙');
    const { c: a1 } = await t.connect(a);
    const { c: a2 } = await t.connect(a);
    const { c: b1 } = await t.connect(b);
    const { c: b2 } = await t.connect(b);
    const inB1 = recorder(b1, 'messageReceived');
    const inB2 = recorder(b2, 'messageReceived');
    const inA2 = recorder(a2, 'messageReceived');
    const inA1 = recorder(a1, 'messageReceived');
    const sent: Message[] = [];
    for (let i = 1; i <= 8; i++) {
      sent.push(
        await a1.sendMessage({ conversationID: `C2C${b}`, clientID: `ord-${i}`, type: 'TIMTextElem', payload: { text: `第${i}条` } }),
      );
    }
    expect(sent.map((m) => m.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const texts = (r: typeof inB1) => r.seen.flat().map((m) => (m.type === 'TIMTextElem' ? m.payload.text : ''));
    await inB1.until((s) => s.flat().length === 8);
    await inB2.until((s) => s.flat().length === 8);
    await inA2.until((s) => s.flat().length === 8);
    expect(texts(inB1)).toEqual(sent.map((_, i) => `第${i + 1}条`));
    expect(texts(inB2)).toEqual(texts(inB1));
    expect(inB1.seen.flat().every((m) => m.flow === 'in' && m.conversationID === `C2C${a}`)).toBe(true);
    expect(inA2.seen.flat().every((m) => m.flow === 'out' && m.conversationID === `C2C${b}`)).toBe(true);
    // The sending tab got its answers, not echoes.
    expect(inA1.seen.flat()).toHaveLength(0);
  });

  it('stores a retried clientID once', async () => {
    const a = await t.makeUser();
    const b = await t.makeUser();
    const { c } = await t.connect(a);
    const d = { conversationID: `C2C${b}`, clientID: 'same-1', type: 'TIMTextElem' as const, payload: { text: '你好' } };
    const [x, y] = await Promise.all([c.sendMessage(d), c.sendMessage(d)]);
    expect(x.ID).toBe(y.ID);
    const page = await c.getMessageList({ conversationID: `C2C${b}` });
    expect(page.messageList).toHaveLength(1);
  });

  it.each([
    ['before the frame left', false],
    ['as the frame left', true],
  ])('resends a message whose socket dropped %s, once reconnected, and stores it once', async (_when, written) => {
    const a = await t.makeUser();
    const b = await t.makeUser();
    const clientID = `drop-${written ? 'as' : 'before'}`;
    // A socket that drops at the send (as when its instance stops in a rolling restart), before
    // writing the frame or right after (the server may or may not have it: either way, one copy).
    let dropped = false;
    class Dropping extends WebSocket {
      override send(data: string, ...rest: never[]): void {
        if (dropped || !data.includes('"op":"sendMessage"')) return super.send(data, ...rest);
        dropped = true;
        if (written) super.send(data, ...rest);
        this.terminate();
      }
    }
    const token = await t.sessionToken(a);
    const c = new LocalChatClient({ url: t.wsUrl, WebSocket: Dropping as unknown as SocketCtor, authToken: () => token });
    await c.login({ userID: String(a), userSig: userSig(a) });
    const m = await c.sendMessage({ conversationID: `C2C${b}`, clientID, type: 'TIMTextElem', payload: { text: '断线重发' } });
    expect(dropped).toBe(true);
    expect(m).toMatchObject({ clientID, status: 'success' });
    const { c: reader } = await t.connect(b);
    const page = await reader.getMessageList({ conversationID: `C2C${a}` });
    expect(page.messageList.filter((x) => x.clientID === clientID)).toHaveLength(1);
    await c.logout();
  });

  it('counts unread, moves it on read and tells the sender (read receipt)', async () => {
    const a = await t.makeUser('发送者');
    const b = await t.makeUser('接收者');
    const { c: ca } = await t.connect(a);
    const { c: cb } = await t.connect(b);
    const receipts = recorder(ca, 'messageReadByPeer');
    const totals = recorder(cb, 'totalUnreadMessageCountUpdated');
    for (let i = 0; i < 3; i++)
      await ca.sendMessage({ conversationID: `C2C${b}`, clientID: `u-${i}`, type: 'TIMTextElem', payload: { text: `m${i}` } });
    await totals.until((s) => s.at(-1) === 3);
    const list = await cb.getConversationList();
    expect(list.find((x) => x.conversationID === `C2C${a}`)).toMatchObject({
      unreadCount: 3,
      userProfile: { nick: '发送者' },
      lastMessage: { messageForShow: 'm2' },
    });
    await cb.setMessageRead({ conversationID: `C2C${a}` });
    await receipts.until((s) => s.some((r) => r.conversationID === `C2C${b}` && r.sequence === 3));
    await totals.until((s) => s.at(-1) === 0);
    expect(cb.getTotalUnreadMessageCount()).toBe(0);
    const page = await ca.getMessageList({ conversationID: `C2C${b}` });
    expect(page.messageList.every((m) => m.isPeerRead)).toBe(true);
  });

  it('pages history 15 at a time, oldest first, until isCompleted', async () => {
    const a = await t.makeUser();
    const b = await t.makeUser();
    const { c } = await t.connect(a);
    for (let i = 1; i <= 32; i++)
      await c.sendMessage({ conversationID: `C2C${b}`, clientID: `h-${i}`, type: 'TIMTextElem', payload: { text: String(i) } });
    const p1 = await c.getMessageList({ conversationID: `C2C${b}` });
    expect(p1.messageList.map((m) => m.sequence)).toEqual(Array.from({ length: 15 }, (_, i) => 18 + i));
    expect(p1.isCompleted).toBe(false);
    const p2 = await c.getMessageList({ conversationID: `C2C${b}`, nextReqMessageID: p1.nextReqMessageID });
    expect(p2.messageList.map((m) => m.sequence)).toEqual(Array.from({ length: 15 }, (_, i) => 3 + i));
    const p3 = await c.getMessageList({ conversationID: `C2C${b}`, nextReqMessageID: p2.nextReqMessageID });
    expect(p3.messageList.map((m) => m.sequence)).toEqual([1, 2]);
    expect(p3).toMatchObject({ isCompleted: true, nextReqMessageID: '' });
  });

  it('deletes a conversation for me only; a new message brings it back without the old ones', async () => {
    const a = await t.makeUser();
    const b = await t.makeUser();
    const { c: ca } = await t.connect(a);
    const { c: cb } = await t.connect(b);
    await ca.sendMessage({ conversationID: `C2C${b}`, clientID: 'd-1', type: 'TIMTextElem', payload: { text: '旧消息' } });
    await cb.deleteConversation(`C2C${a}`);
    expect((await cb.getConversationList()).some((x) => x.conversationID === `C2C${a}`)).toBe(false);
    expect((await ca.getConversationList()).some((x) => x.conversationID === `C2C${b}`)).toBe(true);
    await ca.sendMessage({ conversationID: `C2C${b}`, clientID: 'd-2', type: 'TIMTextElem', payload: { text: '新消息' } });
    const back = (await cb.getConversationList()).find((x) => x.conversationID === `C2C${a}`);
    expect(back).toMatchObject({ unreadCount: 1, lastMessage: { messageForShow: '新消息' } });
    const page = await cb.getMessageList({ conversationID: `C2C${a}` });
    expect(page.messageList.map((m) => (m.type === 'TIMTextElem' ? m.payload.text : ''))).toEqual(['新消息']);
  });

  it('pins conversations first', async () => {
    const a = await t.makeUser();
    const [b, c] = [await t.makeUser(), await t.makeUser()];
    const { c: ca } = await t.connect(a);
    await ca.sendMessage({ conversationID: `C2C${b}`, clientID: 'p-1', type: 'TIMTextElem', payload: { text: '早' } });
    await ca.sendMessage({ conversationID: `C2C${c}`, clientID: 'p-2', type: 'TIMTextElem', payload: { text: '晚' } });
    await ca.pinConversation({ conversationID: `C2C${b}`, isPinned: true });
    const list = await ca.getConversationList();
    expect(list.map((x) => x.conversationID).slice(0, 2)).toEqual([`C2C${b}`, `C2C${c}`]);
    expect(list[0]!.isPinned).toBe(true);
  });
});
