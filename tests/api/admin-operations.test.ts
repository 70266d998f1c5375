import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  catalogueHolds,
  auditLog,
  bankCards,
  coaches,
  coinLedger,
  contentReports,
  goods,
  messages,
  orders,
  sellerAccounts,
  sellerLedger,
  sellerWithdrawals,
  sessions,
  shopCancelApplications,
  shops,
  skus,
  users,
  wallets,
} from '~/server/db/schema';
import { DEMO_PAY_PASSWORD } from '~/server/seed/commerce';
import { changeCoins } from '~/server/ledger/coins';
import { encryptCardNumber, cardNumberHash } from '~/server/modules/seller/card-crypto';
import { moveSellerMoney, sellerAccountId } from '~/server/ledger/seller-money';
import { holdWithdrawal } from '~/server/modules/seller/payout.service';
import { OPS_TEXTS, disabledText, statsCsv } from '~/lib/rules/operations';
import { hashPassword } from '~/server/security/password';
import type { ApiInput, ApiPath } from '~/lib/api/types';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/**
 * The operator console's money and member operations: withdrawals, shop
 * cancellations, refund disputes, content reports, members and stats. Every write is checked for
 * its one audit row; every decision for its race (two operators at once → exactly one).
 */
const OTHER_COACH = '13800000102';

let t: TestApi;
let finance: string;
let reviewer: string;
let support: string;
let content: string;
let memberTok: string;
let memberId: number;
let refSeq = 1;

beforeAll(async () => {
  t = await startApi();
  [finance, reviewer, support, content] = await Promise.all([
    t.staffCookie('finance'),
    t.staffCookie('reviewer'),
    t.staffCookie('support'),
    t.staffCookie('content'),
  ]);
  memberTok = await t.login(DEMO.member);
  memberId = (await t.db.select().from(users).where(eq(users.phone, DEMO.member)))[0]!.id;
  await t.db.transaction((tx) => changeCoins(tx, memberId, 50_000, 'grant', { type: 'test', id: 0 }));
});
afterAll(() => t.stop());

const op = <P extends ApiPath>(path: P, body: ApiInput<P>, cookie: string) => t.asStaff(cookie)(path, body);

async function auditRows(action: string, targetId: number | string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));
}

/** A member of this file only (password gongfu123). */
async function freshMember(phone: string) {
  const [u] = await t.db
    .insert(users)
    .values({ phone, nickName: `测试${phone.slice(-4)}`, passwordHash: await hashPassword('gongfu123') })
    .returning();
  return u!.id;
}

async function userIdOf(phone: string) {
  return (await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;
}

async function lastNotice(userId: number) {
  const [m] = await t.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(desc(messages.id)).limit(1);
  return m;
}

/** Every seller account's columns equal the sums of its ledger. */
async function ledgersAgree() {
  const rows = await t.db.execute<{ id: number; ok: boolean }>(sql`
    select a.id, (a.pending = coalesce(sum(l.pending_delta), 0) and a.balance = coalesce(sum(l.balance_delta), 0)
      and a.frozen = coalesce(sum(l.frozen_delta), 0) and a.withdrawn = coalesce(sum(l.withdrawn_delta), 0)) as ok
    from seller_accounts a left join seller_ledger l on l.account_id = a.id group by a.id`);
  for (const r of (rows as unknown as { rows?: { ok: boolean }[] }).rows ?? (rows as unknown as { ok: boolean }[])) expect(r.ok).toBe(true);
}

/** A coach's settled income, a card, and a pending withdrawal of `amount`. */
async function pendingWithdrawal(phone: string, amount: number, cardNo: string) {
  const uid = await userIdOf(phone);
  const [c] = await t.db.select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, uid));
  const accountId = await sellerAccountId(t.db, { kind: 'coach', id: c!.id, userId: uid });
  const ref = { type: 'test_order', id: refSeq++, note: '测试订单' };
  await t.db.transaction((tx) => moveSellerMoney(tx, accountId, { pending: amount * 2 }, 'sale', ref));
  await t.db.transaction((tx) => moveSellerMoney(tx, accountId, { pending: -amount * 2, balance: amount * 2 }, 'settle', ref));
  let [card] = await t.db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.accountId, accountId), eq(bankCards.numberHash, cardNumberHash(cardNo))));
  if (!card)
    [card] = await t.db
      .insert(bankCards)
      .values({
        accountId,
        holderName: '陈师傅',
        bankCode: 'ICBC',
        numberCipher: encryptCardNumber(cardNo),
        numberHash: cardNumberHash(cardNo),
        mask: `${cardNo.slice(0, 4)} **** **** ${cardNo.slice(-4)}`,
      })
      .returning();
  const w = await holdWithdrawal(accountId, card!.id, amount);
  return { id: w.id, accountId, userId: uid };
}

