import { and, eq, gte } from 'drizzle-orm';
import { db, type TxOrDb } from '../../db';
import { examiners } from '../../db/schema';

/**
 * 考评员 check: may this coach publish (or judge) a grading session of this 段?
 * True when an enabled examiner row for the coach allows at least that 段 (`max_duan >= duan`).
 * Pass the caller's transaction when the check guards a write in it.
 */
export async function isExaminer(coachId: number, duan: number, tx: TxOrDb = db()): Promise<boolean> {
  const [row] = await tx
    .select({ coachId: examiners.coachId })
    .from(examiners)
    .where(and(eq(examiners.coachId, coachId), eq(examiners.status, 1), gte(examiners.maxDuan, duan)))
    .limit(1);
  return row !== undefined;
}

/**
 * The highest 段 a coach may grade, or null when they are no (active) 考评员. The console's 考评员
 * tab writes `examiners`; grading reads it here, at each publish, so a withdrawn
 * examiner can publish nothing more.
 */
export async function examinerMaxDuan(coachId: number): Promise<number | null> {
  const [e] = await db()
    .select({ maxDuan: examiners.maxDuan })
    .from(examiners)
    .where(and(eq(examiners.coachId, coachId), eq(examiners.status, 1)))
    .limit(1);
  return e ? e.maxDuan : null;
}
