import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { auditLog, coaches, courses, flashSales, groupBuys, messages, users } from '~/server/db/schema';
import { FLASH_TEXTS } from '~/lib/rules/flash';
import { GROUP_BUY_TEXTS } from '~/lib/rules/groupbuy';
import { SELLER_NOTICE } from '~/lib/rules/growth-console';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/* 秒杀监管 and 拼团监管: a content operator cancels a seller's sale and stops a campaign, audited and noticed. */

let t: TestApi;
let coach: string;
let member: string;
let coachId: number;
let coachUserId: number;
let content: ReturnType<TestApi['asStaff']>;
let finance: ReturnType<TestApi['asStaff']>;

const MIN = 60_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

beforeAll(async () => {
  t = await startApi();
  [coach, member] = await Promise.all([t.login(DEMO.coach), t.login(DEMO.member)]);
  const [c] = await t.db
    .select({ id: coaches.id, userId: coaches.userId })
    .from(coaches)
    .innerJoin(users, eq(users.id, coaches.userId))
    .where(eq(users.phone, DEMO.coach));
  coachId = c!.id;
  coachUserId = c!.userId;
  content = t.asStaff(await t.staffCookie('content'));
  finance = t.asStaff(await t.staffCookie('finance'));
});
afterAll(() => t.stop());

/** A paid course of the demo coach with no sale or campaign on it. */
async function course(nth: number) {
  const list = await t.db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(and(eq(courses.coachId, coachId), eq(courses.status, 1)))
    .orderBy(asc(courses.id));
  const c = list[nth % list.length]!;
  await t.db.update(courses).set({ price: 5000 }).where(eq(courses.id, c.id));
  await t.db.update(flashSales).set({ status: 'cancelled' }).where(eq(flashSales.courseId, c.id));
  await t.db.update(groupBuys).set({ status: 'stopped' }).where(eq(groupBuys.courseId, c.id));
  return c;
}

const lastAudit = async (action: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];
const lastNotice = async (title: string) =>
  (
    await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, coachUserId), eq(messages.title, title)))
      .orderBy(desc(messages.id))
      .limit(1)
  )[0];

describe('秒杀监管', () => {
  it('a content operator lists a seller’s running sale and cancels it with a reason', { timeout: 60_000 }, async () => {
    const c = await course(0);
    const saved = await t.post(
      '/seller/flash/save',
      { kind: 'course', item_id: c.id, price: 990, stock: 10, per_member: 1, starts_at: iso(-MIN), ends_at: iso(60 * MIN) },
      coach,
    );
    expect(saved.body.msg).toBe('已保存');
    const id = saved.body.data.id;

    const running = await content('/admin/flash/list', { page: 1, limit: 50, phase: 'running' });
    expect(running.body.code).toBe(200);
    const row = running.body.data.list.find((s) => s.id === id);
    expect(row).toMatchObject({
      title: c.title,
      seller_type: 'coach',
      price: 990,
      list_price: 5000,
      stock: 10,
      sold: 0,
      phase: 'running',
      can_cancel: 1,
    });
    expect(row!.seller_name).not.toBe('');
    expect((await content('/admin/flash/list', { page: 1, limit: 50, phase: 'cancelled' })).body.data.list.some((s) => s.id === id)).toBe(
      false,
    );

    // A reason is required (2–100 characters).
    expect((await content('/admin/flash/cancel', { id, reason: '' })).body.code).not.toBe(200);
    expect((await content('/admin/flash/cancel', { id, reason: '长'.repeat(101) })).body.code).not.toBe(200);
    expect((await t.db.select().from(flashSales).where(eq(flashSales.id, id)))[0]!.status).toBe('active');

    const done = await content('/admin/flash/cancel', { id, reason: '价格违规' });
    expect(done.body.code).toBe(200);

    // The seller sees it cancelled; a buyer can no longer buy.
    const mine = await t.post('/seller/flash/list', { page: 1, limit: 50 }, coach);
    expect(mine.body.data.list.find((s) => s.id === id)).toMatchObject({ phase: 'cancelled', can_cancel: 0 });
    expect((await t.post('/flash/buy', { flash_id: id, num: 1 }, member)).body.msg).toBe(FLASH_TEXTS.cancelled);
    expect(
      (await content('/admin/flash/list', { page: 1, limit: 50, phase: 'cancelled' })).body.data.list.find((s) => s.id === id),
    ).toMatchObject({
      phase: 'cancelled',
      can_cancel: 0,
    });

    const a = await lastAudit('flash_sale.cancel');
    expect(a).toMatchObject({ target: 'flash_sales', targetId: String(id), staffRole: 'content', note: '价格违规' });
    const n = await lastNotice(SELLER_NOTICE.flashTitle);
    expect(n?.content).toContain(`您的秒杀活动「${c.title}」已被平台取消：价格违规`);

    // A second cancel is refused and writes nothing more.
    const again = await content('/admin/flash/cancel', { id, reason: '价格违规' });
    expect(again.body.msg).toBe(FLASH_TEXTS.cancelState);
    expect((await lastAudit('flash_sale.cancel'))!.id).toBe(a!.id);
    expect((await content('/admin/flash/cancel', { id: 99_999_999, reason: '价格违规' })).body.code).toBe(404);
  });

  it('an ended sale cannot be cancelled', async () => {
    const c = await course(1);
    const [s] = await t.db
      .insert(flashSales)
      .values({
        kind: 'course',
        coachId,
        courseId: c.id,
        price: 100,
        stock: 5,
        perMember: 1,
        startsAt: new Date(Date.now() - 2 * 60 * MIN),
        endsAt: new Date(Date.now() - MIN),
      })
      .returning();
    const ended = await content('/admin/flash/list', { page: 1, limit: 50, phase: 'ended' });
    expect(ended.body.data.list.find((x) => x.id === s!.id)).toMatchObject({ phase: 'ended', can_cancel: 0 });
    expect((await content('/admin/flash/cancel', { id: s!.id, reason: '已过期' })).body.msg).toBe(FLASH_TEXTS.cancelState);
  });
});

