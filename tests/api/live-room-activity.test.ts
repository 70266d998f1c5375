import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { coinLedger, courses, goods, liveGifts, liveRooms, liveSessions, sellerAccounts, sellerLedger, users } from '~/server/db/schema';
import { DEMO_PAY_PASSWORD } from '~/server/seed/commerce';
import { invalidate } from '~/server/cache';
import { setConfig } from '~/server/modules/site/site.service';
import { changeCoins } from '~/server/ledger/coins';
import { liveStreamHandlers } from '~/server/modules/live/broadcast';
import { hashPassword } from '~/server/security/password';
import type { Message } from '~/lib/chat/types';
import { DEMO } from '../helpers/api';
import { recorder, startIm, type TestIm } from '../helpers/im';

/**
 * The room while on air: chat and barrage through the room's AVChatRoom, gifts paid in
 * coins through both ledgers, likes, the shelf, moderation, and the operator's takedown.
 */

let t: TestIm;
let coach: string;
let shop: string;
let member: string;
let memberId: number;
let coachUserId: number;
let roomId: number;
let groupID: string;
let stream: string;

const streamOf = (pushUrl: string) => /\/live\/([A-Za-z0-9_-]+)\?/.exec(pushUrl)![1]!;
const customOf = (m: Message) =>
  m.type === 'TIMCustomElem' ? (JSON.parse(m.payload.data) as { type: string } & Record<string, unknown>) : null;

/** The coach's account in the seller ledger: its balance and the sum of its ledger's balance deltas. */
async function coachAccount() {
  const [a] = await t.db
    .select()
    .from(sellerAccounts)
    .where(and(eq(sellerAccounts.ownerKind, 'coach'), eq(sellerAccounts.userId, coachUserId)));
  const [sum] = await t.db
    .select({ s: sql<number>`coalesce(sum(${sellerLedger.balanceDelta}), 0)::int` })
    .from(sellerLedger)
    .where(eq(sellerLedger.accountId, a?.id ?? 0));
  const [gifts] = await t.db
    .select({ s: sql<number>`coalesce(sum(${sellerLedger.balanceDelta}), 0)::int` })
    .from(sellerLedger)
    .where(and(eq(sellerLedger.accountId, a?.id ?? 0), eq(sellerLedger.reason, 'gift')));
  return { balance: a?.balance ?? 0, ledgerSum: Number(sum?.s ?? 0), gifts: Number(gifts?.s ?? 0) };
}

async function giftId(name: string): Promise<{ id: number; coins: number }> {
  const [g] = await t.db.select().from(liveGifts).where(eq(liveGifts.name, name));
  return { id: g!.id, coins: g!.coins };
}

let keyN = 0;
const key = () => `test-key-${Date.now().toString(36)}-${++keyN}`;

