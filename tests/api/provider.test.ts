import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  auditLog,
  coaches,
  courses,
  messages,
  orders,
  providerApplications,
  providerTeam,
  sellerAccounts,
  sellerLedger,
  sellerWithdrawals,
  serviceProviders,
  users,
} from '~/server/db/schema';
import { changeCoins } from '~/server/ledger/coins';
import { advanceOrders, SETTLE_DAYS } from '~/server/modules/commerce/order-lifecycle.service';
import { DEFAULT_COMMISSION_BP, splitIncome } from '~/server/modules/seller/income';
import { moveSellerMoney, sellerAccountId } from '~/server/ledger/seller-money';
import { approveApplication, refuseApplication } from '~/server/modules/provider/application.service';
import { DEMO_PAY_PASSWORD } from '~/server/seed/commerce';
import { PROVIDER_TEXTS, providerShare } from '~/lib/rules/provider';
import { UPLOAD_TEXTS } from '~/lib/rules/upload';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/** Seed coaches no other test file uses: one to invite, one already in the demo provider's team. */
const INVITEE = '13800000110';
const TEAM_COACH = '13800000104';
const OTHER_COACH = '13800000105';

let t: TestApi;
let member: string;
let memberId: number;
let provider: string;
let providerId: number;

beforeAll(async () => {
  t = await startApi();
  member = await t.login(DEMO.member);
  provider = await t.login(DEMO.provider);
  memberId = (await t.db.select().from(users).where(eq(users.phone, DEMO.member)))[0]!.id;
  providerId = (await t.db.select().from(users).where(eq(users.phone, DEMO.provider)))[0]!.serviceId;
  await t.db.transaction((tx) => changeCoins(tx, memberId, 50_000, 'grant', { type: 'test', id: 0 }));
});
afterAll(() => t.stop());

const FORM = {
  name: '武林传媒工作室',
  contact: '李四',
  phone: '13912340000',
  city: '杭州',
  intro: '为武术教练提供课程拍摄、剪辑和线上推广服务，已服务二十余位教练。',
  licence: '',
  agree: true as const,
};

/** A fresh member with the form of an application, its licence their own private upload. */
async function applicant(): Promise<{ token: string; id: number; phone: string; form: typeof FORM }> {
  const phone = `1391${Math.floor(Math.random() * 1e7)
    .toString()
    .padStart(7, '0')}`;
  const [u] = await t.db
    .insert(users)
    .values({
      phone,
      passwordHash: (await t.db.select().from(users).where(eq(users.phone, DEMO.member)))[0]!.passwordHash,
      nickName: '申请人',
    })
    .returning();
  const token = await t.login(phone);
  return { token, id: u!.id, phone, form: { ...FORM, licence: await t.uploadDocument(token) } };
}

const coachIdOf = async (phone: string) =>
  (await t.db.select({ id: coaches.id }).from(coaches).innerJoin(users, eq(users.id, coaches.userId)).where(eq(users.phone, phone)))[0]!.id;

async function providerAccount() {
  const [a] = await t.db
    .select()
    .from(sellerAccounts)
    .where(and(eq(sellerAccounts.ownerKind, 'provider'), eq(sellerAccounts.ownerId, providerId)));
  return a ?? { pending: 0, balance: 0, frozen: 0, withdrawn: 0, id: 0 };
}

/** Every column of every account equals the sum of its ledger deltas. */
async function ledgersMatch() {
  const rows = await t.db.execute(sql`
    select a.id from seller_accounts a left join seller_ledger l on l.account_id = a.id
    group by a.id, a.pending, a.balance, a.frozen, a.withdrawn
    having a.pending <> coalesce(sum(l.pending_delta), 0) or a.balance <> coalesce(sum(l.balance_delta), 0)
        or a.frozen <> coalesce(sum(l.frozen_delta), 0) or a.withdrawn <> coalesce(sum(l.withdrawn_delta), 0)`);
  expect(rows.rows).toEqual([]);
}

