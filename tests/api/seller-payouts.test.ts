import { SELLER_TEXTS } from '~/lib/rules/seller-shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { bankCards, coaches, courses, goods, orders, sellerAccounts, sellerLedger, shops, users } from '~/server/db/schema';
import { moveSellerMoney, sellerAccountId, type SellerOwner } from '~/server/ledger/seller-money';
import { holdWithdrawal, markWithdrawalPaid, refuseWithdrawal } from '~/server/modules/seller/payout.service';
import { approveShopCancel, refuseShopCancel } from '~/server/modules/seller/shop-cancel.service';
import { decryptCardNumber } from '~/server/modules/seller/card-crypto';
import { BANK_TEXTS, luhnValid } from '~/lib/rules/bank';
import { SHOP_CANCEL_TEXTS } from '~/lib/rules/shop-cancel';
import { managementLinks } from '~/lib/rules/roles';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/**
 * Seller payouts: finance overview, ledger, bank cards behind an SMS code,
 * withdrawals held at once and one at a time, and shop cancellation. Income is made here the way
 * the orders module makes it (a sale into pending, then settled into the balance) — no endpoint
 * grants money.
 */
let t: TestApi;
const tok: Record<string, string> = {};
const OTHER_COACH = '13800000102';
const OTHER_SHOP = '13800000203';
const PAY_PW = '123456';
let refSeq = 1;

/** A valid (Luhn) card number: prefix + filler digits + check digit, `len` long. */
function cardNo(prefix: string, len = 19, seed = 0): string {
  const body = prefix + String(seed * 7919 + 1234567).padStart(len - 1 - prefix.length, '0');
  for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return body + d;
  throw new Error('no check digit');
}

async function userId(phone: string): Promise<number> {
  return (await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;
}

async function ownerOf(phone: string): Promise<SellerOwner> {
  const uid = await userId(phone);
  const [c] = await t.db.select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, uid));
  if (c) return { kind: 'coach', id: c.id, userId: uid };
  const [s] = await t.db.select({ id: shops.id }).from(shops).where(eq(shops.userId, uid));
  return { kind: 'shop', id: s!.id, userId: uid };
}

async function accountOf(phone: string) {
  const id = await sellerAccountId(t.db, await ownerOf(phone));
  return (await t.db.select().from(sellerAccounts).where(eq(sellerAccounts.id, id)))[0]!;
}

/** Income as the orders module books it: a sale into pending, then settled into the balance. */
async function earn(phone: string, fen: number, settle = true): Promise<void> {
  const id = await sellerAccountId(t.db, await ownerOf(phone));
  const ref = { type: 'test_order', id: refSeq++, note: '测试订单' };
  await t.db.transaction((tx) => moveSellerMoney(tx, id, { pending: fen }, 'sale', ref));
  if (settle) await t.db.transaction((tx) => moveSellerMoney(tx, id, { pending: -fen, balance: fen }, 'settle', ref));
}

/** Adds a card the way the page does: an SMS code to the seller's own phone, then the form. */
async function addCard(phone: string, no: string, extra: Record<string, unknown> = {}) {
  await t.skipCooldown(phone);
  const sent = await t.sendCode('', 'bank_card', tok[phone]);
  expect(sent.body.code).toBe(200);
  const yzm = await t.lastCode(phone);
  return t.post('/seller/bankCardAdd', { holder_name: '陈师傅', bank_code: 'ICBC', card_no: no, yzm, ...extra }, tok[phone]);
}

/** Every account's columns equal the sum of its ledger deltas. */
async function ledgerAgrees(): Promise<void> {
  const rows = await t.db.execute<{ id: number; ok: boolean }>(sql`
    select a.id, (a.pending = coalesce(sum(l.pending_delta), 0) and a.balance = coalesce(sum(l.balance_delta), 0)
      and a.frozen = coalesce(sum(l.frozen_delta), 0) and a.withdrawn = coalesce(sum(l.withdrawn_delta), 0)) as ok
    from seller_accounts a left join seller_ledger l on l.account_id = a.id group by a.id`);
  for (const r of rows.rows) expect(r.ok, `account ${r.id}`).toBe(true);
}

