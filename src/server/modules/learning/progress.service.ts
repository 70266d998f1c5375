import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { LessonProgress, studyApi } from '~/lib/api/contract/study';
import type { ApiOutput } from '~/lib/api/types';
import {
  BEAT_CAP_S,
  boundRanges,
  FINISHED_SHARE,
  LEARN_TEXTS,
  MAX_SPEED,
  mergeRanges,
  PROGRESS_LIMITS,
  rangesLength,
  trimToBudget,
  watchedPercent,
} from '~/lib/rules/learn';
import { db } from '../../db';
import { one } from '../../db/rows';
import { lessonProgress, lessons, studyDays, users } from '../../db/schema';
import { refuse } from '../../http/errors';
import { mayWatch } from '../commerce/study.service';

/** Today in Beijing (the day 学习时长 is booked on). */
const beijingDay = sql<string>`to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

/**
 * The player's report (every ~10 s while playing, and on pause, end and leaving the page): the ranges
 * it played continuously since its last report, the position and the wall time spent playing.
 *
 * Trust: the new ranges may cover at most MAX_SPEED × the wall time since this lesson's last report
 * (capped at BEAT_CAP_S), so a client claiming an hour in one beat gets a minute at most; seeks never
 * report a range, so jumping to the end counts nothing. 学习时长 adds at most the wall time since the
 * member's last counted beat of any lesson, so two tabs playing at once count once. The member's row
 * is locked for the beat, which serialises concurrent beats. `finished` never turns back off; `ended`
 * (old clients) no longer finishes a lesson on its own.
 */
/** A report as parsed (ranges defaulted, numbers coerced). */
export type ProgressReport = z.output<(typeof studyApi)['progress']['input']>;

export async function recordProgress(userId: number, input: ProgressReport): Promise<ApiOutput<'/course/progress'>> {
  const { ok, lesson } = await mayWatch(userId, input.lesson_id);
  if (!ok) throw refuse(LEARN_TEXTS.mustOwn);
  const duration = lesson.durationS;
  return db().transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    const [[old], [beat], [clock]] = await Promise.all([
      tx
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lesson.id)))
        .limit(1),
      tx
        .select({ at: sql<string | null>`max(${studyDays.beatAt})` })
        .from(studyDays)
        .where(eq(studyDays.userId, userId)),
      tx.select({ now: sql<string>`now()`, day: beijingDay }).from(sql`(select 1) as one`),
    ]);
    const today = one(clock ? [clock] : [], 'clock');
    const now = new Date(today.now).getTime();
    const sinceLesson = old ? Math.max(0, (now - old.updatedAt.getTime()) / 1000) : BEAT_CAP_S;
    const budget = MAX_SPEED * Math.min(sinceLesson, BEAT_CAP_S);
    const fresh = trimToBudget(mergeRanges(input.ranges, duration), budget);
    const ranges = boundRanges(mergeRanges([...(old?.ranges ?? []), ...fresh], duration), PROGRESS_LIMITS.kept);
    const watched = Math.round(rangesLength(ranges));
    const finished = Boolean(old?.finished) || (duration > 0 && watched >= duration * FINISHED_SHARE);
    const position = duration > 0 ? Math.min(input.position, duration) : input.position;

    const sinceBeat = beat?.at ? Math.max(0, (now - new Date(beat.at).getTime()) / 1000) : BEAT_CAP_S;
    const claim = input.study_s ?? Math.round(rangesLength(fresh));
    const add = Math.floor(Math.min(claim, sinceBeat, BEAT_CAP_S));
    if (add > 0) {
      await tx
        .insert(studyDays)
        .values({ userId, day: today.day, seconds: add, beatAt: sql`now()` })
        .onConflictDoUpdate({
          target: [studyDays.userId, studyDays.day],
          set: { seconds: sql`${studyDays.seconds} + ${add}`, beatAt: sql`now()` },
        });
    }
    const studyS = (old?.studyS ?? 0) + Math.max(add, 0);
    await tx
      .insert(lessonProgress)
      .values({ userId, lessonId: lesson.id, courseId: lesson.courseId, position, finished, ranges, watchedS: watched, studyS })
      .onConflictDoUpdate({
        target: [lessonProgress.userId, lessonProgress.lessonId],
        set: {
          position,
          ranges,
          watchedS: watched,
          studyS: sql`${lessonProgress.studyS} + ${Math.max(add, 0)}`,
          // Never un-finishes, whatever this report says.
          finished: sql`${lessonProgress.finished} or ${finished}`,
          updatedAt: sql`now()`,
        },
      });
    return {
      lesson_id: lesson.id,
      finished: finished ? 1 : 0,
      position,
      watched_s: watched,
      percent: watchedPercent(watched, duration),
      study_s: studyS,
    };
  });
}

/** Per-lesson progress of one course for the player (resume points, watched share, ticks). */
export async function courseProgress(userId: number, courseId: number): Promise<LessonProgress[]> {
  const rows = await db()
    .select({ p: lessonProgress, duration: lessons.durationS })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)));
  return rows.map(({ p, duration }) => ({
    lesson_id: p.lessonId,
    position: p.position,
    finished: p.finished ? 1 : 0,
    watched_s: p.watchedS,
    percent: p.finished ? Math.max(watchedPercent(p.watchedS, duration), 90) : watchedPercent(p.watchedS, duration),
    study_s: p.studyS,
  }));
}