describe('拼团监管', () => {
  it('a content operator lists a seller’s campaign and stops it with a reason', { timeout: 60_000 }, async () => {
    const c = await course(2);
    const saved = await t.post(
      '/seller/groupBuySave',
      { kind: 'course', item_id: c.id, price: 2000, size: 3, limit_hours: 24, starts_at: iso(-60 * MIN), ends_at: iso(48 * 60 * MIN) },
      coach,
    );
    expect(saved.body.msg).toBe(GROUP_BUY_TEXTS.saved);
    const id = saved.body.data.id;

    const list = await content('/admin/groupBuy/list', { page: 1, limit: 50, state: 'running' });
    expect(list.body.code).toBe(200);
    expect(list.body.data.list.find((x) => x.id === id)).toMatchObject({
      seller_type: 'coach',
      price: 2000,
      size: 3,
      limit_hours: 24,
      opened: 0,
      formed: 0,
      failed: 0,
      state: 'running',
      item: { id: c.id, title: c.title, price: 5000 },
    });

    expect((await content('/admin/groupBuy/stop', { id, reason: '一' })).body.code).not.toBe(200);
    const done = await content('/admin/groupBuy/stop', { id, reason: '活动信息不实' });
    expect(done.body.code).toBe(200);
    expect(done.body.data.state).toBe('stopped');

    const mine = await t.post('/seller/groupBuyList', { page: 1, limit: 50 }, coach);
    expect(mine.body.data.list.find((x) => x.id === id)?.state).toBe('stopped');
    expect((await t.post('/member/groupBuyOpen', { campaign_id: id }, member)).body.code).not.toBe(200);
    const a = await lastAudit('group_buy.stop');
    expect(a).toMatchObject({ target: 'group_buys', targetId: String(id), staffRole: 'content', note: '活动信息不实' });
    expect((await lastNotice(SELLER_NOTICE.groupTitle))?.content).toContain(`您的拼团活动「${c.title}」已被平台停止：活动信息不实`);

    expect((await content('/admin/groupBuy/stop', { id, reason: '活动信息不实' })).body.msg).toBe(GROUP_BUY_TEXTS.stopped);
    expect((await lastAudit('group_buy.stop'))!.id).toBe(a!.id);
    expect((await content('/admin/groupBuy/list', { page: 1, limit: 50, state: 'stopped' })).body.data.list.some((x) => x.id === id)).toBe(
      true,
    );
    expect((await content('/admin/groupBuy/list', { page: 1, limit: 50, state: 'running' })).body.data.list.some((x) => x.id === id)).toBe(
      false,
    );
  });
});

describe('who may oversee', () => {
  it('refuses members, sellers and finance-only staff', async () => {
    const [s] = await t.db
      .select({ id: flashSales.id })
      .from(flashSales)
      .where(and(eq(flashSales.status, 'active'), gt(flashSales.endsAt, new Date())))
      .limit(1);
    const [g] = await t.db.select({ id: groupBuys.id }).from(groupBuys).limit(1);
    const calls = [
      ['/admin/flash/list', { page: 1, limit: 20 }],
      ['/admin/flash/cancel', { id: s?.id ?? 1, reason: '越权尝试' }],
      ['/admin/groupBuy/list', { page: 1, limit: 20 }],
      ['/admin/groupBuy/stop', { id: g?.id ?? 1, reason: '越权尝试' }],
    ] as const;
    for (const [path, body] of calls) {
      expect((await t.rawPost(path, body, member)).body.code, path).toBe(101);
      expect((await t.rawPost(path, body, coach)).body.code, path).toBe(101);
      expect((await finance(path, body as never)).body.code, path).toBe(403);
    }
    if (s) expect((await t.db.select().from(flashSales).where(eq(flashSales.id, s.id)))[0]!.status).toBe('active');
  });
});
