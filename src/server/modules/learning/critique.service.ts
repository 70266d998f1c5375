import { and, desc, eq } from 'drizzle-orm';
import type { CritiqueView, ExcellentClip } from '~/lib/api/contract/critique';
import type { CritiqueMark, Verdict } from '~/lib/rules/critique';
import { CRITIQUE_PATHS, CRITIQUE_TEXTS } from '~/lib/rules/critique-texts';
import { db } from '../../db';
import { publicNameOf } from '../../db/public-name';
import { homeworkAssignments, homeworkSubmissions, lessons, users } from '../../db/schema';
import { invalidatePages } from '../../edge/page-cache';
import { emit } from '../../events';
import { refuse } from '../../http/errors';
import { viewableUrl } from '../../providers/storage';
import { sendMessage } from '../notice/notice.service';
import { submissionFor, submissionMedia, type HomeworkSubmission } from './homework-access';
import { ownVoice } from './critique.voice';

/**
 * The coach's critique of a homework clip and the learner's view of it. Who may see a submission is
 * homework-access's answer (the learner, or the seller owning its assignment; anyone else: not found).
 * The first review is a guarded update new → reviewed with its notice in the same transaction; a
 * re-review updates the critique in place and sends no second notice (the learner's page always shows
 * the latest), so a double submit never notifies twice.
 */

async function nameOf(userId: number | null): Promise<{ name: string; avatar: string }> {
  if (!userId) return { name: '', avatar: '' };
  const [u] = await db()
    .select({ name: publicNameOf(users), avatar: users.avatar })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u ?? { name: '', avatar: '' };
}

const signed = (path: string) => (path ? viewableUrl(path) : Promise.resolve(''));

async function referenceOf(lessonId: number | null): Promise<CritiqueView['reference']> {
  if (!lessonId) return null;
  const [l] = await db()
    .select({ id: lessons.id, title: lessons.title, video: lessons.video, durationS: lessons.durationS })
    .from(lessons)
    .where(eq(lessons.id, lessonId))
    .limit(1);
  if (!l?.video) return null;
  return { lesson_id: l.id, title: l.title, url: await viewableUrl(l.video), duration_s: l.durationS };
}

async function viewOf(s: HomeworkSubmission, withReference: boolean): Promise<CritiqueView> {
  const a = s.assignment;
  const [learner, reviewer, media, voiceUrl, reference] = await Promise.all([
    nameOf(s.userId),
    nameOf(s.reviewedBy),
    submissionMedia(s),
    signed(s.voice),
    withReference ? referenceOf(a.lessonId) : Promise.resolve(null),
  ]);
  const reviewed = s.status === 'reviewed';
  return {
    id: s.id,
    learner,
    assignment: { id: a.id, title: a.title, body: a.body, kind: a.classId ? 'class' : 'lesson', course_id: a.courseId },
    clip: {
      url: media.video,
      poster: media.poster,
      duration_s: media.duration_s,
      note: s.note,
      attempt: s.attempt,
      submitted_at: s.createdAt.toISOString(),
    },
    reference,
    critique: {
      status: reviewed ? 'reviewed' : 'new',
      score: s.score,
      verdict: s.verdict === '合格' || s.verdict === '需改进' ? s.verdict : '',
      summary: s.summary,
      marks: s.marks,
      voice: s.voice,
      voice_url: voiceUrl,
      voice_s: s.voice ? s.voiceS : 0,
      reviewed_at: s.reviewedAt?.toISOString() ?? null,
      reviewer: reviewed ? reviewer.name : '',
      excellent: s.excellent,
      consent: s.consent,
    },
  };
}

/** The coach's review page: the clip, the reference lesson (for a lesson's assignment) and the critique so far. */
export async function critiqueForReview(userId: number, id: number): Promise<CritiqueView> {
  return viewOf(await submissionFor(userId, id, 'seller'), true);
}

/** The learner's own critique (no reference video: the course page plays the lesson for those who bought it). */
export async function myCritique(userId: number, id: number): Promise<CritiqueView> {
  return viewOf(await submissionFor(userId, id, 'learner'), false);
}

export interface CritiqueInput {
  id: number;
  score: number;
  verdict: Verdict;
  summary: string;
  marks: CritiqueMark[];
  voice: string;
  voice_s: number;
}

/**
 * 提交点评. Marks must fall within the clip (half a second of slack for the last frame); the voice must
 * be one of this coach's recordings. The first review turns the submission to reviewed and tells the
 * learner in the same transaction; a later one updates the critique in place.
 */