async function account(id: number) {
  return (await t.db.select().from(sellerAccounts).where(eq(sellerAccounts.id, id)))[0]!;
}

describe('withdrawals (finance)', () => {
  it('lists pending withdrawals with owner, masked card and balance; other roles are refused', async () => {
    const w = await pendingWithdrawal(DEMO.coach, 30_00, '6212260000000000017');
    const list = await op('/admin/withdrawals', { status: 'pending' }, finance);
    expect(list.body.code).toBe(200);
    const row = list.body.data.list.find((r: { id: number }) => r.id === w.id);
    expect(row).toMatchObject({
      owner_kind: 'coach',
      owner_kind_text: '教练',
      amount: 30_00,
      status: 'pending',
      card_mask: '6212 **** **** 0017',
    });
    expect(JSON.stringify(list.body)).not.toContain('6212260000000000017');
    expect((await op('/admin/withdrawals', {}, reviewer)).body.code).toBe(403);
    // The dashboard counts the queue for finance.
    const dash = await op('/admin/dashboard', {}, finance);
    expect(dash.body.data.queues.find((q: { key: string }) => q.key === 'withdrawals')!.count).toBeGreaterThanOrEqual(1);
    // The full number is there for the transfer, and every look is audited.
    const full = await op('/admin/withdrawal/cardNumber', { id: w.id }, finance);
    expect(full.body.data).toEqual({ card_no: '6212260000000000017' });
    expect(await auditRows('withdrawal.reveal_card', w.id)).toHaveLength(1);
  });

  it('pays out with a reference: frozen → withdrawn, the seller told, one audit row', async () => {
    const w = await pendingWithdrawal(DEMO.coach, 0, '6212260000000000017').catch(() => null);
    expect(w).toBeNull(); // one pending at a time: the one above is still open
    const [open] = await t.db
      .select()
      .from(sellerWithdrawals)
      .where(eq(sellerWithdrawals.status, 'pending'))
      .orderBy(asc(sellerWithdrawals.id));
    const before = await account(open!.accountId);
    const bad = await op('/admin/withdrawal/pay', { id: open!.id, reference: '转账' }, finance);
    expect(bad.body).toMatchObject({ code: 100, msg: '转账流水号至少 4 位' });
    const paid = await op('/admin/withdrawal/pay', { id: open!.id, reference: 'ICBC-20260501-0001' }, finance);
    expect(paid.body).toMatchObject({ code: 200, msg: '已标记为已打款', data: { status: 'paid', transfer_ref: 'ICBC-20260501-0001' } });
    const after = await account(open!.accountId);
    expect(after.frozen).toBe(before.frozen - open!.amount);
    expect(after.withdrawn).toBe(before.withdrawn + open!.amount);
    const notice = await lastNotice(after.userId);
    expect(notice).toMatchObject({ title: '提现已打款' });
    expect(notice!.content).toContain('ICBC-20260501-0001');
    const rows = await auditRows('withdrawal.pay', open!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ note: 'ICBC-20260501-0001', target: 'seller_withdrawals' });
    // Again: refused, nothing moves, no second audit row.
    const again = await op('/admin/withdrawal/pay', { id: open!.id, reference: 'ICBC-20260501-0002' }, finance);
    expect(again.body).toMatchObject({ code: 100, msg: OPS_TEXTS.withdrawalDecided });
    expect(await auditRows('withdrawal.pay', open!.id)).toHaveLength(1);
    await ledgersAgree();
  });

  it('refuses with a reason: the amount goes back to the balance, the seller is told why', async () => {
    const w = await pendingWithdrawal(DEMO.coach, 20_00, '6212260000000000017');
    const before = await account(w.accountId);
    const r = await op('/admin/withdrawal/refuse', { id: w.id, reason: '户名与卡号不符' }, finance);
    expect(r.body.data).toMatchObject({ status: 'refused', refuse_reason: '户名与卡号不符' });
    const after = await account(w.accountId);
    expect(after.balance).toBe(before.balance + 20_00);
    expect(after.frozen).toBe(before.frozen - 20_00);
    expect((await lastNotice(w.userId))!.content).toContain('户名与卡号不符');
    expect(await auditRows('withdrawal.refuse', w.id)).toHaveLength(1);
    await ledgersAgree();
  });

  it('two operators paying and refusing the same withdrawal at once → exactly one wins', async () => {
    const finance2 = await t.staffCookie('finance');
    const superCookie = await t.staffCookie('super');
    for (let round = 0; round < 3; round++) {
      const w = await pendingWithdrawal(OTHER_COACH, 15_00, '6228480000000000018');
      const before = await account(w.accountId);
      const answers = await Promise.all([
        op('/admin/withdrawal/pay', { id: w.id, reference: `RACE-${round}-A` }, finance),
        op('/admin/withdrawal/refuse', { id: w.id, reason: '并发测试退回' }, finance2),
        op('/admin/withdrawal/pay', { id: w.id, reference: `RACE-${round}-B` }, superCookie),
      ]);
      expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.body.code !== 200)) expect(a.body.msg).toBe(OPS_TEXTS.withdrawalDecided);
      const after = await account(w.accountId);
      expect(after.frozen).toBe(before.frozen - 15_00);
      const audits = [...(await auditRows('withdrawal.pay', w.id)), ...(await auditRows('withdrawal.refuse', w.id))];
      expect(audits).toHaveLength(1);
    }
    await ledgersAgree();
  });
});

