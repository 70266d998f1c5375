import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ApiOutput } from '~/lib/api/types';
import type { GradingEditInput, GradingFields, GradingListInput, GradingSession } from '~/lib/api/contract/grading';
import { CANDIDATE_STATUSES, GRADING_STATUS, GRADING_TEXTS, type CandidateStatus } from '~/lib/rules/grading';
import { cached, invalidate } from '../../cache';
import { db } from '../../db';
import { one } from '../../db/rows';
import { certificates, coaches, gradingCandidates, gradingSessions, labels, orderItems, orders } from '../../db/schema';
import { forbidden, notFound, refuse } from '../../http/errors';
import { coachIdOf } from '../catalogue/owner';
import { examinerMaxDuan } from './examiner';
import { gradingVideoOf } from './grading-video.service';

/*
 * 考评 sessions: the public list and booking page's data, and the examiner's publishing (coach area
 * /coach/grading). Results and certificates are in grading-results.service.ts, seats and orders in
 * grading-orders.ts.
 */

type Row = { s: typeof gradingSessions.$inferSelect; style: string; name: string; avatar: string };

const sessionSelect = { s: gradingSessions, style: labels.name, name: coaches.name, avatar: coaches.avatar };

export function sessionView({ s, style, name, avatar }: Row, now = Date.now()): GradingSession {
  const state =
    s.status === GRADING_STATUS.cancelled
      ? 'cancelled'
      : s.status === GRADING_STATUS.finished
        ? 'finished'
        : s.startsAt.getTime() <= now
          ? 'started'
          : s.booked >= s.seats
            ? 'full'
            : 'open';
  return {
    id: s.id,
    label_id: s.labelId,
    style,
    duan: s.duan,
    mode: s.mode === 'online' ? 'online' : 'offline',
    place: s.place,
    starts_at: s.startsAt.toISOString(),
    seats: s.seats,
    booked: s.booked,
    seats_left: Math.max(0, s.seats - s.booked),
    price: s.price,
    intro: s.intro,
    state,
    examiner: { id: s.coachId, name, avatar },
  };
}

const baseQuery = () =>
  db()
    .select(sessionSelect)
    .from(gradingSessions)
    .innerJoin(labels, eq(labels.id, gradingSessions.labelId))
    .innerJoin(coaches, eq(coaches.id, gradingSessions.coachId));

/** Labels offered as styles (拳种), in the operators' order. */
const styles = () =>
  cached('grading:styles', 60_000, () =>
    db().select({ id: labels.id, name: labels.name }).from(labels).where(eq(labels.status, 1)).orderBy(asc(labels.sort), asc(labels.id)),
  );

/** /public/gradingList: open sessions not yet started, soonest first. */
export async function listSessions(input: GradingListInput): Promise<ApiOutput<'/public/gradingList'>> {
  const where = and(
    eq(gradingSessions.status, GRADING_STATUS.open),
    gt(gradingSessions.startsAt, new Date()),
    input.label_id ? eq(gradingSessions.labelId, input.label_id) : undefined,
    input.duan ? eq(gradingSessions.duan, input.duan) : undefined,
  );
  const [rows, [total], all] = await Promise.all([
    baseQuery()
      .where(where)
      .orderBy(asc(gradingSessions.startsAt), asc(gradingSessions.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db().select({ n: count() }).from(gradingSessions).where(where),
    styles(),
  ]);
  return { list: rows.map((r) => sessionView(r)), total: total?.n ?? 0, page: input.page, limit: input.limit, styles: all };
}

/** /public/grading: one session (any state but unknown); with the viewer's own order and result. */
export async function sessionDetail(id: number, viewer: number | null): Promise<ApiOutput<'/public/grading'>> {
  const [row] = await baseQuery().where(eq(gradingSessions.id, id)).limit(1);
  if (!row) throw notFound(GRADING_TEXTS.notFound);
  let mine: ApiOutput<'/public/grading'>['mine'] = null;
  if (viewer) {
    const [o] = await db()
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(eq(orders.userId, viewer), eq(orders.kind, 'grading'), eq(orderItems.gradingId, id)))
      .orderBy(desc(orders.id))
      .limit(1);
    if (o) {
      const [c] = await db()
        .select({ c: gradingCandidates, no: certificates.no })
        .from(gradingCandidates)
        .leftJoin(certificates, eq(certificates.candidateId, gradingCandidates.id))
        .where(eq(gradingCandidates.orderId, o.id))
        .limit(1);
      mine = {
        order_id: o.id,
        order_status: o.status,
        result: c ? resultOf(c.c.status) : null,
        cert_no: c?.no ?? '',
        video: c ? await gradingVideoOf(c.c) : null,
      };
    }
  }
  return { ...sessionView(row), mine };
}

export const resultOf = (s: string): CandidateStatus => CANDIDATE_STATUSES.find((x) => x === s) ?? 'booked';

/** The caller's coach id and the 段 they may grade up to; a coach who is no examiner is refused. */
async function examinerOf(userId: number): Promise<{ coachId: number; maxDuan: number }> {
  const coachId = await coachIdOf(userId);
  const maxDuan = await examinerMaxDuan(coachId);
  if (maxDuan === null) throw forbidden(GRADING_TEXTS.notExaminer);
  return { coachId, maxDuan };
}

/** /coach/gradingMine */
export async function mySessions(userId: number): Promise<ApiOutput<'/coach/gradingMine'>> {
  const coachId = await coachIdOf(userId);
  const maxDuan = await examinerMaxDuan(coachId);
  if (maxDuan === null) return { examiner: null, styles: [], list: [] };
  const rows = await baseQuery().where(eq(gradingSessions.coachId, coachId)).orderBy(desc(gradingSessions.startsAt)).limit(200);
  return { examiner: { max_duan: maxDuan }, styles: await styles(), list: rows.map((r) => sessionView(r)) };
}

type Fields = GradingFields;

async function checkFields(input: Fields, maxDuan: number) {
  if (input.duan > maxDuan) throw refuse(GRADING_TEXTS.duanTooHigh(maxDuan));
  const [l] = await db()
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.id, input.label_id), eq(labels.status, 1)))
    .limit(1);
  if (!l) throw refuse(GRADING_TEXTS.styleUnknown);
  if (input.mode === 'offline' && !input.place) throw refuse(GRADING_TEXTS.placeRequired);
  const startsAt = new Date(input.starts_at);
  if (startsAt.getTime() <= Date.now()) throw refuse(GRADING_TEXTS.future);
  return {
    labelId: input.label_id,
    duan: input.duan,
    mode: input.mode,
    place: input.mode === 'offline' ? input.place : '',
    startsAt,
    seats: input.seats,
    price: input.price,
    intro: input.intro,
  };
}