beforeAll(async () => {
  t = await startApi();
  for (const phone of [DEMO.member, DEMO.coach, DEMO.mechant, DEMO.provider, OTHER_COACH, OTHER_SHOP]) tok[phone] = await t.login(phone);
  // Sellers have no pay password from the seed; give them the demo member's (123456).
  const [m] = await t.db.select({ pw: users.payPasswordHash }).from(users).where(eq(users.phone, DEMO.member));
  await t.db
    .update(users)
    .set({ payPasswordHash: m!.pw })
    .where(sql`${users.phone} in (${DEMO.coach}, ${DEMO.mechant}, ${OTHER_COACH}, ${OTHER_SHOP})`);
});
afterAll(() => t.stop());

const SELLER_PATHS: [string, Record<string, unknown>][] = [
  ['/seller/finance', {}],
  ['/seller/incomeChart', {}],
  ['/seller/ledger', {}],
  ['/seller/withdrawals', {}],
  ['/seller/withdraw', { card_id: 1, amount: 1000, pay_password: PAY_PW }],
  ['/seller/bankCards', {}],
  ['/seller/bankCardAdd', { holder_name: '张三', bank_code: 'ICBC', card_no: cardNo('622202'), yzm: '123456' }],
  ['/seller/bankCardDelete', { id: 1 }],
];
const SHOP_PATHS: [string, Record<string, unknown>][] = [
  ['/shop/applyCancelInfo', {}],
  ['/shop/applyCancel', { reason: '不做了' }],
  ['/shop/applyCancelWithdraw', {}],
];

describe('who may call', () => {
  it('a guest is asked to log in (101), a member or provider is refused (403)', async () => {
    for (const [path, body] of [...SELLER_PATHS, ...SHOP_PATHS, ['/shop/applyCancelStatus', {}] as [string, object]]) {
      expect((await t.rawPost(path, body)).body.code, `${path} guest`).toBe(101);
    }
    for (const [path, body] of [...SELLER_PATHS, ...SHOP_PATHS]) {
      expect((await t.rawPost(path, body, tok[DEMO.member])).body.code, `${path} member`).toBe(403);
      expect((await t.rawPost(path, body, tok[DEMO.provider])).body.code, `${path} provider`).toBe(403);
    }
  });

  it('a coach may not use the shop cancellation (403); a member without a shop reads status 1', async () => {
    for (const [path, body] of SHOP_PATHS) expect((await t.rawPost(path, body, tok[DEMO.coach])).body.code, path).toBe(403);
    const s = await t.post('/shop/applyCancelStatus', {}, tok[DEMO.member]);
    expect(s.body.data).toMatchObject({ status: 1, application: null });
  });
});