export async function saveCritique(userId: number, input: CritiqueInput): Promise<{ id: number; status: 'reviewed'; first: boolean }> {
  const s = await submissionFor(userId, input.id, 'seller');
  // A clip still processing has nothing to critique yet (its length is not known either).
  const media = await submissionMedia(s);
  if (!media.video) throw refuse(CRITIQUE_TEXTS.noClip);
  const end = media.duration_s > 0 ? media.duration_s + 0.5 : Infinity;
  if (input.marks.some((m) => m.at > end)) throw refuse(CRITIQUE_TEXTS.markBeyondClip);
  const voice = await ownVoice(userId, input.voice, s.voice);
  const marks = [...input.marks]
    .map((m) => ({ at: Math.round(m.at * 10) / 10, text: m.text, shapes: m.shapes }))
    .sort((a, b) => a.at - b.at);
  const values = {
    score: input.score,
    verdict: input.verdict,
    summary: input.summary,
    marks,
    voice,
    voiceS: voice ? input.voice_s : 0,
    reviewedBy: userId,
    reviewedAt: new Date(),
  };
  const first = await db().transaction(async (tx) => {
    const turned = await tx
      .update(homeworkSubmissions)
      .set({ ...values, status: 'reviewed' })
      .where(and(eq(homeworkSubmissions.id, s.id), eq(homeworkSubmissions.status, 'new')))
      .returning({ id: homeworkSubmissions.id });
    if (turned.length) {
      await emit('homework.reviewed', { tx, userId: s.userId, submissionId: s.id });
      await sendMessage(
        {
          userId: s.userId,
          kind: 'notice',
          title: CRITIQUE_TEXTS.noticeTitle,
          content: CRITIQUE_TEXTS.noticeBody(s.assignment.title, input.score, input.verdict),
          fromUserId: userId,
          link: `${CRITIQUE_PATHS.learnerView}?id=${s.id}`,
        },
        tx,
      );
      return true;
    }
    const updated = await tx
      .update(homeworkSubmissions)
      .set(values)
      .where(and(eq(homeworkSubmissions.id, s.id), eq(homeworkSubmissions.status, 'reviewed')))
      .returning({ excellent: homeworkSubmissions.excellent, consent: homeworkSubmissions.consent });
    if (!updated.length) throw refuse(CRITIQUE_TEXTS.notFound);
    return false;
  });
  // A shown 优秀作业's score is on the kept guest course page.
  if (!first && s.excellent && s.consent) invalidatePages();
  return { id: s.id, status: 'reviewed', first };
}

/** The coach marks (or unmarks) 优秀作业; only a reviewed submission. */
export async function setExcellent(userId: number, id: number, excellent: boolean): Promise<{ excellent: boolean; consent: boolean }> {
  const s = await submissionFor(userId, id, 'seller');
  const [row] = await db()
    .update(homeworkSubmissions)
    .set({ excellent })
    .where(and(eq(homeworkSubmissions.id, s.id), eq(homeworkSubmissions.status, 'reviewed')))
    .returning({ excellent: homeworkSubmissions.excellent, consent: homeworkSubmissions.consent });
  if (!row) throw refuse(CRITIQUE_TEXTS.notReviewed);
  if (row.consent) invalidatePages();
  return row;
}

/** The learner gives or withdraws consent to show their 优秀作业 on the course page. */
export async function setConsent(userId: number, id: number, consent: boolean): Promise<{ excellent: boolean; consent: boolean }> {
  const s = await submissionFor(userId, id, 'learner');
  const where = [eq(homeworkSubmissions.id, s.id), eq(homeworkSubmissions.userId, userId)];
  // Consent is asked only for a clip the coach marked; withdrawing is always allowed.
  if (consent) where.push(eq(homeworkSubmissions.excellent, true));
  const [row] = await db()
    .update(homeworkSubmissions)
    .set({ consent })
    .where(and(...where))
    .returning({ excellent: homeworkSubmissions.excellent, consent: homeworkSubmissions.consent });
  if (!row) throw refuse(CRITIQUE_TEXTS.notExcellent);
  if (row.excellent) invalidatePages();
  return row;
}

/** 优秀作业 of a course: marked by its coach and shown with the learner's consent, best first. */
export async function excellentHomework(courseId: number, limit = 12): Promise<ExcellentClip[]> {
  const rows = await db()
    .select({
      id: homeworkSubmissions.id,
      name: publicNameOf(users),
      poster: homeworkSubmissions.poster,
      video: homeworkSubmissions.video,
      score: homeworkSubmissions.score,
      title: homeworkAssignments.title,
    })
    .from(homeworkSubmissions)
    .innerJoin(homeworkAssignments, eq(homeworkAssignments.id, homeworkSubmissions.assignmentId))
    .innerJoin(users, eq(users.id, homeworkSubmissions.userId))
    .where(
      and(
        eq(homeworkAssignments.courseId, courseId),
        eq(homeworkSubmissions.status, 'reviewed'),
        eq(homeworkSubmissions.excellent, true),
        eq(homeworkSubmissions.consent, true),
      ),
    )
    .orderBy(desc(homeworkSubmissions.score), desc(homeworkSubmissions.id))
    .limit(limit);
  return Promise.all(
    rows
      .filter((r) => r.video)
      .map(async (r) => ({
        id: r.id,
        name: r.name,
        poster: await signed(r.poster),
        url: await viewableUrl(r.video),
        score: r.score,
        title: r.title,
      })),
  );
}
