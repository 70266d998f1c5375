import { and, eq } from 'drizzle-orm';
import { db } from '../../db';
import { examiners } from '../../db/schema';

/**
 * The highest 段 a coach may grade, or null when they are no (active) 考评员. The console's 考评员
 * tab (duan part) writes `examiners`; grading reads it here, at each publish, so a withdrawn
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
