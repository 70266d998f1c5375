import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  certificates,
  coaches,
  coinLedger,
  examiners,
  gradingCandidates,
  gradingSessions,
  labels,
  orders,
  users,
  videos,
  wallets,
} from '~/server/db/schema';
import { changeCoins } from '~/server/ledger/coins';
import { closeExpiredOrders } from '~/server/modules/commerce/order.service';
import { hashPassword } from '~/server/security/password';
import { GRADING_TEXTS } from '~/lib/rules/grading';
import { DEMO, startApi, type TestApi } from '../helpers/api';

/* 考评: seats under concurrency, the order lifecycle returning seats once, cancel refunds, results and certificates. */

let t: TestApi;
let coach: string;
let coachId: number;
let labelId: number;
let seq = 0;

beforeAll(async () => {
  t = await startApi();
  coach = await t.login(DEMO.coach);
  const [c] = await t.db
    .select({ id: coaches.id })
    .from(coaches)
    .innerJoin(users, eq(users.id, coaches.userId))
    .where(eq(users.phone, DEMO.coach));
  coachId = c!.id;
  const [l] = await t.db.select({ id: labels.id }).from(labels).where(eq(labels.status, 1)).orderBy(asc(labels.id)).limit(1);
  labelId = l!.id;
});
afterAll(() => t.stop());

/** A fresh member with a pay password (205813) and `coins` 功夫币. */
async function member(coins = 0) {
  const phone = `1360000${String(1000 + seq++).slice(-4)}`;
  const [u] = await t.db
    .insert(users)
    .values({ phone, nickName: `考生${seq}`, passwordHash: await hashPassword('abc12345'), payPasswordHash: await hashPassword('205813') })
    .returning();
  if (coins) await t.db.transaction((tx) => changeCoins(tx, u!.id, coins, 'grant', { type: 'test', id: 0 }));
  return { id: u!.id, token: await t.login(phone, 'abc12345') };
}

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

async function publish(over: Partial<{ seats: number; price: number; duan: number; mode: 'offline' | 'online'; place: string }> = {}) {
  const r = await t.post(
    '/coach/gradingAdd',
    {
      label_id: labelId,
      duan: 1,
      mode: 'offline',
      place: '佛山祖庙武馆',
      starts_at: inHours(48),
      seats: 5,
      price: 500,
      intro: '',
      ...over,
    },
    coach,
  );
  expect(r.body.msg).toBe(GRADING_TEXTS.published);
  return r.body.data.id;
}

const booked = async (id: number) => (await t.db.select().from(gradingSessions).where(eq(gradingSessions.id, id)))[0]!.booked;

async function ledgerAgrees(userId: number) {
  const w = await t.wallet(userId);
  expect(w.ledgerSum).toBe(w.coins);
  return w.coins;
}

describe('publishing', () => {
  it('refuses a coach who is no examiner, then a 段 above their max', async () => {
    // The seed makes the demo coach an examiner (src/server/seed/learning-grading.ts): start without.
    await t.db.delete(examiners).where(eq(examiners.coachId, coachId));
    const r = await t.post(
      '/coach/gradingAdd',
      { label_id: labelId, duan: 1, mode: 'offline', place: '武馆', starts_at: inHours(48), seats: 5, price: 0 },
      coach,
    );
    expect(r.body.code).toBe(403);
    expect(r.body.msg).toBe(GRADING_TEXTS.notExaminer);
    expect((await t.post('/coach/gradingMine', {}, coach)).body.data.examiner).toBeNull();

    await t.db
      .insert(examiners)
      .values({ coachId, maxDuan: 3 })
      .onConflictDoUpdate({ target: examiners.coachId, set: { maxDuan: 3, status: 1 } });
    const high = await t.post(
      '/coach/gradingAdd',
      { label_id: labelId, duan: 4, mode: 'offline', place: '武馆', starts_at: inHours(48), seats: 5, price: 0 },
      coach,
    );
    expect(high.body.msg).toBe(GRADING_TEXTS.duanTooHigh(3));
    const past = await t.post(
      '/coach/gradingAdd',
      { label_id: labelId, duan: 2, mode: 'offline', place: '武馆', starts_at: inHours(-1), seats: 5, price: 0 },
      coach,
    );
    expect(past.body.msg).toBe(GRADING_TEXTS.future);
    const id = await publish({ duan: 3 });
    expect((await t.post('/public/grading', { id })).body.data).toMatchObject({ duan: 3, seats_left: 5, state: 'open', mine: null });
  });

  it('a member calling the coach area is refused', async () => {
    const m = await member();
    expect((await t.post('/coach/gradingMine', {}, m.token)).body.code).not.toBe(200);
  });
});