/** `body` + its Luhn check digit. */
function luhn(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

async function payCoins(id: number) {
  const r = await t.post('/order/payCoins', { id, pay_password: DEMO_PAY_PASSWORD }, member);
  expect(r.body.code).toBe(200);
}

async function paidCourses(coachPhone: string) {
  return t.db
    .select()
    .from(courses)
    .where(and(eq(courses.coachId, await coachIdOf(coachPhone)), eq(courses.status, 1), sql`${courses.price} > 0`))
    .orderBy(asc(courses.id));
}

describe('provider application', () => {
  it('apply → refuse → resubmit → approve; the member becomes a provider', async () => {
    const a = await applicant();
    expect((await t.post('/member/supplierStatus', {}, a.token)).body.data).toMatchObject({ state: 'none', service_id: 0, form: null });
    expect((await t.post('/public/supplierSettle', a.form)).body.code).toBe(101);
    expect((await t.rawPost('/public/supplierSettle', { ...a.form, agree: false }, a.token)).body).toMatchObject({
      code: 100,
      msg: PROVIDER_TEXTS.agreeRequired,
    });
    expect((await t.post('/public/supplierSettle', { ...a.form, phone: '123' }, a.token)).body.msg).toBe(PROVIDER_TEXTS.phoneInvalid);
    expect((await t.post('/public/supplierSettle', { ...a.form, intro: '太短' }, a.token)).body.msg).toBe(PROVIDER_TEXTS.introRequired);
    expect((await t.post('/public/supplierSettle', { ...a.form, licence: 'https://evil.example/x.png' }, a.token)).body.msg).toBe(
      UPLOAD_TEXTS.badDocument,
    );
    const first = await t.post('/public/supplierSettle', a.form, a.token);
    expect(first.body).toMatchObject({ code: 200, data: { state: 'pending', form: { name: FORM.name } } });
    expect((await t.post('/public/supplierSettle', a.form, a.token)).body.msg).toBe(PROVIDER_TEXTS.pending);
    // Provider endpoints stay closed while pending.
    expect((await t.post('/provider/overview', {}, a.token)).body.code).toBe(403);

    const [app] = await t.db.select().from(providerApplications).where(eq(providerApplications.userId, a.id));
    expect(await refuseApplication(app!.id, 1, '营业执照照片模糊，请重新上传清晰照片')).toBe(true);
    expect(await refuseApplication(app!.id, 1, '再次拒绝')).toBe(false);
    const refused = (await t.post('/member/supplierStatus', {}, a.token)).body.data;
    expect(refused).toMatchObject({ state: 'refused', refuse_reason: '营业执照照片模糊，请重新上传清晰照片', form: { city: '杭州' } });
    const notice = await t.db.select().from(messages).where(eq(messages.userId, a.id));
    expect(notice.map((m) => m.title)).toContain('服务商入驻申请未通过');

    const licence2 = await t.uploadDocument(a.token);
    expect((await t.post('/public/supplierSettle', { ...a.form, licence: licence2 }, a.token)).body.data.state).toBe('pending');
    const [again] = await t.db
      .select()
      .from(providerApplications)
      .where(and(eq(providerApplications.userId, a.id), eq(providerApplications.status, 'pending')));
    const ok = await approveApplication(again!.id, 1, '资料齐全');
    expect(ok).toMatchObject({ providerId: expect.any(Number) });
    expect(await approveApplication(again!.id, 1, '重复')).toBe(false);
    const [u] = await t.db.select().from(users).where(eq(users.id, a.id));
    expect(u!.serviceId).toBe(ok && ok.providerId);
    // The cached session is forgotten: the same token now reaches the provider area.
    const status = (await t.post('/member/supplierStatus', {}, a.token)).body.data;
    expect(status).toMatchObject({ state: 'approved', service_id: u!.serviceId });
    const o = (await t.post('/provider/overview', {}, a.token)).body;
    expect(o).toMatchObject({ code: 200, data: { provider: { name: FORM.name, commission_bp: 200 }, team_size: 0 } });
    expect((await t.post('/public/supplierSettle', a.form, a.token)).body.msg).toBe(PROVIDER_TEXTS.alreadyProvider);
  });

  it('refuses an empty reason and unknown applications', async () => {
    await expect(refuseApplication(1, 1, ' ')).rejects.toMatchObject({ message: PROVIDER_TEXTS.reasonRequired });
    await expect(approveApplication(999_999, 1, '')).rejects.toMatchObject({ message: PROVIDER_TEXTS.applicationNotFound });
  });
});

describe('provider team', () => {
  it('invite → the coach accepts in notices → team list; a coach in a team cannot be invited', async () => {
    const invited = await t.post('/provider/invite', { phone: INVITEE }, provider);
    expect(invited.body).toMatchObject({ code: 200, data: { status: 'invited', phone: '138****0110' } });
    expect((await t.post('/provider/invite', { phone: INVITEE }, provider)).body.msg).toBe(PROVIDER_TEXTS.invited);
    expect((await t.post('/provider/invite', { phone: DEMO.member }, provider)).body.msg).toBe(PROVIDER_TEXTS.notCoach);
    expect((await t.post('/provider/invite', { phone: TEAM_COACH }, provider)).body.msg).toBe(PROVIDER_TEXTS.inTeam);

    const coach = await t.login(INVITEE);
    const list = (await t.post('/member/messageList', { type: 'notice' }, coach)).body.data.list;
    const msg = list.find((m: { need_agree: number; title: string }) => m.need_agree === 1 && m.title.includes('华武供应链'));
    expect(msg).toBeTruthy();
    expect((await t.post('/member/messageIsAgree', { id: msg!.id, is_agree: 1 }, coach)).body.code).toBe(200);
    expect((await t.post('/member/messageIsAgree', { id: msg!.id, is_agree: 2 }, coach)).body.msg).toBe('您已处理过该申请');

    const team = (await t.post('/provider/team', { status: 'active' }, provider)).body.data;
    expect(team.list.find((m: { coach_id: number }) => m.coach_id === invited.body.data.coach_id)).toMatchObject({ status: 'active' });
    const providerNotices = (await t.post('/member/messageList', { type: 'notice' }, provider)).body.data.list;
    expect(providerNotices.some((m: { title: string }) => m.title === '周文彬已加入您的教练团队')).toBe(true);

    // Another provider cannot take a coach who is in a team.
    const other = await applicant();
    await t.post('/public/supplierSettle', other.form, other.token);
    const [app] = await t.db.select().from(providerApplications).where(eq(providerApplications.userId, other.id));
    await approveApplication(app!.id, 1, '');
    expect((await t.post('/provider/invite', { phone: INVITEE }, other.token)).body.msg).toBe(PROVIDER_TEXTS.inOtherTeam);
    // …and cannot see or remove this provider's members (404, not "wrong state").
    expect((await t.post('/provider/teamRemove', { id: invited.body.data.id }, other.token)).body.code).toBe(404);
  });

  it('decline: the coach refuses and stays free; remove ends the membership', async () => {
    const other = await applicant();
    await t.post('/public/supplierSettle', other.form, other.token);
    const [app] = await t.db.select().from(providerApplications).where(eq(providerApplications.userId, other.id));
    await approveApplication(app!.id, 1, '');
    expect((await t.post('/provider/invite', { phone: OTHER_COACH }, other.token)).body.code).toBe(200);
    const coach = await t.login(OTHER_COACH);
    const msg = (await t.post('/member/messageList', { type: 'notice' }, coach)).body.data.list.find(
      (m: { need_agree: number }) => m.need_agree === 1,
    );
    expect((await t.post('/member/messageIsAgree', { id: msg!.id, is_agree: 2 }, coach)).body.code).toBe(200);
    expect((await t.post('/provider/team', {}, other.token)).body.data.total).toBe(0);
    const [row] = await t.db
      .select()
      .from(providerTeam)
      .where(eq(providerTeam.coachId, await coachIdOf(OTHER_COACH)));
    expect(row!.status).toBe('declined');

    // Invited again, agrees, then is removed; a second removal is refused.
    const again = (await t.post('/provider/invite', { phone: OTHER_COACH }, other.token)).body.data;
    const msg2 = (await t.post('/member/messageList', { type: 'notice' }, coach)).body.data.list.find(
      (m: { need_agree: number; is_agree: number }) => m.need_agree === 1 && m.is_agree === 0,
    );
    expect((await t.post('/member/messageIsAgree', { id: msg2!.id, is_agree: 1 }, coach)).body.code).toBe(200);
    expect((await t.post('/provider/team', {}, other.token)).body.data.total).toBe(1);
    expect((await t.post('/provider/teamRemove', { id: again.id }, provider)).body.code).toBe(404);
    expect((await t.post('/provider/teamRemove', { id: again.id }, other.token)).body.code).toBe(200);
    expect((await t.post('/provider/teamRemove', { id: again.id }, other.token)).body.msg).toBe(PROVIDER_TEXTS.notActive);
    expect((await t.post('/provider/team', {}, other.token)).body.data.total).toBe(0);
  });
});

describe('provider commission', () => {
  it('a paid order of a team coach credits the provider out of the platform commission; settle; refund reverses it', async () => {
    const [c1, c2] = await paidCourses(TEAM_COACH);
    const before = await providerAccount();
    const coachBefore = (
      await t.db
        .select()
        .from(sellerAccounts)
        .where(and(eq(sellerAccounts.ownerKind, 'coach'), eq(sellerAccounts.ownerId, await coachIdOf(TEAM_COACH))))
    )[0];

    const o1 = (await t.post('/order/createCourse', { course_id: c1!.id }, member)).body.data;
    await payCoins(o1.id);
    const split = splitIncome(o1.pay_amount, DEFAULT_COMMISSION_BP);
    const share = providerShare(o1.pay_amount, 200, split.platform);
    expect(share).toBeGreaterThan(0);
    const after = await providerAccount();
    expect(after.pending - before.pending).toBe(share);
    // The coach's income is untouched by the provider's share.
    const coachAfter = (
      await t.db
        .select()
        .from(sellerAccounts)
        .where(and(eq(sellerAccounts.ownerKind, 'coach'), eq(sellerAccounts.ownerId, await coachIdOf(TEAM_COACH))))
    )[0]!;
    expect(coachAfter.pending - (coachBefore?.pending ?? 0)).toBe(split.owner);

    // The order and its commission in the provider's lists.
    const listed = (await t.post('/provider/orders', { kind: 'course' }, provider)).body.data.list;
    expect(listed.find((x: { id: number }) => x.id === o1.id)).toMatchObject({ commission: share, commission_state: 'pending' });
    const detail = (await t.post('/provider/orderDetail', { id: o1.id }, provider)).body.data;
    expect(detail.ledger.map((l: { reason_text: string }) => l.reason_text)).toEqual(['服务商佣金']);
    const overview = (await t.post('/provider/overview', {}, provider)).body.data;
    expect(overview.month_sales).toBeGreaterThanOrEqual(o1.pay_amount);
    expect(overview.month_commission).toBeGreaterThanOrEqual(share);
    expect(overview.team_size).toBeGreaterThanOrEqual(2);

    // Refund before settling: taken back out of pending.
    expect((await t.post('/order/refund', { id: o1.id, reason: '时间冲突，学不了' }, member)).body.code).toBe(200);
    const coachToken = await t.login(TEAM_COACH);
    expect((await t.post('/seller/order/refundAgree', { id: o1.id }, coachToken)).body.code).toBe(200);
    expect((await providerAccount()).pending).toBe(before.pending);
    const refundedRow = (await t.post('/provider/orders', {}, provider)).body.data.list.find((x: { id: number }) => x.id === o1.id);
    expect(refundedRow!.commission_state).toBe('refunded');

    // A second order settles with the coach's income after the refund window.
    const o2 = (await t.post('/order/createCourse', { course_id: c2!.id }, member)).body.data;
    await payCoins(o2.id);
    const share2 = providerShare(o2.pay_amount, 200, splitIncome(o2.pay_amount, DEFAULT_COMMISSION_BP).platform);
    await t.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - (SETTLE_DAYS + 1) * 86_400_000) })
      .where(eq(orders.id, o2.id));
    await advanceOrders();
    const settled = await providerAccount();
    expect(settled.balance - before.balance).toBe(share2);
    expect(settled.pending).toBe(before.pending);

    // The ledger page and one row's detail.
    const ledger = (await t.post('/provider/ledger', { reason: 'commission' }, provider)).body.data;
    const row = ledger.list.find((l: { note: string }) => l.note.includes(o2.order_no));
    expect(row).toMatchObject({ reason_text: '服务商佣金', pending_delta: share2 });
    expect((await t.post('/provider/ledgerDetail', { id: row!.id }, provider)).body.data.order).toMatchObject({ id: o2.id });
    await ledgersMatch();
  });

  it('a replayed credit records nothing twice; a removed coach earns the provider nothing new', async () => {
    const [o] = await t.db
      .select()
      .from(sellerLedger)
      .where(and(eq(sellerLedger.reason, 'commission'), eq(sellerLedger.refType, 'order')))
      .limit(1);
    expect(
      await t.db.transaction((tx) => moveSellerMoney(tx, o!.accountId, { pending: 1 }, 'commission', { type: 'order', id: o!.refId })),
    ).toBe(false);

    const coach = await coachIdOf('13800000108');
    await t.db
      .update(providerTeam)
      .set({ status: 'removed' })
      .where(and(eq(providerTeam.coachId, coach), eq(providerTeam.status, 'active')));
    const [c] = await paidCourses('13800000108');
    const before = await providerAccount();
    const ord = (await t.post('/order/createCourse', { course_id: c!.id }, member)).body.data;
    await payCoins(ord.id);
    expect((await providerAccount()).pending).toBe(before.pending);
    expect((await t.post('/provider/orderDetail', { id: ord.id }, provider)).body.code).toBe(404);
    await ledgersMatch();
  });
});