describe('bank cards', () => {
  it('checks the number (digits, length, Luhn) before anything, on the server', async () => {
    const good = cardNo('622202', 19);
    const bad = good.slice(0, -1) + String((Number(good.slice(-1)) + 1) % 10);
    const cases: [string, string][] = [
      ['', BANK_TEXTS.cardRequired],
      ['6222 02ab 1234 5678', BANK_TEXTS.cardDigits],
      ['622202123456789', BANK_TEXTS.cardLength],
      ['62220212345678901234', BANK_TEXTS.cardLength],
      [bad, BANK_TEXTS.cardLuhn],
    ];
    for (const [no, msg] of cases) {
      const r = await t.post(
        '/seller/bankCardAdd',
        { holder_name: '陈师傅', bank_code: 'ICBC', card_no: no, yzm: '123456' },
        tok[DEMO.coach],
      );
      expect(r.body, no).toMatchObject({ code: 100, msg });
    }
    const r = await t.rawPost('/seller/bankCardAdd', { holder_name: '陈师傅', bank_code: 'XXX', card_no: good, yzm: '1' }, tok[DEMO.coach]);
    expect(r.body).toMatchObject({ code: 100, msg: BANK_TEXTS.bankRequired });
    const h = await t.post('/seller/bankCardAdd', { holder_name: '1', bank_code: 'ICBC', card_no: good, yzm: '1' }, tok[DEMO.coach]);
    expect(h.body).toMatchObject({ code: 100, msg: BANK_TEXTS.holderInvalid });
  });

  it('needs the SMS code sent to the account phone', async () => {
    const no = cardNo('622848', 19);
    const none = await t.post('/seller/bankCardAdd', { holder_name: '陈师傅', bank_code: 'ABC', card_no: no, yzm: '' }, tok[DEMO.coach]);
    expect(none.body).toMatchObject({ code: 100, msg: '请输入短信验证码' });
    const unsent = await t.post(
      '/seller/bankCardAdd',
      { holder_name: '陈师傅', bank_code: 'ABC', card_no: no, yzm: '000000' },
      tok[DEMO.coach],
    );
    expect(unsent.body.code).toBe(100);
    await t.skipCooldown(DEMO.coach);
    // bank_card goes to the caller's own phone whatever phone the body names.
    expect((await t.sendCode(DEMO.member, 'bank_card', tok[DEMO.coach])).body.code).toBe(200);
    const code = await t.lastCode(DEMO.coach);
    const wrong = await t.post(
      '/seller/bankCardAdd',
      { holder_name: '陈师傅', bank_code: 'ABC', card_no: no, yzm: code === '111111' ? '222222' : '111111' },
      tok[DEMO.coach],
    );
    expect(wrong.body).toMatchObject({ code: 100, msg: '验证码错误' });
    expect((await t.sendCode('', 'bank_card')).body.code).toBe(101);
  });

  it('stores the number encrypted and only ever answers the mask', async () => {
    const no = cardNo('621700', 19, 3);
    const r = await addCard(DEMO.coach, no.replace(/(\d{4})/g, '$1 '), { bank_code: 'CCB' });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({
      bank_code: 'CCB',
      bank_name: '中国建设银行',
      card_mask: `${no.slice(0, 4)} **** **** ${no.slice(-4)}`,
    });
    const list = await t.post('/seller/bankCards', {}, tok[DEMO.coach]);
    expect(JSON.stringify(list.body)).not.toContain(no);
    expect(JSON.stringify(list.body)).not.toContain(no.slice(4, 12));
    const [row] = await t.db.select().from(bankCards).where(eq(bankCards.id, r.body.data.id));
    expect(row!.numberCipher).not.toContain(no);
    expect(decryptCardNumber(row!.numberCipher)).toBe(no);
    // The same card twice is refused (without spending the code).
    const again = await t.post(
      '/seller/bankCardAdd',
      { holder_name: '陈师傅', bank_code: 'CCB', card_no: no, yzm: '123456' },
      tok[DEMO.coach],
    );
    expect(again.body).toMatchObject({ code: 100, msg: BANK_TEXTS.cardTaken });
  });

  it('allows at most five cards', async () => {
    const have = (await t.post('/seller/bankCards', {}, tok[OTHER_SHOP])).body.data.list.length;
    for (let i = have; i < 5; i++) expect((await addCard(OTHER_SHOP, cardNo('622588', 16, i + 10))).body.code).toBe(200);
    const sixth = await addCard(OTHER_SHOP, cardNo('622588', 16, 40));
    expect(sixth.body).toMatchObject({ code: 100, msg: BANK_TEXTS.tooMany });
    const list = (await t.post('/seller/bankCards', {}, tok[OTHER_SHOP])).body.data;
    expect(list).toMatchObject({ max: 5 });
    expect(list.list).toHaveLength(5);
    // Deleting one makes room again.
    expect((await t.post('/seller/bankCardDelete', { id: list.list[0]!.id }, tok[OTHER_SHOP])).body.code).toBe(200);
    expect((await t.post('/seller/bankCards', {}, tok[OTHER_SHOP])).body.data.list).toHaveLength(4);
  });
});

