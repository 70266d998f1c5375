import { and, eq } from 'drizzle-orm';
import { HOMEWORK_TEXTS } from '~/lib/rules/homework';
import type { StaffRole } from '~/lib/rules/staff';
import { db, type TxOrDb } from '../../db';
import { contentReports, homeworkAssignments, homeworkSubmissions, videos } from '../../db/schema';
import { notFound } from '../../http/errors';
import { viewableUrl } from '../../providers/storage';
import { sellerOf, type SellerIds } from '../catalogue/owner';

/**
 * Who may see a homework submission (its practice video is private media): the learner who filmed
 * it, the owner of the course or class it was set on (the coach, or the shop for a shop's course),
 * and console staff handling an open report of it. Everyone else gets "not found", so a stranger
 * cannot even tell that an id exists. The homework queue, the critique page and the report queue all
 * go through these functions.
 */

export type HomeworkSubmission = typeof homeworkSubmissions.$inferSelect & {
  assignment: typeof homeworkAssignments.$inferSelect;
};

/** Staff roles that handle content reports (the console's 内容举报 page). */
export const REPORT_STAFF: readonly StaffRole[] = ['super', 'content', 'support'];

/** Whether the seller ids own an assignment (a coach's, or a shop's for a shop-owned course). */
export function ownsAssignment(seller: SellerIds, a: Pick<typeof homeworkAssignments.$inferSelect, 'coachId' | 'shopId'>): boolean {
  return (a.coachId !== null && a.coachId === seller.coachId) || (a.shopId !== null && a.shopId === seller.shopId);
}

async function loadSubmission(id: number, tx: TxOrDb): Promise<HomeworkSubmission | null> {
  const [row] = await tx
    .select({ s: homeworkSubmissions, a: homeworkAssignments })
    .from(homeworkSubmissions)
    .innerJoin(homeworkAssignments, eq(homeworkAssignments.id, homeworkSubmissions.assignmentId))
    .where(eq(homeworkSubmissions.id, id))
    .limit(1);
  return row ? { ...row.s, assignment: row.a } : null;
}

/**
 * The submission `id` as the caller may see it: `learner` — the caller filmed it; `seller` — the
 * caller's coach or shop owns its assignment (a withdrawn assignment's submissions stay visible).
 * Anyone else: the usual not-found refusal.
 */
export async function submissionFor(userId: number, id: number, as: 'learner' | 'seller', tx: TxOrDb = db()): Promise<HomeworkSubmission> {
  const s = await loadSubmission(id, tx);
  if (s) {
    if (as === 'learner' && s.userId === userId) return s;
    if (as === 'seller' && ownsAssignment(await sellerOf(userId), s.assignment)) return s;
  }
  throw notFound(HOMEWORK_TEXTS.submissionGone);
}

/** Whether there is an open report of this submission (what lets report staff play it). */
async function reportedOpen(id: number): Promise<boolean> {
  const [r] = await db()
    .select({ id: contentReports.id })
    .from(contentReports)
    .where(and(eq(contentReports.targetType, 'homework'), eq(contentReports.targetId, id), eq(contentReports.status, 'open')))
    .limit(1);
  return Boolean(r);
}

export type SubmissionViewer = { member: number } | { staff: StaffRole };

/** The rule in one question: may this member (learner or seller) or this staff role see the submission? */
export async function canViewSubmission(viewer: SubmissionViewer, submissionId: number): Promise<boolean> {
  if ('staff' in viewer) return REPORT_STAFF.includes(viewer.staff) && (await reportedOpen(submissionId));
  const s = await loadSubmission(submissionId, db());
  if (!s) return false;
  return s.userId === viewer.member || ownsAssignment(await sellerOf(viewer.member), s.assignment);
}

/** The report target's `visibleTo`: only a member who may see a practice video may report it. */
export function memberSeesSubmission(_tx: TxOrDb, id: number, userId: number): Promise<boolean> {
  return canViewSubmission({ member: userId }, id);
}

/**
 * What plays, as signed URLs. A submission made while its video was still processing has no path
 * of its own yet; it plays the uploaded video's current files (the learner's own `videos` row).
 */
export async function submissionMedia(
  s: Pick<typeof homeworkSubmissions.$inferSelect, 'video' | 'poster' | 'durationS' | 'videoId'>,
): Promise<{ video: string; poster: string; duration_s: number }> {
  let { video, poster, durationS } = s;
  if (!video && s.videoId !== null) {
    const [v] = await db()
      .select({ path: videos.path, poster: videos.poster, durationS: videos.durationS })
      .from(videos)
      .where(eq(videos.id, s.videoId))
      .limit(1);
    if (v) ({ path: video, poster, durationS } = v);
  }
  return { video: await viewableUrl(video), poster: await viewableUrl(poster), duration_s: durationS };
}
