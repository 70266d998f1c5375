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