describe('ownership', () => {
  it("another coach or shop can neither see nor use this coach's cards, withdrawals or ledger", async () => {
    await earn(DEMO.coach, 50_00);
    const card = (await t.post('/seller/bankCards', {}, tok[DEMO.coach])).body.data.list[0];
    const w = await t.post('/seller/withdraw', { card_id: card!.id, amount: 10_00, pay_password: PAY_PW }, tok[DEMO.coach]);
    expect(w.body.code).toBe(200);
    for (const other of [OTHER_COACH, OTHER_SHOP]) {
      const cards = (await t.post('/seller/bankCards', {}, tok[other])).body.data.list as { id: number }[];
      expect(cards.map((c) => c.id)).not.toContain(card!.id);
      const del = await t.post('/seller/bankCardDelete', { id: card!.id }, tok[other]);
      expect(del.body).toMatchObject({ code: 404, msg: BANK_TEXTS.cardNotFound });
      await earn(other, 100_00);
      const use = await t.post('/seller/withdraw', { card_id: card!.id, amount: 10_00, pay_password: PAY_PW }, tok[other]);
      expect(use.body).toMatchObject({ code: 404, msg: BANK_TEXTS.cardNotFound });
      const ws = (await t.post('/seller/withdrawals', {}, tok[other])).body.data.list as { id: number }[];
      expect(ws.map((x) => x.id)).not.toContain(w.body.data.id);
      const ledger = (await t.post('/seller/ledger', { limit: 50 }, tok[other])).body.data.list as { note: string }[];
      expect(ledger.some((l) => l.note.includes(card!.card_mask.slice(-4)))).toBe(false);
    }
    // The card stays the coach's; the other seller's money is untouched by the attempt.
    expect((await t.post('/seller/bankCards', {}, tok[DEMO.coach])).body.data.list.map((c: { id: number }) => c.id)).toContain(card!.id);
    expect(await markWithdrawalPaid(w.body.data.id)).toBe(true);
    await ledgerAgrees();
  });
});