describe('shop cancellations (reviewer)', () => {
  async function application() {
    const uid = await userIdOf('13800000203');
    const [s] = await t.db.select().from(shops).where(eq(shops.userId, uid));
    await t.db.delete(shopCancelApplications).where(eq(shopCancelApplications.shopId, s!.id));
    const [a] = await t.db.insert(shopCancelApplications).values({ shopId: s!.id, userId: uid, reason: '不再经营' }).returning();
    return { a: a!, shopId: s!.id, userId: uid };
  }

  it('refuses with a reason (owner told, audited), and approves once (shop closed)', async () => {
    const { a, userId } = await application();
    const list = await op('/admin/shopCancels', {}, reviewer);
    expect(list.body.data.list.map((r: { id: number }) => r.id)).toContain(a.id);
    expect((await op('/admin/shopCancels', {}, finance)).body.code).toBe(403);
    const refused = await op('/admin/shopCancel/refuse', { id: a.id, reason: '仍有学员在读' }, reviewer);
    expect(refused.body.data).toMatchObject({ status: 'refused', refuse_reason: '仍有学员在读' });
    expect(await lastNotice(userId)).toMatchObject({ title: '店铺注销申请被驳回' });
    expect(await auditRows('shop_cancel.refuse', a.id)).toHaveLength(1);

    const next = await application();
    const answers = await Promise.all([
      op('/admin/shopCancel/approve', { id: next.a.id }, reviewer),
      op('/admin/shopCancel/refuse', { id: next.a.id, reason: '并发测试' }, await t.staffCookie('reviewer')),
    ]);
    const won = answers.filter((x) => x.body.code === 200);
    expect(won).toHaveLength(1);
    const audits = [...(await auditRows('shop_cancel.approve', next.a.id)), ...(await auditRows('shop_cancel.refuse', next.a.id))];
    expect(audits).toHaveLength(1);
    if (won[0]!.body.data.status === 'approved') {
      const [s] = await t.db.select().from(shops).where(eq(shops.id, next.shopId));
      expect(s!.status).toBe(0);
      expect(await lastNotice(next.userId)).toMatchObject({ title: '店铺注销申请已通过' });
    }
  });
});