beforeAll(async () => {
  t = await startIm();
  [coach, shop, member] = await Promise.all([t.login(DEMO.coach), t.login(DEMO.mechant), t.login(DEMO.member)]);
  memberId = await t.idOf(DEMO.member);
  coachUserId = await t.idOf(DEMO.coach);
  const start = (await t.post('/live/start', { title: '陈氏太极 · 晚课' }, coach)).body.data;
  roomId = start.room_id;
  stream = streamOf(start.push.url);
  expect(await liveStreamHandlers.started(stream)).toBe(true);
  const room = (await t.post('/public/liveRoom', { id: roomId }, member)).body.data;
  groupID = room.group_id!;
  expect(groupID).toMatch(/^@GF#live/);
}, 60_000);
afterAll(() => t.stop());

describe('room chat and barrage', () => {
  it('delivers barrage to everyone watching, masks banned words, and counts the audience', async () => {
    const viewer = await t.connect(DEMO.member);
    const anchor = await t.connect(DEMO.coach);
    const other = await t.connect(await t.makeUser('围观群众'));
    for (const c of [viewer.c, anchor.c, other.c]) expect((await c.joinGroup({ groupID })).status).toMatch(/Success|AlreadyInGroup/);
    const heard = recorder(anchor.c, 'messageReceived');
    await viewer.c.sendMessage({ conversationID: `GROUP${groupID}`, clientID: 'b1', type: 'TIMTextElem', payload: { text: '老师好！' } });
    await heard.until((all) => all.flat().some((m) => m.type === 'TIMTextElem' && m.payload.text === '老师好！'));
    await setConfig({ im_banned_words: '坏词' });
    invalidate();
    await viewer.c.sendMessage({ conversationID: `GROUP${groupID}`, clientID: 'b2', type: 'TIMTextElem', payload: { text: '这是坏词' } });
    await heard.until((all) => all.flat().some((m) => m.type === 'TIMTextElem' && m.payload.text === '这是**'));
    const room = (await t.post('/public/liveRoom', { id: roomId })).body.data;
    expect(room.viewers).toBe(3);
    // The broadcast's peak audience follows the joins.
    const [s] = await t.db
      .select()
      .from(liveSessions)
      .where(eq(liveSessions.id, await sessionId()));
    expect(s!.peakViewers).toBeGreaterThanOrEqual(3);
    // The anchor sees who is watching (not themself).
    const list = (await t.post('/live/viewers', {}, coach)).body.data.list as { user_id: number }[];
    expect(list.map((v) => v.user_id).sort()).toEqual([memberId, other.id].sort());
  });

  it('tells watchers of likes, and refuses likes to a room that is not on air', async () => {
    const viewer = await t.connect(DEMO.member);
    await viewer.c.joinGroup({ groupID });
    const heard = recorder(viewer.c, 'messageReceived');
    const liked = await t.post('/member/liveLike', { id: roomId, count: 5 }, member);
    expect(liked.body.code).toBe(200);
    expect(liked.body.data.likes).toBeGreaterThanOrEqual(5);
    await heard.until((all) => all.flat().some((m) => customOf(m)?.type === 'live_like'));
    const idle = (await t.post('/live/anchorRoom', {}, shop)).body.data;
    const refused = await t.post('/member/liveLike', { id: idle.id }, member);
    expect(refused.body).toMatchObject({ code: 100, msg: '主播未开播，暂不能点赞' });
    expect((await t.post('/member/liveLike', { id: roomId })).body.code).toBe(101);
  });
});

async function sessionId(): Promise<number> {
  const [r] = await t.db.select({ s: liveRooms.sessionId }).from(liveRooms).where(eq(liveRooms.id, roomId));
  return r!.s!;
}

describe('gifts paid in kung fu coins', () => {
  it('moves coins through the coin ledger and the anchor’s share into the seller balance, and shows the gift to the room', async () => {
    const watcher = await t.connect(await t.makeUser('看客'));
    await watcher.c.joinGroup({ groupID });
    const heard = recorder(watcher.c, 'messageReceived');
    const flower = await giftId('鲜花');
    const before = await t.wallet(memberId);
    const acct = await coachAccount();
    const k = key();
    const sent = await t.post('/member/sendGift', { room_id: roomId, gift_id: flower.id, num: 3, key: k }, member);
    expect(sent.body).toMatchObject({ code: 200, msg: '赠送成功' });
    expect(sent.body.data.event).toMatchObject({
      room_id: roomId,
      num: 3,
      coins: flower.coins * 3,
      gift: { name: '鲜花' },
      from: { user_id: memberId },
    });
    expect(sent.body.data.balance).toBe(before.coins - flower.coins * 3);
    const after = await t.wallet(memberId);
    expect(after.coins).toBe(before.coins - flower.coins * 3);
    expect(after.ledgerSum).toBe(after.coins);
    // 70 % to the anchor by default (the platform keeps 30 %), in fen.
    const acctAfter = await coachAccount();
    expect(acctAfter.balance - acct.balance).toBe(flower.coins * 3 * 70);
    expect(acctAfter.ledgerSum).toBe(acctAfter.balance);
    await heard.until((all) =>
      all.flat().some((m) => {
        const d = customOf(m);
        return d?.type === 'live_gift' && d['send_id'] === sent.body.data.event.send_id;
      }),
    );

    // The same request again (a retry, a double click) pays nothing more and answers the first send.
    const again = await t.post('/member/sendGift', { room_id: roomId, gift_id: flower.id, num: 3, key: k }, member);
    expect(again.body.data.event.send_id).toBe(sent.body.data.event.send_id);
    expect((await t.wallet(memberId)).coins).toBe(after.coins);
    expect((await coachAccount()).balance).toBe(acctAfter.balance);

    // The broadcast's gift total, the anchor's console and both sides' 打赏流水.
    expect((await t.post('/live/anchorRoom', {}, coach)).body.data.gift_coins).toBeGreaterThanOrEqual(flower.coins * 3);
    const mine = (await t.post('/member/giftLogs', { dir: 'sent' }, member)).body.data;
    expect(mine.list[0]).toMatchObject({ gift_name: '鲜花', num: 3, coins: flower.coins * 3, income_fen: 0 });
    const got = (await t.post('/member/giftLogs', { dir: 'received' }, coach)).body.data;
    expect(got.list[0]).toMatchObject({ gift_name: '鲜花', income_fen: flower.coins * 3 * 70, peer: { user_id: memberId } });
    expect(got.sum_income_fen).toBe(acctAfter.gifts);
  });

  it('counts gift income in the 30-day income and its chart, like the balance does', async () => {
    const chartBefore = (await t.post('/seller/incomeChart', {}, coach)).body.data;
    const acct = await coachAccount();
    const tea = await giftId('功夫茶');
    const sent = await t.post('/member/sendGift', { room_id: roomId, gift_id: tea.id, num: 2, key: key() }, member);
    expect(sent.body.code).toBe(200);
    const share = tea.coins * 2 * 70;
    expect((await coachAccount()).balance - acct.balance).toBe(share);
    const chart = (await t.post('/seller/incomeChart', {}, coach)).body.data;
    expect(chart.total - chartBefore.total).toBe(share);
    const today = chart.days.at(-1);
    expect(today!.income - chartBefore.days.at(-1)!.income).toBe(share);
    // Every gift so far is in the chart: its income equals the gift rows of the ledger.
    expect(chart.days.reduce((s: number, d: { income: number }) => s + d.income, 0)).toBe((await coachAccount()).gifts);
  });

  it('asks for the pay password above the threshold and refuses what the rules refuse', async () => {
    const trophy = await giftId('奖杯');
    const before = await t.wallet(memberId);
    const noPw = await t.post('/member/sendGift', { room_id: roomId, gift_id: trophy.id, num: 1, key: key() }, member);
    expect(noPw.body).toMatchObject({ code: 100, msg: '单次送礼超过 100 功夫币需要输入支付密码' });
    const wrong = await t.post(
      '/member/sendGift',
      { room_id: roomId, gift_id: trophy.id, num: 1, key: key(), pay_password: '000000' },
      member,
    );
    expect(wrong.body.msg).toBe('支付密码错误');
    expect((await t.wallet(memberId)).coins).toBe(before.coins);
    const ok = await t.post(
      '/member/sendGift',
      { room_id: roomId, gift_id: trophy.id, num: 1, key: key(), pay_password: DEMO_PAY_PASSWORD },
      member,
    );
    expect(ok.body.code).toBe(200);
    expect((await t.wallet(memberId)).coins).toBe(before.coins - trophy.coins);

    const flower = await giftId('鲜花');
    expect((await t.post('/member/sendGift', { room_id: roomId, gift_id: flower.id, key: key() }, coach)).body.msg).toBe(
      '不能给自己送礼物',
    );
    const idle = (await t.post('/live/anchorRoom', {}, shop)).body.data;
    expect((await t.post('/member/sendGift', { room_id: idle.id, gift_id: flower.id, key: key() }, member)).body.msg).toBe(
      '主播未开播，暂不能送礼',
    );
    expect((await t.post('/member/sendGift', { room_id: roomId, gift_id: 999_999, key: key() }, member)).body.msg).toBe(
      '礼物不存在或已下架',
    );
    expect((await t.post('/member/sendGift', { room_id: roomId, gift_id: flower.id, key: 'x' }, member)).body.msg).toBe('请求标识不正确');
    expect((await t.post('/member/sendGift', { room_id: roomId, gift_id: flower.id, key: key() })).body.code).toBe(101);
  });

  it('never overdraws a wallet under 200 concurrent gifts, and both ledgers add up', async () => {
    const [u] = await t.db
      .insert(users)
      .values({ phone: '13700000150', nickName: '豪气观众', passwordHash: await hashPassword('abc12345') })
      .returning({ id: users.id });
    await t.db.transaction((tx) => changeCoins(tx, u!.id, 150, 'grant', { type: 'test', id: 0 }));
    const token = await t.login('13700000150', 'abc12345');
    const like = await giftId('点赞');
    const acct = await coachAccount();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.post('/member/sendGift', { room_id: roomId, gift_id: like.id, key: `burst-${i}-xxxx` }, token),
      ),
    );
    const ok = answers.filter((a) => a.body.code === 200).length;
    expect(ok).toBe(150 / like.coins);
    expect(answers.filter((a) => a.body.code !== 200).every((a) => a.body.msg === '功夫币余额不足')).toBe(true);
    const w = await t.wallet(u!.id);
    expect(w).toEqual({ coins: 0, ledgerSum: 0 });
    const [spent] = await t.db
      .select({ s: sql<number>`coalesce(sum(${coinLedger.delta}), 0)::int` })
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, u!.id), eq(coinLedger.reason, 'gift')));
    expect(Number(spent!.s)).toBe(-150);
    const after = await coachAccount();
    expect(after.balance - acct.balance).toBe(150 * 70);
    expect(after.ledgerSum).toBe(after.balance);
  }, 60_000);
});

