import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  APPLICATION_STATES,
  APPLICATION_STATE_TEXT,
  APPLY_TEXTS as A,
  KIND_INFO,
  type ApplicationKind,
  type ApplicationState,
} from '~/lib/rules/applications';
import { maskPhone } from '~/lib/rules/phone';
import { db, type TxOrDb } from '../../db';
import { identityApplications, users } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { sendMessage } from '../notice/notice.service';
import { documentUrls } from '../upload/documents';
import { coachAnswers, documentsOf, kindOf, shopAnswers, stateOf, type Row } from './application.service';
import { decryptIdNumber } from './id-crypto';

/**
 * The operator's side of coach and shop applications: the queue with counts, one
 * application in full, approve / refuse (guarded pending → approved | refused, the applicant told
 * by a notice in the same transaction) and the ID number shown on request. The routes wrap each
 * write with its audit row (`record`), inside the same transaction.
 */

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ListFilter {
  kind: ApplicationKind;
  status?: ApplicationState | undefined;
  q?: string | undefined;
  page: number;
  limit: number;
}

const listCols = {
  app: identityApplications,
  phone: users.phone,
  nickName: users.nickName,
};

function listItem(r: { app: Row; phone: string | null; nickName: string }) {
  const status = stateOf(r.app);
  return {
    id: r.app.id,
    kind: kindOf(r.app),
    status,
    status_text: APPLICATION_STATE_TEXT[status],
    title: r.app.title,
    user_id: r.app.userId,
    nick_name: r.nickName,
    phone: maskPhone(r.phone),
    created_at: r.app.createdAt.toISOString(),
    reviewed_at: r.app.reviewedAt?.toISOString() ?? null,
  };
}

/** A page of one kind's applications (newest first), with the count of each status for the tabs. */
export async function reviewList(f: ListFilter) {
  const q = f.q?.trim() ?? '';
  const search: SQL | undefined = q
    ? or(
        ilike(identityApplications.title, `%${escapeLike(q)}%`),
        ilike(users.phone, `%${escapeLike(q)}%`),
        ilike(users.nickName, `%${escapeLike(q)}%`),
      )
    : undefined;
  const where = and(eq(identityApplications.kind, f.kind), f.status ? eq(identityApplications.status, f.status) : undefined, search);
  const [rows, [total], counts] = await Promise.all([
    db()
      .select(listCols)
      .from(identityApplications)
      .innerJoin(users, eq(users.id, identityApplications.userId))
      .where(where)
      .orderBy(desc(identityApplications.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    db().select({ n: count() }).from(identityApplications).innerJoin(users, eq(users.id, identityApplications.userId)).where(where),
    db()
      .select({ status: identityApplications.status, n: count() })
      .from(identityApplications)
      .where(eq(identityApplications.kind, f.kind))
      .groupBy(identityApplications.status),
  ]);
  const byStatus = Object.fromEntries(APPLICATION_STATES.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0])) as Record<
    ApplicationState,
    number
  >;
  return { list: rows.map(listItem), total: total?.n ?? 0, page: f.page, limit: f.limit, counts: byStatus };
}

async function row(id: number): Promise<{ app: Row; phone: string | null; nickName: string }> {
  const [r] = await db()
    .select(listCols)
    .from(identityApplications)
    .innerJoin(users, eq(users.id, identityApplications.userId))
    .where(eq(identityApplications.id, id))
    .limit(1);
  if (!r) throw notFound('申请不存在');
  return r;
}

/** One application in full (the ID number only masked; the documents as signed URLs made now, for this reviewer). */
export async function reviewDetail(id: number) {
  const r = await row(id);
  const base = {
    ...listItem(r),
    refuse_reason: r.app.refuseReason,
    review_note: r.app.reviewNote,
    fee: r.app.fee,
    settled_at: r.app.settledAt?.toISOString() ?? null,
    doc_urls: await documentUrls(documentsOf(r.app)),
  };
  return kindOf(r.app) === 'coach'
    ? { ...base, coach: coachAnswers(r.app), shop: null }
    : { ...base, coach: null, shop: shopAnswers(r.app) };
}

/** Writes the audit row of a decision inside its transaction (supplied by the route, which knows the staff member). */
export type RecordDecision = (tx: TxOrDb, before: Row, after: Row) => Promise<void>;

/**
 * Approves (with an optional note) or refuses (with the reason) a pending application. The update
 * is conditional on `pending`, so a second click or a second reviewer finds it decided.
 */
export async function decide(
  id: number,
  decision: 'approved' | 'refused',
  text: string,
  staffId: number,
  record: RecordDecision,
): Promise<Awaited<ReturnType<typeof reviewDetail>>> {
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(identityApplications).where(eq(identityApplications.id, id)).limit(1);
    if (!before) throw notFound('申请不存在');
    const [after] = await tx
      .update(identityApplications)
      .set({
        status: decision,
        reviewedBy: staffId,
        reviewedAt: new Date(),
        ...(decision === 'approved' ? { reviewNote: text } : { refuseReason: text }),
      })
      .where(and(eq(identityApplications.id, id), eq(identityApplications.status, 'pending')))
      .returning();
    if (!after) throw refuse(A.notPending);
    const kind = kindOf(after);
    const k = KIND_INFO[kind];
    await sendMessage(
      decision === 'approved'
        ? {
            userId: after.userId,
            kind: 'notice',
            title: `${k.title}申请已通过`,
            content: `<p>恭喜，你的${k.title}申请已通过审核${text ? `（备注：${escapeHtml(text)}）` : ''}。请前往“完成入驻”页面确认入驻，开通${k.who}身份。</p>`,
            link: k.settlePage,
          }
        : {
            userId: after.userId,
            kind: 'notice',
            title: `${k.title}申请未通过`,
            content: `<p>很抱歉，你的${k.title}申请未通过审核。原因：${escapeHtml(text)}</p><p>请修改资料后重新提交。</p>`,
            link: k.page,
          },
      tx,
    );
    await record(tx, before, after);
  });
  return reviewDetail(id);
}

/** The full ID number, for the audited "show" of super admins and reviewers. */
export async function revealIdNumber(id: number, record: (tx: TxOrDb, app: Row) => Promise<void>): Promise<string> {
  return db().transaction(async (tx) => {
    const [app] = await tx.select().from(identityApplications).where(eq(identityApplications.id, id)).limit(1);
    if (!app) throw notFound('申请不存在');
    if (!app.idNumberCipher) throw refuse('该申请没有身份证号');
    await record(tx, app);
    return decryptIdNumber(app.idNumberCipher);
  });
}

/** Pending applications of a kind, for the dashboard queue. */
export async function pendingCount(kind: ApplicationKind): Promise<number> {
  const [r] = await db()
    .select({ n: count() })
    .from(identityApplications)
    .where(and(eq(identityApplications.kind, kind), eq(identityApplications.status, 'pending')));
  return r?.n ?? 0;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