describe('refund disputes (support)', () => {
  let addressId: number;
  beforeAll(async () => {
    const a = await t.post(
      '/member/addressSave',
      { name: '王五', phone: '13912345678', province: '广东省', city: '佛山市', district: '禅城区', detail: '祖庙路 21 号' },
      memberTok,
    );
    addressId = a.body.data.id;
  });
  let skuOffset = 0;
  const shopTok = () => t.login(DEMO.mechant);

  /** A coin-paid goods order of the demo shop whose refund the shop refused. */
  async function refusedOrder() {
    const uid = await userIdOf(DEMO.mechant);
    const [row] = await t.db
      .select({ s: skus })
      .from(skus)
      .innerJoin(goods, eq(goods.id, skus.goodsId))
      .innerJoin(shops, eq(shops.id, goods.shopId))
      .where(and(eq(shops.userId, uid), eq(goods.status, 1)))
      .orderBy(asc(skus.id))
      .limit(1)
      .offset(skuOffset++);
    await t.db.update(skus).set({ price: 8_800, stock: 10 }).where(eq(skus.id, row!.s.id));
    const o = (await t.post('/order/createGoods', { items: [{ sku_id: row!.s.id, num: 1 }], address_id: addressId }, memberTok)).body.data;
    expect((await t.post('/order/payCoins', { id: o.id, pay_password: DEMO_PAY_PASSWORD }, memberTok)).body.code).toBe(200);
    expect((await t.post('/order/refund', { id: o.id, reason: '质量问题' }, memberTok)).body.code).toBe(200);
    const shop = await shopTok();
    expect((await t.post('/seller/order/refundRefuse', { id: o.id, reason: '商品无质量问题' }, shop)).body.code).toBe(200);
    return o.id as number;
  }

  it('a member escalates a refused refund once; another member cannot', async () => {
    const id = await refusedOrder();
    const info = await t.post('/member/refundDisputeInfo', { order_id: id }, memberTok);
    expect(info.body.data).toEqual({ can_dispute: true, dispute: null });
    const other = await t.login(DEMO.coach);
    expect((await t.post('/member/refundDispute', { order_id: id, reason: '收到的商品破损了' }, other)).body.code).toBe(404);
    const short = await t.post('/member/refundDispute', { order_id: id, reason: '破损' }, memberTok);
    expect(short.body).toMatchObject({ code: 100, msg: '申请理由至少 5 个字' });
    const ok = await t.post('/member/refundDispute', { order_id: id, reason: '收到的商品破损了' }, memberTok);
    expect(ok.body).toMatchObject({ code: 200, data: { can_dispute: false, dispute: { status: 'open', status_text: '待仲裁' } } });
    const twice = await t.post('/member/refundDispute', { order_id: id, reason: '收到的商品破损了' }, memberTok);
    expect(twice.body).toMatchObject({ code: 100, msg: OPS_TEXTS.disputeTwice });
    // An order whose refund was never refused cannot be escalated.
    const [paid] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, memberId), eq(orders.refundRefusal, '')))
      .limit(1);
    if (paid)
      expect((await t.post('/member/refundDispute', { order_id: paid.id, reason: '我想退款可以吗' }, memberTok)).body.code).toBe(100);
  });

  it('grant: the platform refunds the coins, the seller income is reversed, both told, audited; a racing uphold loses', async () => {
    const id = await refusedOrder();
    const d = await t.post('/member/refundDispute', { order_id: id, reason: '收到的商品破损了' }, memberTok);
    const disputeId = d.body.data.dispute!.id;
    const queue = await op('/admin/refundDisputes', {}, support);
    const row = queue.body.data.list.find((r: { id: number }) => r.id === disputeId);
    expect(row).toMatchObject({
      order_id: id,
      refund_reason: '质量问题',
      refusal: '商品无质量问题',
      reason: '收到的商品破损了',
      status: 'open',
    });
    expect((await op('/admin/refundDisputes', {}, finance)).body.code).toBe(403);
    const coinsBefore = await t.wallet(memberId);
    const answers = await Promise.all([
      op('/admin/refundDispute/grant', { id: disputeId, note: '商品照片显示破损' }, support),
      op('/admin/refundDispute/uphold', { id: disputeId, note: '并发测试' }, await t.staffCookie('support')),
    ]);
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    const winner = answers.find((a) => a.body.code === 200)!;
    const audits = [...(await auditRows('refund_dispute.grant', disputeId)), ...(await auditRows('refund_dispute.uphold', disputeId))];
    expect(audits).toHaveLength(1);
    const [o] = await t.db.select().from(orders).where(eq(orders.id, id));
    if (winner.body.data.status === 'granted') {
      expect(o!.status).toBe('refunded');
      const coins = await t.wallet(memberId);
      expect(coins.coins).toBe(coinsBefore.coins + Math.ceil(o!.payAmount / 100));
      expect(coins.coins).toBe(coins.ledgerSum);
      const [refundRow] = await t.db
        .select()
        .from(sellerLedger)
        .where(and(eq(sellerLedger.reason, 'refund'), eq(sellerLedger.refId, id)));
      expect(refundRow).toBeTruthy();
    } else {
      expect(o!.status).not.toBe('refunded');
    }
    await ledgersAgree();
  });

  it('uphold: the refusal stands, the buyer is told', async () => {
    const id = await refusedOrder();
    const d = await t.post('/member/refundDispute', { order_id: id, reason: '我还是想退款' }, memberTok);
    const r = await op('/admin/refundDispute/uphold', { id: d.body.data.dispute!.id, note: '商品完好，卖家处理合理' }, support);
    expect(r.body.data).toMatchObject({ status: 'upheld', decision_note: '商品完好，卖家处理合理' });
    expect(await lastNotice(memberId)).toMatchObject({ title: '平台仲裁：维持卖家的处理' });
    const [o] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(o!.status).toBe('paid');
    expect(await auditRows('refund_dispute.uphold', d.body.data.dispute!.id)).toHaveLength(1);
  });
});