describe('withdrawals', () => {
  it('holds the amount at once, one pending at a time, minimum and pay password checked', async () => {
    await earn(DEMO.mechant, 200_00);
    await earn(DEMO.mechant, 30_00, false);
    expect((await addCard(DEMO.mechant, cardNo('622588', 16, 1), { holder_name: '王掌柜', bank_code: 'CMB' })).body.code).toBe(200);
    const card = (await t.post('/seller/bankCards', {}, tok[DEMO.mechant])).body.data.list[0];
    const before = (await t.post('/seller/finance', {}, tok[DEMO.mechant])).body.data;
    expect(before).toMatchObject({ owner_kind: 'shop', min_withdraw: 1000, has_pay_password: true, cards: 1, pending_withdrawal: null });
    expect(before.pending).toBeGreaterThanOrEqual(30_00);

    const small = await t.post('/seller/withdraw', { card_id: card!.id, amount: 999, pay_password: PAY_PW }, tok[DEMO.mechant]);
    expect(small.body).toMatchObject({ code: 100, msg: BANK_TEXTS.amountTooSmall(1000) });
    const wrongPw = await t.post('/seller/withdraw', { card_id: card!.id, amount: 10_00, pay_password: '654321' }, tok[DEMO.mechant]);
    expect(wrongPw.body).toMatchObject({ code: 100, msg: '支付密码错误' });
    const tooMuch = await t.post(
      '/seller/withdraw',
      { card_id: card!.id, amount: before.balance + 1, pay_password: PAY_PW },
      tok[DEMO.mechant],
    );
    expect(tooMuch.body).toMatchObject({ code: 100, msg: BANK_TEXTS.insufficient });

    const ok = await t.post('/seller/withdraw', { card_id: card!.id, amount: 50_00, pay_password: PAY_PW }, tok[DEMO.mechant]);
    expect(ok.body.code).toBe(200);
    expect(ok.body.data).toMatchObject({
      amount: 50_00,
      status: 'pending',
      status_text: '处理中',
      bank_name: '招商银行',
      card_mask: card!.card_mask,
    });
    const after = (await t.post('/seller/finance', {}, tok[DEMO.mechant])).body.data;
    expect(after).toMatchObject({ balance: before.balance - 50_00, frozen: before.frozen + 50_00, pending_withdrawal: ok.body.data.id });

    const second = await t.post('/seller/withdraw', { card_id: card!.id, amount: 10_00, pay_password: PAY_PW }, tok[DEMO.mechant]);
    expect(second.body).toMatchObject({ code: 100, msg: BANK_TEXTS.onePending });
    // The card of a pending withdrawal cannot be deleted.
    const del = await t.post('/seller/bankCardDelete', { id: card!.id }, tok[DEMO.mechant]);
    expect(del.body).toMatchObject({ code: 100, msg: BANK_TEXTS.cardInUse });
    expect((await t.post('/seller/bankCards', {}, tok[DEMO.mechant])).body.data.list[0]!.in_use).toBe(true);

    const list = (await t.post('/seller/withdrawals', {}, tok[DEMO.mechant])).body.data;
    expect(list.list[0]).toMatchObject({ id: ok.body.data.id, status: 'pending' });

    // Refused by the operator: the money comes back to the balance, once.
    expect(await refuseWithdrawal(ok.body.data.id, '户名与卡号不符')).toBe(true);
    expect(await refuseWithdrawal(ok.body.data.id, '户名与卡号不符')).toBe(false);
    expect(await markWithdrawalPaid(ok.body.data.id)).toBe(false);
    const back = (await t.post('/seller/finance', {}, tok[DEMO.mechant])).body.data;
    expect(back).toMatchObject({ balance: before.balance, frozen: before.frozen, pending_withdrawal: null });
    const refused = (await t.post('/seller/withdrawals', {}, tok[DEMO.mechant])).body.data.list[0];
    expect(refused).toMatchObject({ status: 'refused', status_text: '已退回', refuse_reason: '户名与卡号不符' });

    // A new request, paid out: frozen → withdrawn, once.
    const again = await t.post('/seller/withdraw', { card_id: card!.id, amount: 20_00, pay_password: PAY_PW }, tok[DEMO.mechant]);
    expect(again.body.code).toBe(200);
    const paid = await Promise.all([markWithdrawalPaid(again.body.data.id), markWithdrawalPaid(again.body.data.id)]);
    expect(paid.filter(Boolean)).toHaveLength(1);
    const done = (await t.post('/seller/finance', {}, tok[DEMO.mechant])).body.data;
    expect(done).toMatchObject({ balance: before.balance - 20_00, frozen: before.frozen, withdrawn: before.withdrawn + 20_00 });
    await ledgerAgrees();
  });

  it('10 concurrent requests of 60% of the balance → exactly one', async () => {
    await earn(OTHER_COACH, 1000_00);
    expect((await addCard(OTHER_COACH, cardNo('621226', 19, 5), { holder_name: '黄志坚' })).body.code).toBe(200);
    const card = (await t.post('/seller/bankCards', {}, tok[OTHER_COACH])).body.data.list[0];
    // Settle what the ownership test left pending first.
    const acc = await accountOf(OTHER_COACH);
    const amount = Math.floor(acc.balance * 0.6);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.post('/seller/withdraw', { card_id: card!.id, amount, pay_password: PAY_PW }, tok[OTHER_COACH])),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    for (const a of answers) expect([200, 100, 429]).toContain(a.body.code);
    const now = await accountOf(OTHER_COACH);
    expect(now.balance).toBe(acc.balance - amount);
    expect(now.frozen).toBe(acc.frozen + amount);
    const pendingId = (await t.post('/seller/finance', {}, tok[OTHER_COACH])).body.data.pending_withdrawal;
    expect(await refuseWithdrawal(pendingId!, '测试退回')).toBe(true);

    // The same race below the pay-password check (which admits five attempts at a time): the
    // account lock and the partial unique index let exactly one through.
    const held = await Promise.allSettled(Array.from({ length: 10 }, () => holdWithdrawal(now.id, card!.id, amount)));
    expect(held.filter((h) => h.status === 'fulfilled')).toHaveLength(1);
    for (const h of held) if (h.status === 'rejected') expect((h.reason as Error).message).toBe(BANK_TEXTS.onePending);
    const w = held.find((h) => h.status === 'fulfilled') as PromiseFulfilledResult<{ id: number }>;
    expect(await markWithdrawalPaid(w.value.id)).toBe(true);
    await ledgerAgrees();
  });

  it('a withdrawal racing a refund debit never takes the balance below zero', async () => {
    const acc = await accountOf(OTHER_COACH);
    const card = (await t.post('/seller/bankCards', {}, tok[OTHER_COACH])).body.data.list[0];
    for (let round = 0; round < 5; round++) {
      const start = (await accountOf(OTHER_COACH)).balance;
      if (start < 100_00) await earn(OTHER_COACH, 100_00);
      const balance = (await accountOf(OTHER_COACH)).balance;
      const sixty = Math.floor(balance * 0.6);
      const refundRef = { type: 'test_refund', id: refSeq++, note: '测试退款' };
      const [w, r] = await Promise.allSettled([
        holdWithdrawal(acc.id, card!.id, sixty),
        t.db.transaction((tx) => moveSellerMoney(tx, acc.id, { balance: -sixty }, 'refund', refundRef)),
      ]);
      const wins = [w, r].filter((x) => x.status === 'fulfilled');
      expect(wins).toHaveLength(1);
      const after = await accountOf(OTHER_COACH);
      expect(after.balance).toBe(balance - sixty);
      expect(after.balance).toBeGreaterThanOrEqual(0);
      if (w.status === 'fulfilled') expect(await markWithdrawalPaid(w.value.id)).toBe(true);
    }
    const [neg] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sellerAccounts)
      .where(sql`balance < 0 or frozen < 0 or pending < 0`);
    expect(neg!.n).toBe(0);
    await ledgerAgrees();
  });
});

