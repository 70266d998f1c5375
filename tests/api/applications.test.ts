import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, coaches, identityApplications, labels, messages, shops, users } from '~/server/db/schema';
import { hashPassword } from '~/server/security/password';
import { setConfig } from '~/server/modules/site/site.service';
import { changeCoins } from '~/server/ledger/coins';
import { approveShopCancel } from '~/server/modules/seller/shop-cancel.service';
import { decryptIdNumber } from '~/server/modules/applications/id-crypto';
import type { ApiInput } from '~/lib/api/types';
import { DEMO, startApi, type TestApi } from '../helpers/api';

let t: TestApi;
let labelIds: number[];
let phoneSeq = 0;

const ID = '11010519491231002X';
const IMG = '/imgs/default/default.jpg';

/** A member's own private documents for the forms (ID photos, a certificate, a licence). */
interface Docs {
  front: string;
  back: string;
  cert: string;
  licence: string;
}
const NO_DOCS: Docs = { front: '', back: '', cert: '', licence: '' };
async function docsOf(token: string): Promise<Docs> {
  const [front, back, cert, licence] = await Promise.all([1, 2, 3, 4].map(() => t.uploadDocument(token)));
  return { front: front!, back: back!, cert: cert!, licence: licence! };
}

async function member() {
  const phone = `1370000${String(1000 + phoneSeq++).slice(-4)}`;
  const [u] = await t.db
    .insert(users)
    .values({
      phone,
      nickName: `申请人${phoneSeq}`,
      passwordHash: await hashPassword('abc12345'),
      payPasswordHash: await hashPassword('205813'),
    })
    .returning();
  const token = await t.login(phone, 'abc12345');
  return { id: u!.id, phone, nick: u!.nickName, token, docs: await docsOf(token) };
}

function coachForm(docs: Docs, over: Partial<ApiInput<'/registerCoach'>> = {}) {
  return {
    real_name: '李小龙',
    id_number: ID,
    id_front: docs.front,
    id_back: docs.back,
    phone: '13912345678',
    province: '广东省',
    city: '佛山市',
    label_ids: labelIds.slice(0, 2),
    intro: '习武二十年，擅长咏春与截拳道，带过上百名学员。',
    certificates: [docs.cert],
    agree: true as const,
    ...over,
  };
}

function shopForm(docs: Docs, over: Partial<ApiInput<'/registerShop'>> = {}) {
  return {
    shop_name: '佛山武馆用品店',
    logo: IMG,
    licence_no: '91350100M000100Y43',
    licence_image: docs.licence,
    province: '广东省',
    city: '佛山市',
    district: '禅城区',
    address: '祖庙路 21 号',
    contact_name: '黄飞鸿',
    contact_phone: '13912345678',
    agree: true as const,
    ...over,
  };
}

const status = async (kind: 'coach' | 'shop', token: string) => {
  const r = await t.post(kind === 'coach' ? '/member/coachExamineStatus' : '/member/shopExamineStatus', {}, token);
  expect(r.body.code).toBe(200);
  return { value: r.body.data as number, msg: r.body.msg };
};

/** The operator's decision through the console (a reviewer's staff session). */
async function review(id: number, decision: 'approved' | 'refused', text = '') {
  const cookie = await t.staffCookie('reviewer');
  const r =
    decision === 'approved'
      ? await t.post('/admin/applications/approve', { id, note: text }, undefined, { cookie })
      : await t.post('/admin/applications/refuse', { id, reason: text }, undefined, { cookie });
  expect(r.body.code).toBe(200);
  return r.body.data;
}

beforeAll(async () => {
  t = await startApi();
  labelIds = (await t.db.select({ id: labels.id }).from(labels)).map((l) => l.id);
});
afterAll(() => t.stop());