describe('content reports', () => {
  async function someGoods() {
    const [g] = await t.db
      .select({ id: goods.id, shopId: goods.shopId })
      .from(goods)
      .where(eq(goods.status, 1))
      .orderBy(desc(goods.id))
      .limit(1);
    return g!;
  }

  it('a member reports once per target (not their own), content takes it down, owner and reporter told', async () => {
    const g = await someGoods();
    expect((await t.post('/member/report', { target_type: 'goods', target_id: g.id, reason: 'fraud' })).body.code).toBe(101);
    const bad = await t.rawPost('/member/report', { target_type: 'goods', target_id: g.id, reason: 'nope' }, memberTok);
    expect(bad.body).toMatchObject({ code: 100, msg: '请选择举报原因' });
    const ok = await t.post(
      '/member/report',
      { target_type: 'goods', target_id: g.id, reason: 'fraud', detail: '图片与实物不符' },
      memberTok,
    );
    expect(ok.body).toMatchObject({ code: 200, msg: '举报已提交，平台处理后会通知你' });
    const twice = await t.post('/member/report', { target_type: 'goods', target_id: g.id, reason: 'other' }, memberTok);
    expect(twice.body).toMatchObject({ code: 100, msg: OPS_TEXTS.reportTwice });
    const [s] = await t.db.select().from(shops).where(eq(shops.id, g.shopId));
    const ownerTok = await t.login((await t.db.select({ p: users.phone }).from(users).where(eq(users.id, s!.userId)))[0]!.p!);
    expect((await t.post('/member/report', { target_type: 'goods', target_id: g.id, reason: 'fraud' }, ownerTok)).body.msg).toBe(
      OPS_TEXTS.reportSelf,
    );
    expect((await t.post('/member/report', { target_type: 'post', target_id: 99999999, reason: 'fraud' }, memberTok)).body.msg).toBe(
      OPS_TEXTS.reportTargetGone,
    );
    expect((await t.post('/member/report', { target_type: 'course', target_id: 99999999, reason: 'fraud' }, memberTok)).body.code).toBe(
      404,
    );
    // A second reporter of the same goods.
    const coachTok = await t.login(DEMO.coach);
    expect((await t.post('/member/report', { target_type: 'goods', target_id: g.id, reason: 'false' }, coachTok)).body.code).toBe(200);

    const queue = await op('/admin/contentReports', { target_type: 'goods' }, content);
    const mine = queue.body.data.list.filter((r: { target_id: number }) => r.target_id === g.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ can_take_down: true, same_target_open: 2, target_href: `/shop/goodsDetail?id=${g.id}` });
    expect((await op('/admin/contentReports', {}, finance)).body.code).toBe(403);

    const down = await op('/admin/contentReport/takedown', { id: mine[0]!.id, note: '商品描述虚假' }, support);
    expect(down.body.data).toMatchObject({ status: 'removed', status_text: '已下架' });
    const [after] = await t.db.select().from(goods).where(eq(goods.id, g.id));
    expect(after!.status).toBe(0);
    // Under a platform hold: the owner cannot put it back until an operator releases it.
    const holds = await t.db
      .select()
      .from(catalogueHolds)
      .where(and(eq(catalogueHolds.kind, 'goods'), eq(catalogueHolds.itemId, g.id), isNull(catalogueHolds.releasedAt)));
    expect(holds).toHaveLength(1);
    expect(await lastNotice(s!.userId)).toMatchObject({ title: '你的商品已被平台下架' });
    expect((await lastNotice(memberId))!.content).toContain('内容已下架');
    // Both reports of the goods are closed by the one decision, which wrote one audit row.
    const left = await t.db
      .select()
      .from(contentReports)
      .where(and(eq(contentReports.targetId, g.id), eq(contentReports.status, 'open')));
    expect(left).toHaveLength(0);
    expect(await auditRows('content_report.takedown', mine[0]!.id)).toHaveLength(1);
    const again = await op('/admin/contentReport/dismiss', { id: mine[1]!.id, note: '重复处理' }, content);
    expect(again.body).toMatchObject({ code: 100, msg: OPS_TEXTS.reportDecided });
    await t.db.update(catalogueHolds).set({ releasedAt: new Date() }).where(eq(catalogueHolds.itemId, g.id));
    await t.db.update(goods).set({ status: 1 }).where(eq(goods.id, g.id));
  });

  it('dismiss keeps the content and tells the reporter; a homepage report cannot be taken down here', async () => {
    const [c] = await t.db
      .select({ id: coaches.id })
      .from(coaches)
      .where(eq(coaches.userId, await userIdOf(OTHER_COACH)));
    expect((await t.post('/member/report', { target_type: 'coach', target_id: c!.id, reason: 'abuse' }, memberTok)).body.code).toBe(200);
    const [r] = await t.db
      .select()
      .from(contentReports)
      .where(and(eq(contentReports.targetType, 'coach'), eq(contentReports.status, 'open')));
    const down = await op('/admin/contentReport/takedown', { id: r!.id, note: '测试下架' }, content);
    expect(down.body).toMatchObject({ code: 100, msg: OPS_TEXTS.cannotTakeDown });
    const d = await op('/admin/contentReport/dismiss', { id: r!.id, note: '未发现违规内容' }, content);
    expect(d.body.data).toMatchObject({ status: 'dismissed' });
    expect((await lastNotice(memberId))!.content).toContain('未发现违规');
    expect(await auditRows('content_report.dismiss', r!.id)).toHaveLength(1);
  });
});