describe('finance overview and ledger', () => {
  it('filters the ledger by reason and date, pages it, and charts 30 days', async () => {
    const all = (await t.post('/seller/ledger', { limit: 50 }, tok[DEMO.mechant])).body.data;
    expect(all.total).toBeGreaterThanOrEqual(5);
    const sales = (await t.post('/seller/ledger', { reason: 'sale', limit: 50 }, tok[DEMO.mechant])).body.data;
    expect(sales.list.length).toBeGreaterThan(0);
    expect(sales.list.every((l: { reason: string; reason_text: string }) => l.reason === 'sale' && l.reason_text === '销售收入')).toBe(
      true,
    );
    const page2 = (await t.post('/seller/ledger', { limit: 2, page: 2 }, tok[DEMO.mechant])).body.data;
    expect(page2.list.map((l: { id: number }) => l.id)).toEqual(all.list.slice(2, 4).map((l: { id: number }) => l.id));
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const todays = (await t.post('/seller/ledger', { from: today, to: today, limit: 50 }, tok[DEMO.mechant])).body.data;
    expect(todays.total).toBe(all.total);
    const old = (await t.post('/seller/ledger', { from: '2020-01-01', to: '2020-01-31' }, tok[DEMO.mechant])).body.data;
    expect(old.total).toBe(0);
    const backwards = await t.post('/seller/ledger', { from: '2020-02-01', to: '2020-01-01' }, tok[DEMO.mechant]);
    expect(backwards.body).toMatchObject({ code: 100, msg: '开始日期不能晚于结束日期' });
    expect((await t.rawPost('/seller/ledger', { reason: 'bribe' }, tok[DEMO.mechant])).body.code).toBe(100);

    const chart = (await t.post('/seller/incomeChart', {}, tok[DEMO.mechant])).body.data;
    expect(chart.days).toHaveLength(30);
    expect(chart.days.at(-1)).toMatchObject({ date: today });
    expect(chart.days.at(-1)!.income).toBeGreaterThanOrEqual(230_00);
    expect(chart.days.slice(0, -1).every((d: { income: number }) => d.income === 0)).toBe(true);
  });
});