describe('the shelf', () => {
  it('shows only the anchor’s own or agented items on sale, with buy links', async () => {
    const options = (await t.post('/live/shelfOptions', {}, coach)).body.data.list;
    expect(options.length).toBeGreaterThan(0);
    const pick = options.slice(0, 2).map(({ type, id }) => ({ type, id }));
    const saved = await t.post('/live/settings', { title: '陈氏太极 · 晚课', category: '武术教学', shelf: pick }, coach);
    expect(saved.body).toMatchObject({ code: 200, msg: '保存成功' });
    const room = (await t.post('/public/liveRoom', { id: roomId })).body.data;
    expect(room.shelf.map((x: { id: number }) => x.id)).toEqual(pick.map((x) => x.id));
    expect(room.shelf[0]!.link).toMatch(/^\/(shop\/goodsDetail|train\/courseDetail)\?id=\d+$/);

    // Another shop's goods, or a course of someone else, are refused.
    const [foreign] = await t.db.select({ id: goods.id }).from(goods).limit(1);
    const [notMine] = await t.db
      .select({ id: courses.id })
      .from(courses)
      .where(sql`${courses.coachId} is distinct from (select id from coaches where user_id = ${coachUserId})`)
      .limit(1);
    const optionIds = new Set(options.map((o) => `${o.type}:${o.id}`));
    for (const ref of [
      { type: 'goods' as const, id: foreign!.id },
      { type: 'course' as const, id: notMine!.id },
    ].filter((r) => !optionIds.has(`${r.type}:${r.id}`))) {
      const bad = await t.post('/live/settings', { title: 'x', shelf: [ref] }, coach);
      expect(bad.body).toMatchObject({ code: 100, msg: '只能展示自己或代理的、已上架的商品和课程' });
    }
    expect((await t.post('/live/settings', { title: '' }, coach)).body.msg).toBe('请输入直播标题');
    expect((await t.rawPost('/live/settings', { title: 'x', category: '打麻将' }, coach)).body.msg).toBe('请选择直播分类');
  });
});

