import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DuanRef, DuanRequirement } from '~/lib/api/contract/duan';
import { DUAN_TEXTS as T, type DuanKind } from '~/lib/rules/duan';
import { durationText } from '~/lib/format';
import { db, type TxOrDb } from '../../db';
import { isUniqueViolation } from '../../db/rows';
import { courses, duanRequirements, homeworkAssignments, labels, lessons } from '../../db/schema';
import { audit } from '../../console/audit';
import type { Actor } from '../../console/shared';
import { notFound, refuse } from '../../http/errors';

/*
 * 段位要求 in the console: per style (a course label) and 段, an ordered list of courses or lessons
 * to finish and homework (a 套路 to demonstrate) to pass. Every write is audited in its transaction.
 */

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const REF_LIMIT = 20;

/** The styles (every course label, hidden ones too: a style may keep its path) with their requirement counts. */
export async function duanStyles() {
  const list = await db()
    .select({ id: labels.id, name: labels.name, requirements: sql<number>`count(${duanRequirements.id})::int` })
    .from(labels)
    .leftJoin(duanRequirements, eq(duanRequirements.labelId, labels.id))
    .groupBy(labels.id)
    .orderBy(asc(labels.sort), asc(labels.id));
  return { list };
}

/** What each requirement points at now: titles, and the course a lesson or homework belongs to. */
export async function refTitles(
  tx: TxOrDb,
  rows: { kind: string; refId: number }[],
): Promise<Map<string, { title: string; courseId: number | null }>> {
  const ids = (k: DuanKind) => rows.filter((r) => r.kind === k).map((r) => r.refId);
  const [cs, ls, hs] = await Promise.all([
    ids('course').length
      ? tx
          .select({ id: courses.id, title: courses.title })
          .from(courses)
          .where(inArray(courses.id, ids('course')))
      : [],
    ids('lesson').length
      ? tx
          .select({ id: lessons.id, title: lessons.title, courseId: lessons.courseId })
          .from(lessons)
          .where(inArray(lessons.id, ids('lesson')))
      : [],
    ids('homework').length
      ? tx
          .select({ id: homeworkAssignments.id, title: homeworkAssignments.title, courseId: homeworkAssignments.courseId })
          .from(homeworkAssignments)
          .where(inArray(homeworkAssignments.id, ids('homework')))
      : [],
  ]);
  const out = new Map<string, { title: string; courseId: number | null }>();
  for (const c of cs) out.set(`course:${c.id}`, { title: c.title, courseId: c.id });
  for (const l of ls) out.set(`lesson:${l.id}`, { title: l.title, courseId: l.courseId });
  for (const h of hs) out.set(`homework:${h.id}`, { title: h.title, courseId: h.courseId });
  return out;
}

/** A style's requirements for all nine 段, in 段 then sort order. */
export async function requirementsOf(labelId: number): Promise<{ list: DuanRequirement[] }> {
  const [label] = await db().select({ id: labels.id }).from(labels).where(eq(labels.id, labelId));
  if (!label) throw notFound(T.styleMissing);
  const rows = await db()
    .select()
    .from(duanRequirements)
    .where(eq(duanRequirements.labelId, labelId))
    .orderBy(asc(duanRequirements.duan), asc(duanRequirements.sort), asc(duanRequirements.id));
  const refs = await refTitles(db(), rows);
  return {
    list: rows.map((r) => {
      const ref = refs.get(`${r.kind}:${r.refId}`);
      return {
        id: r.id,
        duan: r.duan,
        kind: r.kind as DuanKind,
        ref_id: r.refId,
        name: r.name,
        ref_title: ref?.title ?? '',
        course_id: ref?.courseId ?? null,
        sort: r.sort,
      };
    }),
  };
}