async function viewOf(id: number): Promise<GradingSession> {
  return sessionView(one(await baseQuery().where(eq(gradingSessions.id, id)).limit(1), 'grading session'));
}

/** /coach/gradingAdd */
export async function addSession(userId: number, input: Fields): Promise<GradingSession> {
  const { coachId, maxDuan } = await examinerOf(userId);
  const values = await checkFields(input, maxDuan);
  const s = one(
    await db()
      .insert(gradingSessions)
      .values({ coachId, ...values })
      .returning({ id: gradingSessions.id }),
    'grading session',
  );
  invalidate('grading:');
  return viewOf(s.id);
}

/** /coach/gradingEdit: only while nobody holds a seat (a guarded update on `booked = 0`). */
export async function editSession(userId: number, input: GradingEditInput): Promise<GradingSession> {
  const { coachId, maxDuan } = await examinerOf(userId);
  const values = await checkFields(input, maxDuan);
  const [done] = await db()
    .update(gradingSessions)
    .set(values)
    .where(
      and(
        eq(gradingSessions.id, input.id),
        eq(gradingSessions.coachId, coachId),
        eq(gradingSessions.status, GRADING_STATUS.open),
        eq(gradingSessions.booked, 0),
      ),
    )
    .returning({ id: gradingSessions.id });
  if (!done) {
    const s = await ownSession(coachId, input.id);
    throw refuse(s.status === GRADING_STATUS.open ? GRADING_TEXTS.booked : GRADING_TEXTS.notOpen);
  }
  invalidate('grading:');
  return viewOf(done.id);
}

/** Test rigs only (grading.routes.ts gates it): an open session's start moves a minute into the past. */
export async function moveStartForRig(id: number): Promise<number> {
  const rows = await db()
    .update(gradingSessions)
    .set({ startsAt: new Date(Date.now() - 60_000) })
    .where(and(eq(gradingSessions.id, id), eq(gradingSessions.status, GRADING_STATUS.open)))
    .returning({ id: gradingSessions.id });
  invalidate('grading:');
  return rows.length;
}

/** The examiner's own session; another coach's answers "not found". */
export async function ownSession(coachId: number, id: number) {
  const [s] = await db()
    .select()
    .from(gradingSessions)
    .where(and(eq(gradingSessions.id, id), eq(gradingSessions.coachId, coachId)))
    .limit(1);
  if (!s) throw notFound(GRADING_TEXTS.notFound);
  return s;
}

/** The paid orders of a session still due a refund when it is cancelled. */
export async function refundableOrders(sessionId: number): Promise<number[]> {
  const rows = await db()
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.kind, 'grading'),
        eq(orderItems.gradingId, sessionId),
        inArray(orders.status, ['paid', 'completed']),
        sql`${orders.payMethod} <> 'free'`,
      ),
    );
  return rows.map((r) => r.id);
}

export { examinerOf };