describe('moderation', () => {
  it('lets the anchor mute and kick a viewer; a kicked viewer cannot rejoin', async () => {
    const troll = await t.connect(await t.makeUser('捣乱的'));
    await troll.c.joinGroup({ groupID });
    const muted = await t.post('/live/mute', { user_id: troll.id, minutes: 10 }, coach);
    expect(muted.body.code).toBe(200);
    expect(muted.body.data.muted_until).not.toBeNull();
    await expect(
      troll.c.sendMessage({ conversationID: `GROUP${groupID}`, clientID: 'm1', type: 'TIMTextElem', payload: { text: '刷屏' } }),
    ).rejects.toMatchObject({ code: 10017 });
    expect((await t.post('/live/mute', { user_id: troll.id, minutes: 0 }, coach)).body.data.muted_until).toBeNull();

    const watcher = await t.connect(await t.makeUser('旁观'));
    await watcher.c.joinGroup({ groupID });
    const heard = recorder(watcher.c, 'messageReceived');
    const kicked = await t.post('/live/kick', { user_id: troll.id }, coach);
    expect(kicked.body).toMatchObject({ code: 200, msg: '已移出直播间' });
    await heard.until((all) => all.flat().some((m) => customOf(m)?.type === 'live_kick' && customOf(m)?.['user_id'] === troll.id));
    await expect(troll.c.joinGroup({ groupID })).rejects.toMatchObject({ message: '你已被移出该直播间，24 小时内不能再进入聊天' });
    expect((await t.post('/live/kick', { user_id: coachUserId }, coach)).body.msg).toBe('不能对主播本人操作');
    expect((await t.post('/live/mute', { user_id: memberId, minutes: 5 }, member)).body.code).not.toBe(200);
  });
});

