import { randomBytes } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { ApiOutput } from '~/lib/api/types';
import type { GradingCandidate } from '~/lib/api/contract/grading';
import { duanName, GRADING_STATUS, GRADING_TEXTS } from '~/lib/rules/grading';
import { invalidate } from '../../cache';
import { db, type TxOrDb } from '../../db';
import { publicNameOf } from '../../db/public-name';
import { certificates, coaches, gradingCandidates, gradingSessions, labels, orders, users } from '../../db/schema';
import { invalidatePages } from '../../edge/page-cache';
import { notFound, refuse } from '../../http/errors';
import { sendMessage } from '../notice/notice.service';
import { refundBySeller } from '../commerce/refund.service';
import { examinerOf, ownSession, refundableOrders, resultOf, sessionView } from './grading.service';
import { gradingVideoOf } from './grading-video.service';

/*
 * An examiner's side of a 考评 after publishing: cancelling it (every paid seat refunded through
 * commerce's refund path, once), the candidates, and the results — a pass issues the 段位证书 in the
 * same transaction (grading-certs.service.ts shows and revokes them).
 */

/** Thrown inside a refund's transaction to roll it back when the order was refunded meanwhile. */
class AlreadyRefunded extends Error {}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 'GF' + 20 base32 characters from 100 random bits (lib/rules/grading.ts CERT_NO_RE). */
export function newCertNo(): string {
  const bytes = randomBytes(20);
  let s = 'GF';
  for (const b of bytes) s += BASE32[b & 31];
  return s;
}

/**
 * /coach/gradingCancel: open → cancelled (guarded), then each paid seat refunded through the normal
 * refund path (each in its own transaction, a guarded paid → refunding → refunded, so a second cancel
 * or a retry after a failure refunds only what is still paid). Free seats are simply given up.
 */
export async function cancelSession(
  userId: number,
  id: number,
  deliver: (req: Request) => Promise<Response>,
): Promise<ApiOutput<'/coach/gradingCancel'>> {
  const { coachId } = await examinerOf(userId);
  const s = await ownSession(coachId, id);
  if (s.status === GRADING_STATUS.finished) throw refuse(GRADING_TEXTS.notOpen);
  await db().transaction(async (tx) => {
    await tx
      .update(gradingSessions)
      .set({ status: GRADING_STATUS.cancelled })
      .where(and(eq(gradingSessions.id, id), eq(gradingSessions.status, GRADING_STATUS.open)));
    const free = await tx
      .select({ id: gradingCandidates.id, userId: gradingCandidates.userId })
      .from(gradingCandidates)
      .innerJoin(orders, eq(orders.id, gradingCandidates.orderId))
      .where(and(eq(gradingCandidates.sessionId, id), eq(gradingCandidates.status, 'booked'), eq(orders.payMethod, 'free')));
    for (const c of free) {
      const [gone] = await tx
        .update(gradingCandidates)
        .set({ status: 'cancelled' })
        .where(and(eq(gradingCandidates.id, c.id), eq(gradingCandidates.status, 'booked')))
        .returning({ id: gradingCandidates.id });
      if (gone) await tellCancelled(tx, c.userId, id);
    }
  });
  let refunded = 0;
  let pending = 0;
  for (const orderId of await refundableOrders(id)) {
    let r: { status: 'refunded' | 'refunding' };
    try {
      r = await refundBySeller(orderId, userId, '考评员取消了考评', deliver, async (tx, o) => {
        // Still this examiner's order of this session (checked on the locked row).
        if (o.coachId !== coachId || o.kind !== 'grading') throw notFound('订单不存在');
        // A concurrent cancel (or the member's own refund) got there first: nothing left to do.
        if (o.status !== 'paid' && o.status !== 'completed') throw new AlreadyRefunded();
        await tellCancelled(tx, o.userId, id);
      });
    } catch (err) {
      if (err instanceof AlreadyRefunded) continue;
      throw err;
    }
    if (r.status === 'refunded') refunded++;
    else pending++;
  }
  invalidate('grading:');
  invalidatePages();
  return { refunded, pending };
}

async function tellCancelled(tx: TxOrDb, userId: number, sessionId: number) {
  await sendMessage(
    {
      userId,
      kind: 'notice',
      title: '考评已取消',
      content: '<p>你报名的段位考评已被考评员取消，已付的报名费将原路退回。</p>',
      link: `/duan/grading?id=${sessionId}`,
    },
    tx,
  );
}

const candidateSelect = { c: gradingCandidates, name: publicNameOf(users), avatar: users.avatar, no: certificates.no };

type CandidateRow = { c: typeof gradingCandidates.$inferSelect; name: string; avatar: string; no: string | null };

/** A candidate as the examiner sees them: public name, result, and the grading video's signed URLs. */
const candidateView = async ({ c, name, avatar, no }: CandidateRow): Promise<GradingCandidate> => ({
  id: c.id,
  name,
  avatar,
  status: resultOf(c.status),
  note: c.note,
  judged_at: c.judgedAt?.toISOString() ?? null,
  cert_no: no ?? '',
  video: await gradingVideoOf(c),
});

