import { and, eq } from 'drizzle-orm';
import { db } from '../../db';
import { homeworkAssignments, homeworkSubmissions } from '../../db/schema';
import { notFound } from '../../http/errors';
import { sellerOf } from '../catalogue/owner';

/**
 * Who may see a homework submission: the learner who filmed it, or the seller (coach or shop) who
 * owns its assignment. Anyone else gets the same not-found answer as for a missing id, so ids
 * cannot be probed. (Interim copy written against the homework part's signature; the homework
 * part's own file replaces it.)
 */
export async function submissionFor(userId: number, id: number, as: 'learner' | 'seller') {
  const [row] = await db()
    .select({ submission: homeworkSubmissions, assignment: homeworkAssignments })
    .from(homeworkSubmissions)
    .innerJoin(homeworkAssignments, eq(homeworkAssignments.id, homeworkSubmissions.assignmentId))
    .where(and(eq(homeworkSubmissions.id, id)))
    .limit(1);
  if (!row) throw notFound('作业不存在');
  if (as === 'learner') {
    if (row.submission.userId !== userId) throw notFound('作业不存在');
    return row;
  }
  const { coachId, shopId } = await sellerOf(userId);
  const a = row.assignment;
  const owns = (coachId !== null && a.coachId === coachId) || (shopId !== null && a.shopId === shopId);
  if (!owns) throw notFound('作业不存在');
  return row;
}
