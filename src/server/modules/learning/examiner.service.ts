import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Examiner, ExaminerCandidate } from '~/lib/api/contract/duan';
import { DUAN_TEXTS as T } from '~/lib/rules/duan';
import { db } from '../../db';
import { isUniqueViolation } from '../../db/rows';
import { coaches, examiners, users } from '../../db/schema';
import { audit } from '../../console/audit';
import type { Actor } from '../../console/shared';
import { notFound, refuse } from '../../http/errors';

/*
 * 考评员 in the console: the coaches an operator allows to publish grading sessions, each up to a 段
 * (`isExaminer` in examiner.ts is the check). Disabling keeps the row so re-enabling restores it.
 */

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function examinerList(page: number, limit: number): Promise<{ list: Examiner[]; total: number; page: number; limit: number }> {
  const [rows, [total]] = await Promise.all([
    db()
      .select({ e: examiners, name: coaches.name, phone: users.phone })
      .from(examiners)
      .innerJoin(coaches, eq(coaches.id, examiners.coachId))
      .innerJoin(users, eq(users.id, coaches.userId))
      .orderBy(desc(examiners.status), desc(examiners.createdAt), desc(examiners.coachId))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(examiners),
  ]);
  return {
    list: rows.map((r) => ({
      coach_id: r.e.coachId,
      name: r.name,
      phone: r.phone ?? '',
      max_duan: r.e.maxDuan,
      note: r.e.note,
      status: r.e.status ? 1 : 0,
      created_at: r.e.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    limit,
  };
}

/** Coaches whose name or account phone matches, marked when already examiners. */
export async function examinerCandidates(keyword: string): Promise<{ list: ExaminerCandidate[] }> {
  const key = like(keyword.trim());
  const rows = await db()
    .select({
      id: coaches.id,
      name: coaches.name,
      phone: users.phone,
      styles: coaches.styles,
      examiner: sql<boolean>`exists (select 1 from ${examiners} where ${examiners.coachId} = ${coaches.id})`,
    })
    .from(coaches)
    .innerJoin(users, eq(users.id, coaches.userId))
    .where(or(ilike(coaches.name, key), ilike(users.phone, key)))
    .orderBy(desc(coaches.sort), coaches.id)
    .limit(20);
  return {
    list: rows.map((r) => ({ coach_id: r.id, name: r.name, phone: r.phone ?? '', styles: r.styles, examiner: r.examiner ? 1 : 0 })),
  };
}

/** Makes a coach an examiner (`create`), or changes an examiner's highest 段 and note. */
export async function saveExaminer(a: Actor, input: { coach_id: number; max_duan: number; note: string; create: boolean }): Promise<null> {
  try {
    await db().transaction(async (tx) => {
      if (input.create) {
        const [coach] = await tx.select({ id: coaches.id }).from(coaches).where(eq(coaches.id, input.coach_id));
        if (!coach) throw refuse(T.coachMissing);
        const [after] = await tx
          .insert(examiners)
          .values({ coachId: input.coach_id, maxDuan: input.max_duan, note: input.note })
          .returning();
        await audit(tx, a, { action: 'examiner.create', target: 'examiners', targetId: input.coach_id, after });
        return;
      }
      const [before] = await tx.select().from(examiners).where(eq(examiners.coachId, input.coach_id)).for('update');
      if (!before) throw notFound(T.examinerMissing);
      const [after] = await tx
        .update(examiners)
        .set({ maxDuan: input.max_duan, note: input.note })
        .where(eq(examiners.coachId, input.coach_id))
        .returning();
      await audit(tx, a, {
        action: 'examiner.update',
        target: 'examiners',
        targetId: input.coach_id,
        before: { max_duan: before.maxDuan, note: before.note },
        after: { max_duan: after?.maxDuan, note: after?.note },
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw refuse(T.examinerExists);
    throw e;
  }
  return null;
}

/** Disables (0) or re-enables (1) an examiner: a guarded update on the status it expects. */
export async function setExaminerStatus(a: Actor, coachId: number, status: 0 | 1): Promise<null> {
  await db().transaction(async (tx) => {
    const [row] = await tx
      .update(examiners)
      .set({ status })
      .where(and(eq(examiners.coachId, coachId), eq(examiners.status, status ? 0 : 1)))
      .returning({ coachId: examiners.coachId });
    if (!row) {
      const [exists] = await tx.select({ s: examiners.status }).from(examiners).where(eq(examiners.coachId, coachId));
      if (!exists) throw notFound(T.examinerMissing);
      throw refuse(status ? '该考评员已是启用状态' : '该考评员已停用');
    }
    await audit(tx, a, {
      action: status ? 'examiner.enable' : 'examiner.disable',
      target: 'examiners',
      targetId: coachId,
      before: { status: status ? 0 : 1 },
      after: { status },
    });
  });
  return null;
}