const candidateQuery = () =>
  db()
    .select(candidateSelect)
    .from(gradingCandidates)
    .innerJoin(users, eq(users.id, gradingCandidates.userId))
    .leftJoin(certificates, eq(certificates.candidateId, gradingCandidates.id));

/** /coach/gradingCandidates: public names only (never a real name or ID number). */
export async function listCandidates(userId: number, id: number): Promise<ApiOutput<'/coach/gradingCandidates'>> {
  const { coachId } = await examinerOf(userId);
  await ownSession(coachId, id);
  const [row] = await db()
    .select({ s: gradingSessions, style: labels.name, name: coaches.name, avatar: coaches.avatar })
    .from(gradingSessions)
    .innerJoin(labels, eq(labels.id, gradingSessions.labelId))
    .innerJoin(coaches, eq(coaches.id, gradingSessions.coachId))
    .where(eq(gradingSessions.id, id))
    .limit(1);
  if (!row) throw notFound(GRADING_TEXTS.notFound);
  const list = await candidateQuery().where(eq(gradingCandidates.sessionId, id)).orderBy(gradingCandidates.id);
  return { session: sessionView(row), list: await Promise.all(list.map(candidateView)) };
}

/**
 * /coach/gradingJudge: booked → passed | failed (guarded, only after the session started); a pass
 * issues the certificate in the same transaction, so two concurrent passes issue one.
 */
export async function judgeCandidate(
  userId: number,
  input: { id: number; result: 'passed' | 'failed'; note: string },
): Promise<GradingCandidate> {
  const { coachId } = await examinerOf(userId);
  const [c] = await db()
    .select({ c: gradingCandidates, s: gradingSessions, style: labels.name, examiner: coaches.name })
    .from(gradingCandidates)
    .innerJoin(gradingSessions, eq(gradingSessions.id, gradingCandidates.sessionId))
    .innerJoin(labels, eq(labels.id, gradingSessions.labelId))
    .innerJoin(coaches, eq(coaches.id, gradingSessions.coachId))
    .where(and(eq(gradingCandidates.id, input.id), eq(gradingSessions.coachId, coachId)))
    .limit(1);
  if (!c) throw notFound('考生不存在');
  if (c.s.status === GRADING_STATUS.cancelled) throw refuse(GRADING_TEXTS.notOpen);
  const now = new Date();
  if (c.s.startsAt.getTime() > now.getTime()) throw refuse(GRADING_TEXTS.beforeStart);
  // An online 考评 is judged on the candidate's video: no pass without one (a no-show may still fail).
  if (input.result === 'passed' && c.s.mode === 'online' && c.c.videoAt === null) throw refuse(GRADING_TEXTS.videoRequired);
  await db().transaction(async (tx) => {
    const [done] = await tx
      .update(gradingCandidates)
      .set({ status: input.result, note: input.note, judgedAt: now })
      .where(and(eq(gradingCandidates.id, input.id), eq(gradingCandidates.status, 'booked')))
      .returning();
    if (!done) throw refuse(c.c.status === 'cancelled' ? '该考生已取消报名' : GRADING_TEXTS.judged);
    // The session is over once it started and someone was judged (the list shows it as 已结束).
    await tx
      .update(gradingSessions)
      .set({ status: GRADING_STATUS.finished })
      .where(and(eq(gradingSessions.id, c.s.id), eq(gradingSessions.status, GRADING_STATUS.open), lte(gradingSessions.startsAt, now)));
    const title = `${c.style}·${duanName(c.s.duan)}考评`;
    if (input.result === 'failed') {
      await sendMessage(
        {
          userId: done.userId,
          kind: 'notice',
          title: '考评结果：未通过',
          content: `<p>你参加的${title}未通过。${input.note ? `考评员评语：${escapeHtml(input.note)}` : ''}</p>`,
          link: `/duan/grading?id=${c.s.id}`,
        },
        tx,
      );
      return;
    }
    const [member] = await tx
      .select({ name: publicNameOf(users) })
      .from(users)
      .where(eq(users.id, done.userId))
      .limit(1);
    const no = newCertNo();
    await tx.insert(certificates).values({
      no,
      userId: done.userId,
      candidateId: done.id,
      labelId: c.s.labelId,
      style: c.style,
      duan: c.s.duan,
      holder: (member?.name ?? '').slice(0, 32),
      examiner: c.examiner.slice(0, 32),
      issuedAt: now,
    });
    await sendMessage(
      {
        userId: done.userId,
        kind: 'notice',
        title: `恭喜通过${title}`,
        content: `<p>你已通过${title}，段位证书 ${no} 已颁发。${input.note ? `考评员评语：${escapeHtml(input.note)}` : ''}</p>`,
        link: `/cert/${no}`,
      },
      tx,
    );
  });
  invalidate('grading:');
  const [row] = await candidateQuery().where(eq(gradingCandidates.id, input.id)).limit(1);
  if (!row) throw notFound('考生不存在');
  return candidateView(row);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
