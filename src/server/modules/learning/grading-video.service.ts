import { and, eq, ne } from 'drizzle-orm';
import type { GradingVideo } from '~/lib/api/contract/grading';
import { GRADING_STATUS, GRADING_TEXTS } from '~/lib/rules/grading';
import { db } from '../../db';
import { gradingCandidates, gradingSessions, videos } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { submissionMedia } from './homework-access';

/*
 * An online 考评 is judged by video (SPEC-free product rule: "online (by homework video)"): the
 * candidate hands in a video of their own upload — the same private member video as a homework
 * attempt — and may replace it until judged. Only the candidate (their booking page) and the session's
 * examiner (the candidates list) ever get its signed URLs.
 */

type VideoCols = Pick<typeof gradingCandidates.$inferSelect, 'videoId' | 'video' | 'poster' | 'durationS' | 'videoAt'>;

/** What plays for a candidate's video, or null when none was handed in. */
export async function gradingVideoOf(c: VideoCols): Promise<GradingVideo | null> {
  if (c.videoId === null || !c.videoAt) return null;
  const m = await submissionMedia(c);
  return { url: m.video, poster: m.poster, duration_s: m.duration_s, at: c.videoAt.toISOString() };
}

/**
 * /member/gradingVideo: the caller's paid seat (a candidate row exists once paid) of online session `id` takes their uploaded video
 * `video_id`. A guarded update on `status = 'booked'`, so a video never lands on a judged seat, even
 * when the examiner records the result at the same moment.
 */
export async function submitGradingVideo(userId: number, input: { id: number; video_id: number }): Promise<GradingVideo> {
  const [row] = await db()
    .select({ c: gradingCandidates, mode: gradingSessions.mode, state: gradingSessions.status })
    .from(gradingCandidates)
    .innerJoin(gradingSessions, eq(gradingSessions.id, gradingCandidates.sessionId))
    .where(and(eq(gradingCandidates.sessionId, input.id), eq(gradingCandidates.userId, userId), ne(gradingCandidates.status, 'cancelled')))
    .limit(1);
  if (!row) throw notFound(GRADING_TEXTS.videoNotBooked);
  if (row.mode !== 'online') throw refuse(GRADING_TEXTS.videoOffline);
  if (row.c.status !== 'booked' || row.state === GRADING_STATUS.cancelled) throw refuse(GRADING_TEXTS.videoClosed);
  const [v] = await db()
    .select()
    .from(videos)
    .where(and(eq(videos.id, input.video_id), eq(videos.userId, userId)))
    .limit(1);
  if (!v) throw refuse(GRADING_TEXTS.videoMissing);
  if (v.status === 'failed') throw refuse(v.error || GRADING_TEXTS.videoFailed);
  const [saved] = await db()
    .update(gradingCandidates)
    // A video still processing has no playable path yet; submissionMedia() reads it from `videos`.
    .set({ videoId: v.id, video: v.path, poster: v.poster, durationS: v.durationS, videoAt: new Date() })
    .where(and(eq(gradingCandidates.id, row.c.id), eq(gradingCandidates.status, 'booked')))
    .returning();
  if (!saved) throw refuse(GRADING_TEXTS.videoClosed);
  const out = await gradingVideoOf(saved);
  if (!out) throw new Error('grading video update returned no video');
  return out;
}