describe('coach application', () => {
  it('apply → refuse → resubmit → approve → settle (free), with the status gate at every step', async () => {
    const m = await member();
    expect((await status('coach', m.token)).value).toBe(1);

    // Server-side validation in Chinese.
    const bad = await t.post('/registerCoach', coachForm(m.docs, { id_number: '110105194912310021' }), m.token);
    expect(bad.body).toMatchObject({ code: 100, msg: expect.stringContaining('身份证号不正确') });
    expect((await t.rawPost('/registerCoach', { ...coachForm(m.docs), agree: false }, m.token)).body.msg).toBe('请阅读并勾选入驻协议');
    expect((await t.post('/registerCoach', coachForm(m.docs, { city: '上海市' }), m.token)).body.msg).toBe('所在地区不正确，请重新选择');
    expect((await t.post('/registerCoach', coachForm(m.docs, { label_ids: [999999] }), m.token)).body.msg).toBe(
      '擅长拳种不存在，请重新选择',
    );
    expect((await t.post('/registerCoach', coachForm(m.docs, { id_front: 'https://evil.example/x.png' }), m.token)).body.msg).toBe(
      '证件照片无效，请重新上传',
    );

    const first = await t.post('/registerCoach', coachForm(m.docs), m.token);
    expect(first.body).toMatchObject({ code: 200, msg: '申请已提交，请等待审核', data: { status: 'pending', kind: 'coach' } });
    // The database never holds the plain number; the key derived from APP_SECRET opens it.
    const [row] = await t.db.select().from(identityApplications).where(eq(identityApplications.id, first.body.data.id));
    expect(JSON.stringify(row)).not.toContain(ID);
    expect(row!.idNumberMask).toBe('1101**********002X');
    expect(decryptIdNumber(row!.idNumberCipher)).toBe(ID);

    const pending = await status('coach', m.token);
    expect(pending.value).toBe(2);
    expect(pending.msg).toContain('正在审核中');
    const again = await t.post('/registerCoach', coachForm(m.docs), m.token);
    expect(again.body).toMatchObject({ code: 100, msg: pending.msg });
    expect((await t.post('/member/coachFailInfo', {}, m.token)).body).toMatchObject({ code: 100, msg: '没有未通过的申请' });
    // One identity per account: a pending coach application blocks the shop form.
    expect(await status('shop', m.token)).toMatchObject({ value: 7, msg: expect.stringContaining('您已提交教练入驻申请') });

    await review(first.body.data.id, 'refused', '身份证照片模糊');
    const refused = await status('coach', m.token);
    expect(refused.value).toBe(4);
    const fail = await t.post('/member/coachFailInfo', {}, m.token);
    expect(fail.body.data).toMatchObject({
      reason: '身份证照片模糊',
      answers: { real_name: '李小龙', id_number_mask: '1101**********002X', city: '佛山市', label_ids: labelIds.slice(0, 2) },
    });
    expect(JSON.stringify(fail.body)).not.toContain(ID);
    expect((await t.post('/member/settledCoach', {}, m.token)).body).toMatchObject({
      code: 100,
      msg: '您的申请尚未通过审核，暂不能完成入驻',
    });

    // Resubmitting with the ID number left empty keeps the one given before.
    const second = await t.post(
      '/registerCoach',
      coachForm(m.docs, { id_number: '', intro: '习武二十年，现已补充清晰的身份证照片。' }),
      m.token,
    );
    expect(second.body.code).toBe(200);
    expect(second.body.data.id).not.toBe(first.body.data.id);
    const [row2] = await t.db.select().from(identityApplications).where(eq(identityApplications.id, second.body.data.id));
    expect(decryptIdNumber(row2!.idNumberCipher)).toBe(ID);
    expect((await status('coach', m.token)).value).toBe(2);

    await review(second.body.data.id, 'approved', '资料齐全');
    expect((await status('coach', m.token)).value).toBe(3);
    const info = await t.post('/member/identityApplication', { type: 'coach' }, m.token);
    expect(info.body.data).toMatchObject({ status: 3, fee: 0, application: { status: 'approved', review_note: '资料齐全' } });

    const settled = await t.post('/member/settledCoach', {}, m.token);
    expect(settled.body).toMatchObject({
      code: 200,
      msg: '入驻成功，您已成为教练',
      data: { identity: 2, fee: 0, coins_paid: 0, href: '/coach/finance' },
    });
    expect((await status('coach', m.token)).value).toBe(5);
    expect((await status('shop', m.token)).value).toBe(6);
    const [coach] = await t.db.select().from(coaches).where(eq(coaches.userId, m.id));
    // The public name is the member's nickname, never the real name of the application.
    expect(coach).toMatchObject({ name: m.nick, city: '佛山市', status: 1 });
    // The coach area answers at once with the same token.
    expect((await t.post('/coach/setInfo', {}, m.token)).body.code).toBe(200);
    // Settling twice does nothing the second time.
    expect((await t.post('/member/settledCoach', {}, m.token)).body).toMatchObject({ code: 100, msg: '您已完成入驻，无需重复操作' });
  });

  it('a double submit makes one application', async () => {
    const m = await member();
    const answers = await Promise.all([1, 2, 3].map(() => t.post('/registerCoach', coachForm(m.docs), m.token)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    const rows = await t.db.select().from(identityApplications).where(eq(identityApplications.userId, m.id));
    expect(rows).toHaveLength(1);
  });

  it('existing coaches and shop owners are told why they cannot apply', async () => {
    const coach = await t.login(DEMO.coach);
    expect(await status('coach', coach)).toMatchObject({ value: 5, msg: '您已经是教练，无需重复申请' });
    expect((await status('shop', coach)).msg).toContain('您已经是教练');
    const shop = await t.login(DEMO.mechant);
    expect((await status('coach', shop)).value).toBe(6);
    expect((await t.post('/registerCoach', coachForm(await docsOf(shop)), shop)).body).toMatchObject({
      code: 100,
      msg: expect.stringContaining('您已经是店主'),
    });
  });

  it('guests need to log in', async () => {
    expect((await t.post('/member/coachExamineStatus', {})).body.code).toBe(101);
    expect((await t.post('/registerShop', shopForm(NO_DOCS))).body.code).toBe(101);
  });
});

describe('shop application with a fee in coins', () => {
  it('is paid once with the pay password, through the coin ledger', async () => {
    await setConfig({ shop_settle_fee: '5000' });
    try {
      const m = await member();
      expect((await t.post('/registerShop', shopForm(m.docs, { licence_no: '91350100M000100Y44' }), m.token)).body.msg).toContain(
        '统一社会信用代码不正确',
      );
      expect((await t.post('/registerShop', shopForm(m.docs, { district: '海淀区' }), m.token)).body.msg).toBe(
        '所在地区不正确，请重新选择',
      );
      const app = await t.post('/registerShop', shopForm(m.docs), m.token);
      expect(app.body.code).toBe(200);
      await review(app.body.data.id, 'approved');
      const info = await t.post('/member/identityApplication', { type: 'shop' }, m.token);
      expect(info.body.data).toMatchObject({ status: 3, fee: 5000, coins: 0, has_pay_password: true });

      expect((await t.post('/member/settledShop', { pay_password: '205813' }, m.token)).body).toMatchObject({
        code: 100,
        msg: '功夫币余额不足',
      });
      // Nothing moved: still approved, still a member.
      expect((await status('shop', m.token)).value).toBe(3);

      await changeCoins(t.db, m.id, 80, 'grant', { type: 'test', id: 0 });
      expect((await t.post('/member/settledShop', {}, m.token)).body).toMatchObject({ code: 100, msg: '请输入支付密码' });
      expect((await t.post('/member/settledShop', { pay_password: '111111' }, m.token)).body).toMatchObject({
        code: 100,
        msg: '支付密码错误',
      });

      const both = await Promise.all([1, 2].map(() => t.post('/member/settledShop', { pay_password: '205813' }, m.token)));
      const ok = both.filter((b) => b.body.code === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0]!.body.data).toMatchObject({ identity: 1, fee: 5000, coins_paid: 50, balance: 30, href: '/mechant/finance' });
      expect(await t.wallet(m.id)).toEqual({ coins: 30, ledgerSum: 30 });
      const [shop] = await t.db.select().from(shops).where(eq(shops.userId, m.id));
      expect(shop).toMatchObject({ name: '佛山武馆用品店', status: 1 });
      const [row] = await t.db.select().from(identityApplications).where(eq(identityApplications.id, app.body.data.id));
      expect(row).toMatchObject({ status: 'settled', fee: 5000 });
      expect((await t.post('/shop/setInfo', {}, m.token)).body.code).toBe(200);
    } finally {
      await setConfig({ shop_settle_fee: '0' });
    }
  });
});

describe('a settlement fee configured beyond the money column', () => {
  it('is read as the largest fee: settling is refused for want of coins, not with a 500', async () => {
    await setConfig({ shop_settle_fee: '99999999999' });
    try {
      const m = await member();
      const app = await t.post('/registerShop', shopForm(m.docs), m.token);
      await review(app.body.data.id, 'approved');
      expect((await t.post('/member/identityApplication', { type: 'shop' }, m.token)).body.data).toMatchObject({ fee: 2_147_483_647 });
      expect((await t.post('/member/settledShop', { pay_password: '205813' }, m.token)).body).toMatchObject({
        code: 100,
        msg: '功夫币余额不足',
      });
    } finally {
      await setConfig({ shop_settle_fee: '0' });
    }
  });
});

describe('a cancelled shop', () => {
  it('may apply again; settling reopens the same shop and its management link', async () => {
    const m = await member();
    const first = await t.post('/registerShop', shopForm(m.docs, { shop_name: '旧店' }), m.token);
    await review(first.body.data.id, 'approved');
    expect((await t.post('/member/settledShop', {}, m.token)).body.code).toBe(200);
    const cancel = await t.post('/shop/applyCancel', { reason: '暂停经营' }, m.token);
    expect(cancel.body.code).toBe(200);
    expect(await approveShopCancel(cancel.body.data.application!.id)).toBe(true);
    const token = await t.login(m.phone, 'abc12345');
    expect((await status('shop', token)).value).toBe(1);

    const again = await t.post('/registerShop', shopForm(m.docs, { shop_name: '新店' }), token);
    expect(again.body.code).toBe(200);
    const rows = await t.db.select().from(identityApplications).where(eq(identityApplications.userId, m.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['closed', 'pending']);
    await review(again.body.data.id, 'approved');
    expect((await t.post('/member/settledShop', {}, token)).body.code).toBe(200);
    const shopRows = await t.db.select().from(shops).where(eq(shops.userId, m.id));
    expect(shopRows).toHaveLength(1);
    expect(shopRows[0]).toMatchObject({ name: '新店', status: 1 });
    expect((await t.post('/shop/applyCancelStatus', {}, token)).body.data.status).toBe(1);
  });
});

describe('operator console', () => {
  it('lists with counts, shows the detail masked, decides once, notifies and audits every write', async () => {
    const m = await member();
    const app = (await t.post('/registerCoach', coachForm(m.docs, { real_name: '叶问' }), m.token)).body.data;
    const reviewer = await t.staffCookie('reviewer');
    const list = await t.post('/admin/applications/list', { kind: 'coach', status: 'pending', q: '叶问' }, undefined, { cookie: reviewer });
    expect(list.body.data.list).toEqual([expect.objectContaining({ id: app.id, title: '叶问', status: 'pending' })]);
    expect(list.body.data.counts.pending).toBeGreaterThanOrEqual(1);
    const detail = await t.post('/admin/applications/detail', { id: app.id }, undefined, { cookie: reviewer });
    expect(detail.body.data.coach).toMatchObject({ real_name: '叶问', id_number_mask: '1101**********002X' });
    expect(JSON.stringify(detail.body)).not.toContain(ID);
    const dash = await t.post('/admin/dashboard', {}, undefined, { cookie: reviewer });
    expect(dash.body.data.queues).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'applications.coach', count: expect.any(Number) })]),
    );

    // Showing the number is itself audited; other roles may not.
    const finance = await t.staffCookie('finance');
    expect((await t.post('/admin/applications/revealId', { id: app.id }, undefined, { cookie: finance })).body.code).toBe(403);
    const shown = await t.post('/admin/applications/revealId', { id: app.id }, undefined, { cookie: reviewer });
    expect(shown.body.data.id_number).toBe(ID);

    expect((await t.post('/admin/applications/refuse', { id: app.id, reason: ' ' }, undefined, { cookie: reviewer })).body.msg).toBe(
      '请填写拒绝原因',
    );
    const refused = await t.post('/admin/applications/refuse', { id: app.id, reason: '证书照片不清晰' }, undefined, { cookie: reviewer });
    expect(refused.body.data).toMatchObject({ status: 'refused', refuse_reason: '证书照片不清晰' });
    // Decided once: a second click (or another reviewer) finds it decided.
    const twice = await t.post('/admin/applications/approve', { id: app.id }, undefined, { cookie: reviewer });
    expect(twice.body).toMatchObject({ code: 100, msg: '该申请已处理，请刷新后查看' });

    const [notice] = await t.db.select().from(messages).where(eq(messages.userId, m.id)).orderBy(desc(messages.id)).limit(1);
    expect(notice).toMatchObject({ title: '教练入驻申请未通过', link: '/account/regcoach' });
    expect(notice!.content).toContain('证书照片不清晰');

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, 'identity_applications'), eq(auditLog.targetId, String(app.id))))
      .orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual(['application.reveal_id', 'application.refuse']);
    expect(rows[1]).toMatchObject({ staffRole: 'reviewer', note: '证书照片不清晰' });
    expect(rows[1]!.before).toMatchObject({ status: 'pending' });
    expect(rows[1]!.after).toMatchObject({ status: 'refused' });
    expect(JSON.stringify(rows)).not.toContain(ID);
    expect(JSON.stringify(rows)).not.toContain('idNumberCipher');
  });

  it('the approval notice leads to the settlement page', async () => {
    const m = await member();
    const app = (await t.post('/registerShop', shopForm(m.docs), m.token)).body.data;
    await review(app.id, 'approved', '欢迎入驻');
    const [notice] = await t.db.select().from(messages).where(eq(messages.userId, m.id)).orderBy(desc(messages.id)).limit(1);
    expect(notice).toMatchObject({ title: '店主入驻申请已通过', link: '/account/settle?type=mechant' });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.approve'), eq(auditLog.targetId, String(app.id))));
    expect(row).toMatchObject({ note: '欢迎入驻' });
  });
});