describe('seats', () => {
  it('one seat, ten concurrent bookers: exactly one order holds it', { timeout: 90_000 }, async () => {
    const id = await publish({ seats: 1 });
    const ten = await Promise.all(Array.from({ length: 10 }, () => member()));
    const answers = await Promise.all(ten.map((m) => t.post('/member/gradingBook', { id }, m.token)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.msg === GRADING_TEXTS.full)).toHaveLength(9);
    expect(await booked(id)).toBe(1);
    const held = await t.db.execute(
      sql`select count(*)::int as n from orders o join order_items i on i.order_id = o.id where i.grading_id = ${id} and o.status = 'unpaid'`,
    );
    expect(Number((held.rows[0] as { n: number }).n)).toBe(1);
    expect((await t.post('/public/grading', { id })).body.data.state).toBe('full');
  });

  it('closing an unpaid order gives the seat back once', async () => {
    const id = await publish({ seats: 1 });
    const m = await member();
    const o = (await t.post('/member/gradingBook', { id }, m.token)).body.data;
    expect(o.status).toBe('unpaid');
    // The same member again: pointed to the unpaid order, no second seat.
    const again = await t.post('/member/gradingBook', { id }, m.token);
    expect(again.body.msg).toBe(GRADING_TEXTS.unpaidDuplicate);
    expect(await booked(id)).toBe(1);
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, o.id));
    await closeExpiredOrders();
    await closeExpiredOrders();
    expect(await booked(id)).toBe(0);
    expect((await t.post('/order/cancel', { id: o.id }, m.token)).body.code).toBe(100);
    expect(await booked(id)).toBe(0);
  });
});