describe('members', () => {
  it('searches by phone, nickname or id (paged)', async () => {
    const byPhone = await op('/admin/members', { key: DEMO.member }, support);
    expect(byPhone.body.data.list[0]).toMatchObject({ id: memberId, phone: DEMO.member });
    const byId = await op('/admin/members', { key: String(memberId) }, finance);
    expect(byId.body.data.list.map((m: { id: number }) => m.id)).toContain(memberId);
    const paged = await op('/admin/members', { limit: 2 }, support);
    expect(paged.body.data.list).toHaveLength(2);
    expect(paged.body.data.total).toBeGreaterThan(2);
    expect((await op('/admin/members', {}, content)).body.code).toBe(403);
    const detail = await op('/admin/member', { id: await userIdOf(DEMO.coach) }, support);
    expect(detail.body.data.seller_accounts[0]).toMatchObject({ owner_kind: 'coach' });
    const orderPage = await op('/admin/member/orders', { id: memberId }, support);
    expect(orderPage.body.data.total).toBeGreaterThan(0);
    const sellerPage = await op('/admin/member/sellerLedger', { id: await userIdOf(DEMO.coach) }, finance);
    expect(sellerPage.body.data.total).toBeGreaterThan(0);
    expect((await op('/admin/member', { id: 99999999 }, support)).body.code).toBe(404);
  });

  it('disable ends the sessions at once and login says why; enable lets the member back', async () => {
    const phone = '13955550007';
    const uid = await freshMember(phone);
    const tok = await t.login(phone);
    expect((await t.post('/member/memberInfo', {}, tok)).body.code).toBe(200);
    expect((await op('/admin/member/disable', { id: uid, reason: '发布违规广告' }, finance)).body.code).toBe(403);
    const r = await op('/admin/member/disable', { id: uid, reason: '发布违规广告' }, support);
    expect(r.body.data).toMatchObject({ status: 0, disabled_reason: '发布违规广告' });
    expect((await t.post('/member/memberInfo', {}, tok)).body.code).toBe(101);
    const open = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, uid), sql`${sessions.revokedAt} is null`));
    expect(open).toHaveLength(0);
    const login = await t.post('/login', { type: 1, phone, password: 'gongfu123' });
    expect(login.body).toMatchObject({ code: 403, msg: disabledText('发布违规广告') });
    expect((await op('/admin/member/disable', { id: uid, reason: '再次禁用' }, support)).body.msg).toBe(OPS_TEXTS.alreadyDisabled);
    expect(await auditRows('member.disable', uid)).toHaveLength(1);
    const en = await op('/admin/member/enable', { id: uid, note: '申诉通过' }, support);
    expect(en.body.data).toMatchObject({ status: 1, disabled_reason: '' });
    expect((await t.post('/login', { type: 1, phone, password: 'gongfu123' })).body.code).toBe(200);
    expect(await auditRows('member.enable', uid)).toHaveLength(1);
  });

  it('adjusts coins only through a ledger row, never below 0, never twice for one form', async () => {
    const uid = await freshMember('13955550008');
    const start = (await t.wallet(uid)).coins;
    const add = await op('/admin/member/adjustCoins', { id: uid, delta: 50, balance_was: start, reason: '活动补偿' }, finance);
    expect(add.body.data.coins).toBe(start + 50);
    const dup = await op('/admin/member/adjustCoins', { id: uid, delta: 50, balance_was: start, reason: '活动补偿' }, finance);
    expect(dup.body).toMatchObject({ code: 100, msg: OPS_TEXTS.balanceChanged });
    const under = await op(
      '/admin/member/adjustCoins',
      { id: uid, delta: -(start + 51), balance_was: start + 50, reason: '扣回多发' },
      finance,
    );
    expect(under.body).toMatchObject({ code: 100, msg: '功夫币余额不足' });
    expect((await op('/admin/member/adjustCoins', { id: uid, delta: 0, balance_was: start + 50, reason: '测试' }, finance)).body.msg).toBe(
      '调整数量不能为 0',
    );
    expect((await op('/admin/member/adjustCoins', { id: uid, delta: 5, balance_was: start + 50, reason: '测试' }, support)).body.code).toBe(
      403,
    );
    const w = await t.wallet(uid);
    expect(w.coins).toBe(start + 50);
    expect(w.coins).toBe(w.ledgerSum);
    const [row] = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, uid)).orderBy(desc(coinLedger.id)).limit(1);
    expect(row).toMatchObject({ delta: 50, reason: 'adjust', note: '活动补偿' });
    const ledger = await op('/admin/member/coinLedger', { id: uid }, support);
    expect(ledger.body.data.list[0]).toMatchObject({ delta: 50, reason_text: '平台调整' });
    expect(await auditRows('member.adjust_coins', uid)).toHaveLength(1);
    const [wr] = await t.db.select().from(wallets).where(eq(wallets.userId, uid));
    expect(wr!.coins).toBe(start + 50);
  });
});