describe('provider authz and withdrawals', () => {
  it('a member without service_id gets 403 on every provider endpoint; guests 101', async () => {
    for (const path of ['/provider/overview', '/provider/team', '/provider/finance', '/provider/bankCards', '/provider/orders']) {
      expect((await t.rawPost(path, {}, member)).body).toMatchObject({ code: 403, msg: PROVIDER_TEXTS.notProvider });
      expect((await t.rawPost(path, {})).body.code).toBe(101);
    }
    // A stale service_id pointing at someone else's provider row is refused too.
    const a = await applicant();
    await t.db.update(users).set({ serviceId: providerId }).where(eq(users.id, a.id));
    const token = await t.login(a.phone);
    expect((await t.post('/provider/overview', {}, token)).body.code).toBe(403);
  });

  it("another provider's order and ledger rows answer 404", async () => {
    const other = await applicant();
    await t.post('/public/supplierSettle', other.form, other.token);
    const [app] = await t.db.select().from(providerApplications).where(eq(providerApplications.userId, other.id));
    await approveApplication(app!.id, 1, '');
    const mine = (await t.post('/provider/orders', {}, provider)).body.data.list[0];
    expect((await t.post('/provider/orderDetail', { id: mine!.id }, other.token)).body.code).toBe(404);
    const entry = (await t.post('/provider/ledger', {}, provider)).body.data.list[0];
    expect((await t.post('/provider/ledgerDetail', { id: entry!.id }, other.token)).body.code).toBe(404);
  });

  it('a provider withdrawal lands in seller_withdrawals on the provider account', async () => {
    const [p] = await t.db.select().from(serviceProviders).where(eq(serviceProviders.id, providerId));
    const account = await t.db.transaction(async (tx) => {
      const id = await sellerAccountId(tx, { kind: 'provider', id: providerId, userId: p!.userId });
      await moveSellerMoney(tx, id, { balance: 5000 }, 'settle', { type: 'test', id: 1 });
      return id;
    });
    // The demo provider has no pay password yet: give it the demo one.
    const [m] = await t.db.select().from(users).where(eq(users.phone, DEMO.member));
    await t.db.update(users).set({ payPasswordHash: m!.payPasswordHash }).where(eq(users.phone, DEMO.provider));
    await t.sendCode(DEMO.provider, 'bank_card', provider);
    const card = await t.post(
      '/provider/bankCardAdd',
      { holder_name: '王经理', bank_code: 'ICBC', card_no: luhn('622202020011223344'), yzm: await t.lastCode(DEMO.provider) },
      provider,
    );
    expect(card.body.code).toBe(200);
    expect((await t.post('/provider/bankCards', {}, provider)).body.data.list).toHaveLength(1);
    // Cards of the provider are not the member's or a seller's.
    expect((await t.post('/seller/bankCards', {}, provider)).body.code).toBe(403);
    const w = await t.post('/provider/withdraw', { card_id: card.body.data.id, amount: 3000, pay_password: DEMO_PAY_PASSWORD }, provider);
    expect(w.body).toMatchObject({ code: 200, data: { status: 'pending', amount: 3000 } });
    const [row] = await t.db.select().from(sellerWithdrawals).where(eq(sellerWithdrawals.id, w.body.data.id));
    expect(row!.accountId).toBe(account);
    const f = (await t.post('/provider/finance', {}, provider)).body.data;
    expect(f).toMatchObject({ owner_kind: 'provider', frozen: 3000, pending_withdrawal: w.body.data.id });
    expect((await t.post('/provider/withdrawals', {}, provider)).body.data.total).toBe(1);
    await ledgersMatch();
  });
});