describe('cancel, results and certificates', () => {
  let sessionId: number;
  const paid: { id: number; token: string }[] = [];

  it('members pay with coins; a cancel refunds each paid candidate once and ledgers agree', async () => {
    sessionId = await publish({ seats: 3, price: 1000 });
    for (let i = 0; i < 2; i++) {
      const m = await member(50);
      const o = (await t.post('/member/gradingBook', { id: sessionId }, m.token)).body.data;
      const pay = await t.post('/order/payCoins', { id: o.id, pay_password: '205813' }, m.token);
      expect(pay.body.code).toBe(200);
      expect(await ledgerAgrees(m.id)).toBe(40);
      paid.push(m);
    }
    const cands = await t.db.select().from(gradingCandidates).where(eq(gradingCandidates.sessionId, sessionId));
    expect(cands.map((c) => c.status)).toEqual(['booked', 'booked']);
    expect((await t.post('/public/grading', { id: sessionId }, paid[0]!.token)).body.data.mine).toMatchObject({ result: 'booked' });

    const [first, second] = await Promise.all([
      t.post('/coach/gradingCancel', { id: sessionId }, coach),
      t.post('/coach/gradingCancel', { id: sessionId }, coach),
    ]);
    expect(first.body.code).toBe(200);
    expect(second.body.code).toBe(200);
    expect(first.body.data.refunded + second.body.data.refunded).toBe(2);
    for (const m of paid) expect(await ledgerAgrees(m.id)).toBe(50);
    const refunds = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(coinLedger)
      .where(and(eq(coinLedger.reason, 'refund'), eq(coinLedger.userId, paid[0]!.id)));
    expect(refunds[0]!.n).toBe(1);
    expect(await booked(sessionId)).toBe(0);
    expect((await t.db.select().from(gradingCandidates).where(eq(gradingCandidates.sessionId, sessionId))).map((c) => c.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect((await t.post('/member/gradingBook', { id: sessionId }, (await member()).token)).body.msg).toBe(GRADING_TEXTS.notFound);
    expect((await t.db.select().from(wallets).where(eq(wallets.userId, paid[1]!.id)))[0]!.coins).toBe(50);
  });

  it('results wait for the start; a pass recorded twice at once issues one certificate', async () => {
    const id = await publish({ seats: 2, price: 0 });
    const m = await member();
    const b = await t.post('/member/gradingBook', { id }, m.token);
    expect(b.body.data.status).toBe('paid');
    const [cand] = await t.db.select().from(gradingCandidates).where(eq(gradingCandidates.sessionId, id));
    const early = await t.post('/coach/gradingJudge', { id: cand!.id, result: 'passed', note: '' }, coach);
    expect(early.body.msg).toBe(GRADING_TEXTS.beforeStart);

    await t.db
      .update(gradingSessions)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(gradingSessions.id, id));
    const both = await Promise.all([
      t.post('/coach/gradingJudge', { id: cand!.id, result: 'passed', note: '拳架扎实' }, coach),
      t.post('/coach/gradingJudge', { id: cand!.id, result: 'passed', note: '拳架扎实' }, coach),
    ]);
    expect(both.map((r) => r.body.code).sort()).toEqual([100, 200]);
    const certs = await t.db.select().from(certificates).where(eq(certificates.userId, m.id));
    expect(certs).toHaveLength(1);
    const no = certs[0]!.no;
    expect(no).toMatch(/^GF[A-Z2-7]{20}$/);

    const list = await t.post('/coach/gradingCandidates', { id }, coach);
    expect(list.body.data.list[0]).toMatchObject({ status: 'passed', cert_no: no, name: `考生${seq}` });

    const page = await t.post('/public/cert', { no });
    expect(page.body.data).toMatchObject({ no, holder: `考生${seq}`, duan: 1, revoked_at: null, mine: 0 });
    expect(page.body.data.url).toMatch(new RegExp(`/cert/${no}$`));
    expect((await t.post('/public/cert', { no }, m.token)).body.data.mine).toBe(1);
    expect((await t.post('/member/certHolder', { no, holder: '李小龙' }, m.token)).body.code).toBe(200);
    expect((await t.post('/member/certHolder', { no, holder: '冒名' }, (await member()).token)).body.code).toBe(404);
    expect((await t.post('/public/cert', { no })).body.data.holder).toBe('李小龙');

    const png = await t.app.request(`/api/cert/${no}/certificate.png`);
    expect(png.status).toBe(200);
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const pdf = await t.app.request(`/api/cert/${no}/certificate.pdf`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');

    // Revoked by an operator: the page says so, the files are refused; a second revoke finds nothing to do.
    const content = t.asStaff(await t.staffCookie('content'));
    const r = await content('/admin/certificateRevoke', { id: certs[0]!.id, reason: '考评舞弊' });
    expect(r.body.code).toBe(200);
    expect((await content('/admin/certificateRevoke', { id: certs[0]!.id, reason: '考评舞弊' })).body.code).toBe(100);
    const after = (await t.post('/public/cert', { no })).body.data;
    expect(after.revoke_reason).toBe('考评舞弊');
    expect(after.revoked_at).not.toBeNull();
    expect((await t.app.request(`/api/cert/${no}/certificate.png`)).status).toBe(403);
    const listed = await content('/admin/certificates', { no: no.slice(0, 8) });
    expect(listed.body.data.list.map((c) => c.no)).toContain(no);
  });

  it('unknown certificate numbers answer 404', async () => {
    expect((await t.post('/public/cert', { no: 'GFAAAAAAAAAAAAAAAAAAAA' })).body.code).toBe(404);
    expect((await t.post('/public/cert', { no: 'nope' })).body.code).toBe(404);
    expect((await t.app.request('/api/cert/GFAAAAAAAAAAAAAAAAAAAA/certificate.pdf')).status).toBe(404);
  });
});

/** A member's uploaded, playable video, written straight to its table (the upload path has its own tests). */
async function storedVideo(userId: number): Promise<number> {
  const key = `/uploads/videos/test/${randomUUID()}.mp4`;
  const [v] = await t.db
    .insert(videos)
    .values({
      userId,
      uploadId: randomUUID(),
      name: 'taolu.mp4',
      mime: 'video/mp4',
      size: 1000,
      original: key,
      path: key,
      durationS: 40,
      status: 'raw',
    })
    .returning({ id: videos.id });
  return v!.id;
}

const startNow = (id: number) =>
  t.db
    .update(gradingSessions)
    .set({ startsAt: new Date(Date.now() - 60_000) })
    .where(eq(gradingSessions.id, id));

describe('online 考评 by video', () => {
  it('only the paid candidate hands in a video, replaceable until judged; no pass without one', async () => {
    const id = await publish({ mode: 'online', place: '', price: 0, seats: 3 });
    const [a, b, stranger] = [await member(), await member(), await member()];
    for (const m of [a, b]) expect((await t.post('/member/gradingBook', { id }, m.token)).body.data.status).toBe('paid');
    const [candA] = await t.db
      .select()
      .from(gradingCandidates)
      .where(and(eq(gradingCandidates.sessionId, id), eq(gradingCandidates.userId, a.id)));
    const [candB] = await t.db
      .select()
      .from(gradingCandidates)
      .where(and(eq(gradingCandidates.sessionId, id), eq(gradingCandidates.userId, b.id)));

    // Nobody but a candidate hands one in, and only a video of their own.
    const strangerVideo = await storedVideo(stranger.id);
    expect((await t.post('/member/gradingVideo', { id, video_id: strangerVideo })).body.code).toBe(101);
    expect((await t.post('/member/gradingVideo', { id, video_id: strangerVideo }, stranger.token)).body.msg).toBe(
      GRADING_TEXTS.videoNotBooked,
    );
    expect((await t.post('/member/gradingVideo', { id, video_id: strangerVideo }, a.token)).body.msg).toBe(GRADING_TEXTS.videoMissing);
    const failed = await storedVideo(a.id);
    await t.db.update(videos).set({ status: 'failed', error: '' }).where(eq(videos.id, failed));
    expect((await t.post('/member/gradingVideo', { id, video_id: failed }, a.token)).body.msg).toBe(GRADING_TEXTS.videoFailed);

    const first = await t.post('/member/gradingVideo', { id, video_id: await storedVideo(a.id) }, a.token);
    expect(first.body.code, first.body.msg).toBe(200);
    expect(first.body.msg).toBe(GRADING_TEXTS.videoSaved);
    expect(first.body.data.url).toMatch(/^\/uploads\/videos\/test\/.+\?e=\d+&s=/);
    const second = await t.post('/member/gradingVideo', { id, video_id: await storedVideo(a.id) }, a.token);
    expect(second.body.code).toBe(200);
    expect(second.body.data.url.split('?')[0]).not.toBe(first.body.data.url.split('?')[0]);

    // The candidate's page shows it; another member's and a guest's show no video of anyone.
    expect((await t.post('/public/grading', { id }, a.token)).body.data.mine?.video?.url.split('?')[0]).toBe(
      second.body.data.url.split('?')[0],
    );
    expect((await t.post('/public/grading', { id }, b.token)).body.data.mine?.video).toBeNull();
    expect((await t.post('/public/grading', { id }, stranger.token)).body.data.mine).toBeNull();
    expect((await t.post('/public/grading', { id })).body.data.mine).toBeNull();

    // The examiner sees it beside the candidate; B handed in nothing.
    const list = (await t.post('/coach/gradingCandidates', { id }, coach)).body.data.list;
    expect(list.find((c) => c.id === candA!.id)?.video?.url).toMatch(/\?e=\d+&s=/);
    expect(list.find((c) => c.id === candB!.id)?.video).toBeNull();

    await startNow(id);
    expect((await t.post('/coach/gradingJudge', { id: candB!.id, result: 'passed', note: '' }, coach)).body.msg).toBe(
      GRADING_TEXTS.videoRequired,
    );
    expect((await t.post('/coach/gradingJudge', { id: candB!.id, result: 'failed', note: '未提交视频' }, coach)).body.code).toBe(200);
    const passed = await t.post('/coach/gradingJudge', { id: candA!.id, result: 'passed', note: '动作规范' }, coach);
    expect(passed.body.code, passed.body.msg).toBe(200);
    expect(passed.body.data.cert_no).toMatch(/^GF/);
    // Judged: the video stays as judged.
    expect((await t.post('/member/gradingVideo', { id, video_id: await storedVideo(a.id) }, a.token)).body.msg).toBe(
      GRADING_TEXTS.videoClosed,
    );
    expect((await t.post('/member/gradingVideo', { id, video_id: await storedVideo(b.id) }, b.token)).body.msg).toBe(
      GRADING_TEXTS.videoClosed,
    );
  });

  it('an offline 考评 takes no video', async () => {
    const id = await publish({ price: 0 });
    const m = await member();
    await t.post('/member/gradingBook', { id }, m.token);
    expect((await t.post('/member/gradingVideo', { id, video_id: await storedVideo(m.id) }, m.token)).body.msg).toBe(
      GRADING_TEXTS.videoOffline,
    );
  });
});