describe('the operator takes a room down', () => {
  it('bans the room (stream ended, watchers told), hides it from lists, and restores it', async () => {
    const cookie = await t.staffCookie('content');
    const watcher = await t.connect(await t.makeUser('路人'));
    await watcher.c.joinGroup({ groupID });
    const heard = recorder(watcher.c, 'messageReceived');
    const rooms = (await t.post('/admin/liveRooms', { status: 'live' }, undefined, { cookie })).body.data;
    expect(rooms.list.map((r: { id: number }) => r.id)).toContain(roomId);
    const ban = await t.post('/admin/liveBan', { id: roomId, reason: '直播内容违规' }, undefined, { cookie });
    expect(ban.body).toMatchObject({ code: 200, msg: '直播间已封禁，推流已断开' });
    await heard.until((all) => all.flat().some((m) => customOf(m)?.type === 'live_status' && customOf(m)?.['status'] === 'banned'));
    const pub = (await t.post('/public/liveRoom', { id: roomId })).body.data;
    expect(pub).toMatchObject({ status: 'banned', play: null, group_id: null, ban_reason: '直播内容违规' });
    expect(await liveStreamHandlers.started(stream)).toBe(false);
    const list = (await t.post('/public/liveList', {})).body.data.list as { id: number }[];
    expect(list.map((r) => r.id)).not.toContain(roomId);
    expect((await t.post('/live/start', {}, coach)).body.msg).toBe('直播间已被封禁：直播内容违规');
    // Only content staff (and super) may do this.
    expect(
      (await t.post('/admin/liveBan', { id: roomId, reason: '再封一次' }, undefined, { cookie: await t.staffCookie('finance') })).body.code,
    ).toBe(403);
    expect((await t.post('/admin/liveUnban', { id: roomId }, undefined, { cookie })).body.code).toBe(200);
    expect((await t.post('/public/liveRoom', { id: roomId })).body.data.status).toBe('idle');
  });

  it('edits the gift catalogue: a disabled gift can no longer be sent', async () => {
    const cookie = await t.staffCookie('content');
    const made = await t.post('/admin/liveGiftSave', { name: '木人桩', icon: '/imgs/live/gift-belt.svg', coins: 5 }, undefined, { cookie });
    expect(made.body.code).toBe(200);
    const id = made.body.data.id as number;
    expect((await t.post('/public/liveGifts', {})).body.data.list.map((g: { name: string }) => g.name)).toContain('木人桩');
    await t.post('/admin/liveGiftSave', { id, name: '木人桩', icon: '/imgs/live/gift-belt.svg', coins: 5, enabled: 0 }, undefined, {
      cookie,
    });
    expect((await t.post('/public/liveGifts', {})).body.data.list.map((g: { name: string }) => g.name)).not.toContain('木人桩');
    expect(
      (await t.post('/admin/liveGiftSave', { name: '', icon: '/imgs/live/gift-belt.svg', coins: 5 }, undefined, { cookie })).body.msg,
    ).toBe('请填写礼物名称');
    expect(
      (await t.post('/admin/liveGiftSave', { name: '坏图', icon: 'https://evil.example/x.png', coins: 5 }, undefined, { cookie })).body.msg,
    ).toBe('礼物图标地址不正确，请重新上传');
    expect(
      (await t.post('/admin/liveGiftSave', { name: '免费', icon: '/imgs/live/gift-belt.svg', coins: 0 }, undefined, { cookie })).body.msg,
    ).toBe('价格至少 1 功夫币');
    const gifts = (await t.post('/admin/liveGifts', {}, undefined, { cookie })).body.data.list as { name: string; sent: number }[];
    expect(gifts.find((g) => g.name === '鲜花')!.sent).toBeGreaterThan(0);
  });
});
