import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ChatError } from '~/lib/chat/client';
import type { Message } from '~/lib/chat/types';
import { contentReports, imBlacklist, imMessages } from '~/server/db/schema';
import { DEMO } from '../helpers/api';
import { recorder, startIm, type TestIm } from '../helpers/im';

let t: TestIm;
beforeAll(async () => {
  t = await startIm({ IM_SEND_BURST: '1000' });
});
afterAll(() => t.stop());

const text = (conversationID: string, clientID: string, s: string) => ({
  conversationID,
  clientID,
  type: 'TIMTextElem' as const,
  payload: { text: s },
});
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (e: unknown) => (e instanceof ChatError ? e.code : -1),
  );

describe('reconnect and resume', () => {
  it('loses and repeats nothing when the socket drops mid-stream', async () => {
    const a = await t.makeUser('连发');
    const b = await t.makeUser('断线');
    const { c: ca } = await t.connect(a);
    const { c: cb } = await t.connect(b);
    const got = recorder(cb, 'messageReceived');
    const net = recorder(cb, 'netStateChange');
    const N = 40;
    let dropped = false;
    for (let i = 1; i <= N; i++) {
      await ca.sendMessage(text(`C2C${b}`, `rs-${i}`, String(i)));
      // Drop once the receiver holds a few: the rest arrive while it is away or reconnecting.
      if (!dropped && got.seen.flat().length >= 5) {
        cb.dropConnection();
        dropped = true;
      }
    }
    expect(dropped).toBe(true);
    await got.until((s) => s.flat().length >= N);
    const all = got.seen.flat();
    expect(all.map((m) => m.sequence)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    expect(new Set(all.map((m) => m.ID)).size).toBe(N);
    expect(net.seen).toContain('connecting');
    expect(net.seen.at(-1)).toBe('connected');
  });
});

describe('recall, delete for me, online-only', () => {
  it('recalls within 2 minutes only and tells both sides', async () => {
    const a = await t.makeUser('撤回者');
    const b = await t.makeUser();
    const { c: ca } = await t.connect(a);
    const { c: cb } = await t.connect(b);
    const revoked = recorder(cb, 'messageRevoked');
    const m = await ca.sendMessage(text(`C2C${b}`, 'rv-1', '说错了'));
    expect(await codeOf(cb.revokeMessage({ conversationID: `C2C${a}`, ID: m.ID }))).toBe(10004);
    await ca.revokeMessage({ conversationID: `C2C${b}`, ID: m.ID });
    await revoked.until((s) => s.flat().some((r) => r.ID === m.ID && r.conversationID === `C2C${a}`));
    const seen = (await cb.getMessageList({ conversationID: `C2C${a}` })).messageList[0]!;
    expect(seen).toMatchObject({ isRevoked: true, payload: { text: '' } });
    expect((await cb.getConversationList()).find((c) => c.conversationID === `C2C${a}`)?.lastMessage?.messageForShow).toBe(
      '撤回者撤回了一条消息',
    );

    const old = await ca.sendMessage(text(`C2C${b}`, 'rv-2', '很久以前'));
    await t.db
      .update(imMessages)
      .set({ createdAt: sql`now() - interval '121 seconds'` })
      .where(eq(imMessages.id, Number(old.ID)));
    const err = await ca.revokeMessage({ conversationID: `C2C${b}`, ID: old.ID }).catch((e: ChatError) => e);
    expect(err).toMatchObject({ code: 20016, message: '消息发送已超过2分钟，无法撤回' });
  });

  it('deletes a message for me only', async () => {
    const a = await t.makeUser();
    const b = await t.makeUser();
    const { c: ca } = await t.connect(a);
    const { c: cb } = await t.connect(b);
    const m1 = await ca.sendMessage(text(`C2C${b}`, 'dm-1', '一'));
    await ca.sendMessage(text(`C2C${b}`, 'dm-2', '二'));
    await ca.deleteMessage({ conversationID: `C2C${b}`, IDList: [m1.ID] });
    const mine = (await ca.getMessageList({ conversationID: `C2C${b}` })).messageList.map((m) => m.clientID);
    const theirs = (await cb.getMessageList({ conversationID: `C2C${a}` })).messageList.map((m) => m.clientID);
    expect(mine).toEqual(['dm-2']);
    expect(theirs).toEqual(['dm-1', 'dm-2']);
  });

  it('sends call signalling online-only: delivered, never stored, sequence 0', async () => {
    const a = await t.makeUser();
    const b = await t.makeUser();
    const { c: ca } = await t.connect(a);
    const { c: cb } = await t.connect(b);
    const got = recorder(cb, 'messageReceived');
    const data = JSON.stringify({ businessID: 'call', action: 'offer', callID: 'x1', media: 'audio', sdp: 'v=0' });
    const m = await ca.sendMessage(
      { conversationID: `C2C${b}`, clientID: 'on-1', type: 'TIMCustomElem', payload: { data, description: '', extension: '' } },
      { onlineUserOnly: true },
    );
    expect(m.sequence).toBe(0);
    await got.until((s) => s.flat().some((x) => x.clientID === 'on-1'));
    expect((await cb.getMessageList({ conversationID: `C2C${a}` })).messageList).toHaveLength(0);
  });
});

describe('who may send', () => {
  it('refuses a blocked sender with 20007, messages to oneself and to nobody', async () => {
    const a = await t.makeUser();
    const b = await t.makeUser();
    const { c: ca } = await t.connect(a);
    await t.db.insert(imBlacklist).values({ userId: b, blockedId: a });
    const err = await ca.sendMessage(text(`C2C${b}`, 'bl-1', '在吗')).catch((e: ChatError) => e);
    expect(err).toMatchObject({ code: 20007, message: '对方已将你加入黑名单，消息发送失败' });
    expect(await codeOf(ca.sendMessage(text(`C2C${a}`, 'bl-2', '自己')))).toBe(9001);
    expect(await codeOf(ca.sendMessage(text('C2C2000000000', 'bl-3', '无人')))).toBe(10010);
    expect(await codeOf(ca.sendMessage(text(`C2C${b}`, 'bl-4', '   ')))).toBe(9001);
    expect(await codeOf(ca.sendMessage(text(`C2C${b}`, 'bl-5', 'x'.repeat(5001))))).toBe(9001);
    // Media must be our own uploads.
    const img = {
      imageFormat: 'png',
      imageInfoArray: [{ type: 0 as const, url: 'https://evil.example/a.png', width: 1, height: 1, size: 1 }],
    };
    expect(
      await codeOf(ca.request('sendMessage', { conversationID: `C2C${b}`, clientID: 'bl-6', type: 'TIMImageElem', payload: img })),
    ).toBe(9001);
  });

  it('keeps group history to members', async () => {
    const a = await t.makeUser();
    const { c } = await t.connect(a);
    expect(await codeOf(c.getMessageList({ conversationID: 'GROUP@GF#nosuch' }))).toBe(10007);
    expect(await codeOf(c.sendMessage(text('GROUP@GF#nosuch', 'g-1', '嗨')))).toBe(10010);
  });
});

describe('reports', () => {
  it('puts a reported message in the console queue with a snapshot, and the takedown recalls it', async () => {
    const a = await t.makeUser('被举报人');
    const b = await t.makeUser();
    const { c: ca } = await t.connect(a);
    const { c: cb } = await t.connect(b);
    const m: Message = await ca.sendMessage(text(`C2C${b}`, 'rp-1', '违规内容'));
    expect(await codeOf(ca.reportMessage({ conversationID: `C2C${b}`, ID: m.ID, reason: 'abuse' }))).toBe(10004);
    await cb.reportMessage({ conversationID: `C2C${a}`, ID: m.ID, reason: '骚扰我' });
    const [row] = await t.db
      .select()
      .from(contentReports)
      .where(and(eq(contentReports.targetType, 'message'), eq(contentReports.targetId, Number(m.ID))));
    expect(row).toMatchObject({ targetTitle: '被举报人：违规内容', reason: 'other', detail: '骚扰我', status: 'open' });
    // A stranger cannot report what they cannot see.
    const { c: cx } = await t.connect(await t.makeUser());
    expect(await codeOf(cx.reportMessage({ conversationID: `C2C${a}`, ID: m.ID, reason: 'abuse' }))).toBe(10010);

    const cookie = await t.staffCookie('super');
    const queue = await t.post('/admin/contentReports', { status: 'open', target_type: 'message' }, undefined, { cookie });
    const item = (queue.body.data?.list ?? []).find((r: { target_id: number }) => r.target_id === Number(m.ID));
    expect(item).toMatchObject({ target_title: '被举报人：违规内容' });
    const revoked = recorder(cb, 'messageRevoked');
    const decided = await t.post('/admin/contentReport/takedown', { id: item!.id, note: '含有违规内容' }, undefined, { cookie });
    expect(decided.body.code).toBe(200);
    await revoked.until((s) => s.flat().some((r) => r.ID === m.ID));
    expect((await cb.getMessageList({ conversationID: `C2C${a}` })).messageList[0]?.isRevoked).toBe(true);
  });
});

describe('the demo accounts', () => {
  it('member and coach talk', async () => {
    const { c: cm, id: member } = await t.connect(DEMO.member);
    const { c: cc, id: coach } = await t.connect(DEMO.coach);
    const got = recorder(cc, 'messageReceived');
    await cm.sendMessage(text(`C2C${coach}`, 'demo-1', '教练你好'));
    await got.until((s) => s.flat().some((m) => m.from === String(member)));
  });
});