describe('shop cancellation', () => {
  const shopToken = () => tok[OTHER_SHOP]!;
  let shopId: number;

  beforeAll(async () => {
    shopId = (await ownerOf(OTHER_SHOP)).id;
  });

  const onSale = async () => {
    const [g] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(goods)
      .where(and(eq(goods.shopId, shopId), eq(goods.status, 1)));
    const [c] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(courses)
      .where(and(eq(courses.shopId, shopId), eq(courses.status, 1)));
    return { goods: g!.n, courses: c!.n };
  };

  it('lists the conditions and refuses while orders are unfinished or money is left', async () => {
    const status = await t.post('/shop/applyCancelStatus', {}, shopToken());
    expect(status.body.data).toMatchObject({ status: 1, status_text: '正常营业', application: null });
    expect(managementLinks({ identity: 1, service_id: 0 }, status.body.data.status).map((l) => l.href)).toContain('/mechant/finance');

    const [o] = await t.db
      .insert(orders)
      .values({
        orderNo: `SC${Date.now()}`,
        userId: await userId(DEMO.member),
        kind: 'goods',
        status: 'shipped',
        shopId,
        itemsTotal: 100,
        payAmount: 100,
        expiresAt: new Date(),
      })
      .returning();
    let info = (await t.post('/shop/applyCancelInfo', {}, shopToken())).body.data;
    expect(info.conditions).toMatchObject({ unfinished_orders: 1, ok: false, problem: SHOP_CANCEL_TEXTS.unfinishedOrders(1) });
    expect((await t.post('/shop/applyCancel', { reason: '转行' }, shopToken())).body).toMatchObject({
      code: 100,
      msg: SHOP_CANCEL_TEXTS.unfinishedOrders(1),
    });
    await t.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, o!.id));

    // The ownership test left money in the account: balance (and the pending withdrawal was paid).
    info = (await t.post('/shop/applyCancelInfo', {}, shopToken())).body.data;
    expect(info.conditions.unfinished_orders).toBe(0);
    expect(info.conditions.balance).toBeGreaterThan(0);
    expect((await t.post('/shop/applyCancel', { reason: '转行' }, shopToken())).body).toMatchObject({
      code: 100,
      msg: SHOP_CANCEL_TEXTS.moneyLeft,
    });
    // Withdraw everything and have it paid.
    const card = (await t.post('/seller/bankCards', {}, shopToken())).body.data.list[0];
    const acc = await accountOf(OTHER_SHOP);
    const w = await t.post('/seller/withdraw', { card_id: card!.id, amount: acc.balance, pay_password: PAY_PW }, shopToken());
    expect(w.body.code).toBe(200);
    expect((await t.post('/shop/applyCancel', { reason: '转行' }, shopToken())).body.msg).toBe(SHOP_CANCEL_TEXTS.moneyLeft);
    expect(await markWithdrawalPaid(w.body.data.id)).toBe(true);
    info = (await t.post('/shop/applyCancelInfo', {}, shopToken())).body.data;
    expect(info.conditions).toMatchObject({ unfinished_orders: 0, balance: 0, pending: 0, frozen: 0, ok: true, problem: '' });
  });

  it('takes goods off sale while pending; withdrawing or a refusal puts exactly those back', async () => {
    const before = await onSale();
    expect(before.goods).toBeGreaterThan(0);
    // One goods already off sale stays off after everything.
    const [offBefore] = await t.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.shopId, shopId), eq(goods.status, 1)))
      .limit(1);
    await t.db.update(goods).set({ status: 0 }).where(eq(goods.id, offBefore!.id));

    expect((await t.post('/shop/applyCancel', { reason: '' }, shopToken())).body).toMatchObject({
      code: 100,
      msg: SHOP_CANCEL_TEXTS.reasonRequired,
    });
    const applied = await t.post('/shop/applyCancel', { reason: '经营调整，暂停营业' }, shopToken());
    expect(applied.body).toMatchObject({ code: 200, msg: SHOP_CANCEL_TEXTS.applied });
    expect(applied.body.data).toMatchObject({
      status: 2,
      application: { status: 'pending', reason: '经营调整，暂停营业', off_goods: before.goods - 1 },
    });
    expect(await onSale()).toEqual({ goods: 0, courses: 0 });
    expect((await t.post('/shop/applyCancel', { reason: '再来' }, shopToken())).body.msg).toBe(SHOP_CANCEL_TEXTS.alreadyPending);
    expect((await t.post('/shop/applyCancelStatus', {}, shopToken())).body.data.status).toBe(2);
    // Nothing goes back on sale while the application is pending.
    expect((await t.post('/shop/goodsStatus', { id: offBefore!.id, status: 1 }, shopToken())).body).toMatchObject({
      code: 100,
      msg: SELLER_TEXTS.cancelPending,
    });
    expect(managementLinks({ identity: 1, service_id: 0 }, 2).map((l) => l.href)).not.toContain('/mechant/finance');

    const back = await t.post('/shop/applyCancelWithdraw', {}, shopToken());
    expect(back.body).toMatchObject({ code: 200, data: { status: 1, application: { status: 'withdrawn' } } });
    expect(await onSale()).toEqual({ goods: before.goods - 1, courses: before.courses });
    expect((await t.post('/shop/applyCancelWithdraw', {}, shopToken())).body.msg).toBe(SHOP_CANCEL_TEXTS.nothingPending);

    const again = await t.post('/shop/applyCancel', { reason: '经营调整' }, shopToken());
    expect(again.body.data.status).toBe(2);
    const id = again.body.data.application!.id;
    expect(await refuseShopCancel(id, '请先处理售后')).toBe(true);
    expect(await refuseShopCancel(id, '请先处理售后')).toBe(false);
    expect(await onSale()).toEqual({ goods: before.goods - 1, courses: before.courses });
    const st = (await t.post('/shop/applyCancelStatus', {}, shopToken())).body.data;
    expect(st).toMatchObject({ status: 1, application: { status: 'refused', refuse_reason: '请先处理售后' } });
    const [still] = await t.db.select({ status: goods.status }).from(goods).where(eq(goods.id, offBefore!.id));
    expect(still!.status).toBe(0);
  });

  it('approval re-checks the conditions, then closes the shop and makes the owner a member', async () => {
    const applied = await t.post('/shop/applyCancel', { reason: '不再经营' }, shopToken());
    const id = applied.body.data.application!.id;
    // Money arrived meanwhile: approval is refused and nothing changes.
    await earn(OTHER_SHOP, 5_00, false);
    await expect(approveShopCancel(id)).rejects.toThrow(SHOP_CANCEL_TEXTS.moneyLeft);
    expect((await t.post('/shop/applyCancelStatus', {}, shopToken())).body.data.status).toBe(2);
    const accId = (await accountOf(OTHER_SHOP)).id;
    await t.db.transaction((tx) => moveSellerMoney(tx, accId, { pending: -5_00 }, 'refund', { type: 'test_refund', id: refSeq++ }));

    const both = await Promise.all([approveShopCancel(id), approveShopCancel(id)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    const [shop] = await t.db.select({ status: shops.status }).from(shops).where(eq(shops.id, shopId));
    expect(shop!.status).toBe(0);
    expect(await onSale()).toEqual({ goods: 0, courses: 0 });
    const [u] = await t.db.select({ identity: users.identity }).from(users).where(eq(users.phone, OTHER_SHOP));
    expect(u!.identity).toBe(0);
    const st = await t.post('/shop/applyCancelStatus', {}, shopToken());
    expect(st.body.data).toMatchObject({ status: 3, status_text: '已注销', application: { status: 'approved' } });
    expect((await t.post('/shop/applyCancelInfo', {}, shopToken())).body.code).toBe(403);
    expect((await t.post('/seller/finance', {}, shopToken())).body.code).toBe(403);
    await ledgerAgrees();
  });
});

describe('the seller ledger', () => {
  it('sums per column to the account for every account', async () => {
    const [n] = await t.db.select({ n: sql<number>`count(*)::int` }).from(sellerLedger);
    expect(n!.n).toBeGreaterThan(10);
    await ledgerAgrees();
  });
});