describe('stats (finance)', () => {
  it('gives one row per day with GMV, orders, new members and active sellers; checks the range', async () => {
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const from = new Date(Date.now() + 8 * 3_600_000 - 29 * 86_400_000).toISOString().slice(0, 10);
    const r = await op('/admin/stats', { from, to: today }, finance);
    expect(r.body.code).toBe(200);
    expect(r.body.data.days).toHaveLength(30);
    const last = r.body.data.days.at(-1);
    expect(last!.date).toBe(today);
    // This file's coin orders were paid today.
    expect(last!.orders).toBeGreaterThanOrEqual(3);
    expect(last!.gmv).toBeGreaterThanOrEqual(3 * 8_800);
    expect(last!.active_sellers).toBeGreaterThanOrEqual(1);
    expect(r.body.data.totals.orders).toBe(r.body.data.days.reduce((a: number, d: { orders: number }) => a + d.orders, 0));
    expect((await op('/admin/stats', { from: today, to: from }, finance)).body.msg).toBe(OPS_TEXTS.rangeBackwards);
    expect((await op('/admin/stats', { from: '2024-01-01', to: '2025-06-01' }, finance)).body.msg).toBe(OPS_TEXTS.rangeTooLong);
    expect((await op('/admin/stats', { from: '2024/01/01', to: today }, finance)).body.code).toBe(100);
    expect((await op('/admin/stats', { from, to: today }, support)).body.code).toBe(403);
    const csv = statsCsv(r.body.data.days);
    expect(csv.startsWith('\uFEFF日期,成交额（元）')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(32);
  });
});