/** Picker choices: courses by keyword; a course's lessons; open homework assignments (of a course, or by keyword). */
export async function duanRefs(input: { kind: DuanKind; keyword: string; course_id?: number | undefined }): Promise<{ list: DuanRef[] }> {
  const key = input.keyword.trim();
  if (input.kind === 'course') {
    const rows = await db()
      .select({ id: courses.id, title: courses.title, n: courses.lessonCount, status: courses.status })
      .from(courses)
      .where(key ? ilike(courses.title, like(key)) : undefined)
      .orderBy(desc(courses.id))
      .limit(REF_LIMIT);
    return { list: rows.map((r) => ({ id: r.id, title: r.title, sub: `${r.n} 课时${r.status === 1 ? '' : ' · 已下架'}` })) };
  }
  if (input.kind === 'lesson') {
    if (!input.course_id) return { list: [] };
    const rows = await db()
      .select({ id: lessons.id, title: lessons.title, s: lessons.durationS })
      .from(lessons)
      .where(eq(lessons.courseId, input.course_id))
      .orderBy(asc(lessons.sort), asc(lessons.id))
      .limit(100);
    return { list: rows.map((r) => ({ id: r.id, title: r.title, sub: r.s > 0 ? `时长 ${durationText(r.s)}` : '' })) };
  }
  const where = and(
    eq(homeworkAssignments.status, 1),
    input.course_id ? eq(homeworkAssignments.courseId, input.course_id) : undefined,
    key ? ilike(homeworkAssignments.title, like(key)) : undefined,
  );
  const rows = await db()
    .select({ id: homeworkAssignments.id, title: homeworkAssignments.title, course: courses.title })
    .from(homeworkAssignments)
    .leftJoin(courses, eq(courses.id, homeworkAssignments.courseId))
    .where(where)
    .orderBy(desc(homeworkAssignments.id))
    .limit(REF_LIMIT);
  return { list: rows.map((r) => ({ id: r.id, title: r.title, sub: r.course ? `课程：${r.course}` : '班级作业' })) };
}

/** The requirement's target must exist (a withdrawn homework cannot be passed any more). */
async function refExists(tx: TxOrDb, kind: DuanKind, refId: number): Promise<void> {
  if (kind === 'course') {
    const [c] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, refId));
    if (!c) throw refuse(T.courseMissing);
  } else if (kind === 'lesson') {
    const [l] = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, refId));
    if (!l) throw refuse(T.lessonMissing);
  } else {
    const [h] = await tx
      .select({ id: homeworkAssignments.id })
      .from(homeworkAssignments)
      .where(and(eq(homeworkAssignments.id, refId), eq(homeworkAssignments.status, 1)));
    if (!h) throw refuse(T.homeworkMissing);
  }
}

export async function addRequirement(
  a: Actor,
  input: { label_id: number; duan: number; kind: DuanKind; ref_id: number; name: string },
): Promise<{ id: number }> {
  try {
    return await db().transaction(async (tx) => {
      const [label] = await tx.select({ id: labels.id }).from(labels).where(eq(labels.id, input.label_id));
      if (!label) throw refuse(T.styleMissing);
      await refExists(tx, input.kind, input.ref_id);
      const [last] = await tx
        .select({ m: sql<number | null>`max(${duanRequirements.sort})` })
        .from(duanRequirements)
        .where(and(eq(duanRequirements.labelId, input.label_id), eq(duanRequirements.duan, input.duan)));
      const [row] = await tx
        .insert(duanRequirements)
        .values({
          labelId: input.label_id,
          duan: input.duan,
          kind: input.kind,
          refId: input.ref_id,
          name: input.name,
          sort: (last?.m ?? 0) + 10,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await audit(tx, a, { action: 'duan_requirement.create', target: 'duan_requirements', targetId: row.id, after: row });
      return { id: row.id };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw refuse(T.duplicate);
    throw e;
  }
}

export async function deleteRequirement(a: Actor, id: number): Promise<null> {
  await db().transaction(async (tx) => {
    const [before] = await tx.delete(duanRequirements).where(eq(duanRequirements.id, id)).returning();
    if (!before) throw notFound('要求不存在或已删除');
    await audit(tx, a, { action: 'duan_requirement.delete', target: 'duan_requirements', targetId: id, before });
  });
  return null;
}

/** A full new order of one 段's requirements; refused when the list changed meanwhile. */
export async function sortRequirements(a: Actor, input: { label_id: number; duan: number; ids: number[] }): Promise<null> {
  await db().transaction(async (tx) => {
    const where = and(eq(duanRequirements.labelId, input.label_id), eq(duanRequirements.duan, input.duan));
    const current = await tx
      .select({ id: duanRequirements.id, sort: duanRequirements.sort })
      .from(duanRequirements)
      .where(where)
      .orderBy(asc(duanRequirements.sort), asc(duanRequirements.id))
      .for('update');
    const same =
      current.length === input.ids.length && new Set(input.ids).size === input.ids.length && current.every((r) => input.ids.includes(r.id));
    if (!same) throw refuse(T.sortStale);
    for (const [i, id] of input.ids.entries())
      await tx
        .update(duanRequirements)
        .set({ sort: (i + 1) * 10 })
        .where(and(where, eq(duanRequirements.id, id)));
    await audit(tx, a, {
      action: 'duan_requirement.sort',
      target: 'duan_requirements',
      before: current.map((r) => r.id),
      after: input.ids,
      note: `label ${input.label_id} · 段 ${input.duan}`,
    });
  });
  return null;
}