describe('/api/admin/providers', () => {
  it('reviewers list, refuse and approve, each decision with exactly one audit row; finance is refused', async () => {
    const cookie = await t.staffCookie('reviewer');
    const a = await applicant();
    await t.post('/public/supplierSettle', a.form, a.token);
    const list = (await t.post('/admin/providers/applications', {}, undefined, { cookie })).body.data;
    const row = list.list.find((r: { user_id: number }) => r.user_id === a.id);
    expect(row).toMatchObject({ status: 'pending', name: FORM.name });
    expect((await t.post('/admin/providers/refuse', { id: row!.id, reason: '' }, undefined, { cookie })).body.msg).toBe(
      PROVIDER_TEXTS.reasonRequired,
    );
    expect((await t.post('/admin/providers/refuse', { id: row!.id, reason: '城市与执照不符' }, undefined, { cookie })).body.code).toBe(200);
    expect((await t.post('/admin/providers/approve', { id: row!.id }, undefined, { cookie })).body.msg).toBe(PROVIDER_TEXTS.notPending);
    await t.post('/public/supplierSettle', a.form, a.token);
    const again = (await t.post('/admin/providers/applications', {}, undefined, { cookie })).body.data.list.find(
      (r: { user_id: number }) => r.user_id === a.id,
    );
    const ok = await t.post('/admin/providers/approve', { id: again!.id, note: '资料齐全' }, undefined, { cookie });
    expect(ok.body.code).toBe(200);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.target, 'provider_applications'));
    expect(rows.filter((r) => r.targetId === String(row!.id)).map((r) => r.action)).toEqual(['provider.refuse']);
    expect(rows.filter((r) => r.targetId === String(again!.id)).map((r) => r.action)).toEqual(['provider.approve']);
    const providers = (await t.post('/admin/providers/list', { key: FORM.name }, undefined, { cookie })).body.data.list;
    expect(providers.some((p: { id: number; team_size: number }) => p.id === ok.body.data.provider_id && p.team_size === 0)).toBe(true);
    const demo = (await t.post('/admin/providers/list', { key: '华武' }, undefined, { cookie })).body.data.list[0];
    expect(demo!.team_size).toBeGreaterThanOrEqual(1);
    const finance = await t.staffCookie('finance');
    expect((await t.post('/admin/providers/applications', {}, undefined, { cookie: finance })).body.code).toBe(403);
  });
});
