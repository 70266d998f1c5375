import { and, asc, count, desc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { CoachCourse, CoachCourseItem, CoachLesson, CourseSaveInput, VideoInfo } from '~/lib/api/contract/seller-content';
import { LESSON_LIMITS, OFF_SALE, ON_SALE, SC_TEXTS } from '~/lib/rules/seller-content';
import { db, type Tx } from '../../db';
import { courseAccess, courses, labels, lessons, orderItems, orders, videos } from '../../db/schema';
import { notFound, refuse } from '../../http/errors';
import { normaliseStoredPath, viewableUrl } from '../../providers/storage';
import { sanitizeRichText } from '../../security/sanitize';
import { pageOf, type Page } from '../catalogue/listing';
import { refuseIfHeld } from '../admin-content/catalogue.admin';
import { invalidateCatalogue } from '../catalogue/invalidate';
import { ownVideo, videoInfo } from '../upload/video.service';

/*
 * A coach's courses and lessons. Every query filters by the coach id derived from the
 * session; a course of another coach is "not found". A new course starts off sale (status 0) so a
 * half-written course never appears in the catalogue; the coach puts it on sale once it has a lesson.
 * A course with buyers cannot be deleted, only taken off sale — buyers keep watching it.
 */

type CourseRow = typeof courses.$inferSelect;

const buyersOf = (courseId: typeof courses.id) =>
  sql<number>`(select count(*)::int from ${courseAccess} where ${courseAccess.courseId} = ${courseId})`;

/** One of the coach's courses, or 404. */
async function ownCourse(coachId: number, id: number, tx: Tx | ReturnType<typeof db> = db()): Promise<CourseRow> {
  const [c] = await tx
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), eq(courses.coachId, coachId)))
    .limit(1);
  if (!c) throw notFound(SC_TEXTS.courseGone);
  return c;
}

function item(c: Omit<CourseRow, 'searchTokens'>, buyers: number): CoachCourseItem {
  return {
    id: c.id,
    title: c.title,
    cover: c.cover,
    price: c.price,
    level: c.level,
    status: c.status === ON_SALE ? 1 : 0,
    lesson_count: c.lessonCount,
    sales: c.sales,
    buyers,
    created_at: c.createdAt.toISOString(),
  };
}

/** /coach/courseList: newest first, on sale and off sale, with buyer counts. */
export async function coachCourses(
  coachId: number,
  status: 'all' | 'on' | 'off',
  page: number,
  limit: number,
): Promise<Page<CoachCourseItem>> {
  const where = and(
    eq(courses.coachId, coachId),
    status === 'on' ? eq(courses.status, ON_SALE) : status === 'off' ? ne(courses.status, ON_SALE) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: courses.id,
        title: courses.title,
        cover: courses.cover,
        price: courses.price,
        level: courses.level,
        status: courses.status,
        lessonCount: courses.lessonCount,
        sales: courses.sales,
        createdAt: courses.createdAt,
        buyers: buyersOf(courses.id),
      })
      .from(courses)
      .where(where)
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(courses).where(where),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      title: r.title,
      cover: r.cover,
      price: r.price,
      level: r.level,
      status: r.status === ON_SALE ? 1 : 0,
      lesson_count: r.lessonCount,
      sales: r.sales,
      buyers: r.buyers,
      created_at: r.createdAt.toISOString(),
    })),
    { total: total?.n ?? 0, capped: false },
    page,
    limit,
  );
}

/** /coach/courseInfo. */
export async function coachCourse(coachId: number, id: number): Promise<CoachCourse> {
  const c = await ownCourse(coachId, id);
  const [b] = await db().select({ n: count() }).from(courseAccess).where(eq(courseAccess.courseId, id));
  return { ...item(c, b?.n ?? 0), summary: c.summary, intro: c.intro, label_ids: c.labelIds, vip_free: c.vipFree ? 1 : 0 };
}

/** /coach/courseSave: a new course (off sale) or an edit of the coach's own. */
export async function saveCourse(coachId: number, input: CourseSaveInput): Promise<{ id: number }> {
  const cover = normaliseStoredPath(input.cover);
  if (!cover) throw refuse(SC_TEXTS.coverBad);
  const labelIds = [...new Set(input.label_ids)];
  if (labelIds.length) {
    const found = await db().select({ id: labels.id }).from(labels).where(inArray(labels.id, labelIds));
    if (found.length !== labelIds.length) throw refuse(SC_TEXTS.labelBad);
  }
  const values = {
    title: input.title,
    cover,
    labelIds,
    level: input.level,
    price: input.price,
    summary: input.summary,
    intro: sanitizeRichText(input.intro),
    // VIP免费 is the owner's choice (they give up sales to members); a free course needs no flag.
    ...(input.vip_free === undefined ? {} : { vipFree: input.vip_free === 1 && input.price > 0 }),
  };
  let id: number;
  if (input.id) {
    const rows = await db()
      .update(courses)
      .set(values)
      .where(and(eq(courses.id, input.id), eq(courses.coachId, coachId)))
      .returning({ id: courses.id });
    if (!rows[0]) throw notFound(SC_TEXTS.courseGone);
    id = rows[0].id;
  } else {
    const rows = await db()
      .insert(courses)
      .values({ ...values, coachId, status: OFF_SALE })
      .returning({ id: courses.id });
    if (!rows[0]) throw new Error('course insert returned nothing');
    id = rows[0].id;
  }
  invalidateCatalogue();
  return { id };
}

/** /coach/courseStatus: on sale needs at least one lesson; taking off sale keeps buyers' access. */
export async function setCourseStatus(coachId: number, id: number, status: 0 | 1): Promise<{ id: number; status: 0 | 1 }> {
  const c = await ownCourse(coachId, id);
  if (status === ON_SALE && c.lessonCount === 0) throw refuse(SC_TEXTS.noLessonsToSell);
  // A course the platform took down comes back only from the console.
  if (status === ON_SALE) await refuseIfHeld('course', id, c.shopId);
  await db()
    .update(courses)
    .set({ status })
    .where(and(eq(courses.id, id), eq(courses.coachId, coachId), ne(courses.status, status)));
  invalidateCatalogue();
  return { id, status };
}

/**
 * /coach/courseDelete: only an off-sale course nobody has bought and with no order waiting for
 * payment or refund. Off sale first means no new order can start (checkout needs status 1), so the
 * checks below, run in one transaction holding the course row, see every order there will be.
 */
export async function deleteCourse(coachId: number, id: number): Promise<null> {
  await db().transaction(async (tx) => {
    const [c] = await tx
      .select({ id: courses.id, status: courses.status })
      .from(courses)
      .where(and(eq(courses.id, id), eq(courses.coachId, coachId)))
      .for('update')
      .limit(1);
    if (!c) throw notFound(SC_TEXTS.courseGone);
    if (c.status === ON_SALE) throw refuse(SC_TEXTS.offSaleFirst);
    const [bought] = await tx.select({ n: count() }).from(courseAccess).where(eq(courseAccess.courseId, id));
    if ((bought?.n ?? 0) > 0) throw refuse(SC_TEXTS.hasBuyers);
    const [open] = await tx
      .select({ n: count() })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.courseId, id), inArray(orders.status, ['unpaid', 'paid', 'refunding'])));
    if ((open?.n ?? 0) > 0) throw refuse(SC_TEXTS.hasPending);
    await tx.delete(courses).where(eq(courses.id, id));
  });
  invalidateCatalogue();
  return null;
}

/* ---------------- lessons ---------------- */

type LessonRow = typeof lessons.$inferSelect;

async function lessonOut(l: LessonRow, videoStatus: string | null): Promise<CoachLesson> {
  return {
    id: l.id,
    course_id: l.courseId,
    title: l.title,
    sort: l.sort,
    is_free: l.isFree ? 1 : 0,
    duration: l.durationS,
    video_id: l.videoId,
    video: await viewableUrl(l.video),
    video_status: (l.videoId ? (videoStatus ?? 'failed') : l.video ? 'ready' : 'none') as CoachLesson['video_status'],
  };
}

const head = (c: CourseRow) => ({ id: c.id, title: c.title, status: (c.status === ON_SALE ? 1 : 0) as 0 | 1, cover: c.cover });

/** /coach/lessonList: the course's lessons in play order. */
export async function coachLessons(coachId: number, courseId: number) {
  const c = await ownCourse(coachId, courseId);
  const rows = await db()
    .select({ l: lessons, vs: videos.status })
    .from(lessons)
    .leftJoin(videos, eq(videos.id, lessons.videoId))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.sort), asc(lessons.id));
  return { course: head(c), list: await Promise.all(rows.map((r) => lessonOut(r.l, r.vs))) };
}

/** A lesson of one of the coach's courses, with its course, or 404. */
async function ownLesson(coachId: number, id: number): Promise<{ l: LessonRow; c: CourseRow }> {
  const [r] = await db()
    .select({ l: lessons, c: courses })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, id), eq(courses.coachId, coachId)))
    .limit(1);
  if (!r) throw notFound(SC_TEXTS.lessonGone);
  return r;
}

/** /coach/lessonInfo. */
export async function coachLesson(coachId: number, id: number) {
  const { l, c } = await ownLesson(coachId, id);
  const v = l.videoId ? ((await db().select().from(videos).where(eq(videos.id, l.videoId)).limit(1))[0] ?? null) : null;
  return { ...(await lessonOut(l, v?.status ?? null)), course: head(c), video_info: v ? await videoInfo(v) : null };
}

/** /coach/videoInfo: the lesson's video as the coach sees it. */
export async function lessonVideo(coachId: number, lessonId: number, ffmpeg: boolean) {
  const { l, c } = await ownLesson(coachId, lessonId);
  const v = l.videoId ? ((await db().select().from(videos).where(eq(videos.id, l.videoId)).limit(1))[0] ?? null) : null;
  const video: VideoInfo | null = v ? await videoInfo(v) : null;
  // The lesson part is the lesson list's own view (lessonOut), so both pages agree on whether there is a video —
  // also for a lesson that points at a file without an upload record (the seed's shared demo video).
  const { id, title, video: path, video_status, duration } = await lessonOut(l, v?.status ?? null);
  return {
    lesson: { id, title, course_id: c.id, course_title: c.title, video: path, video_status, duration },
    video,
    ffmpeg: (ffmpeg ? 1 : 0) as 0 | 1,
  };
}

/** /coach/lessonSave: a new lesson (last unless `sort` is given) or an edit; the video must be the coach's own. */
export async function saveLesson(
  coachId: number,
  input: {
    course_id: number;
    id?: number | undefined;
    title: string;
    sort?: number | undefined;
    is_free: boolean;
    video_id: number | null;
  },
): Promise<{ id: number }> {
  await ownCourse(coachId, input.course_id);
  let video = { video: '', durationS: 0 };
  if (input.video_id) {
    const v = await ownVideo(coachId, input.video_id);
    if (v.status === 'failed') throw refuse(SC_TEXTS.videoFailed);
    video = { video: v.path, durationS: v.durationS };
  }
  const id = await db().transaction(async (tx) => {
    // One writer per course at a time, so two new lessons never take the same place.
    await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, input.course_id)).for('update');
    if (input.id) {
      const [l] = await tx
        .select()
        .from(lessons)
        .where(and(eq(lessons.id, input.id), eq(lessons.courseId, input.course_id)))
        .limit(1);
      if (!l) throw notFound(SC_TEXTS.lessonGone);
      // The same video (or still none chosen) keeps what the lesson has: what processing wrote, or a file the
      // lesson points at without an upload record (the seed's demo video), which the form cannot send back.
      const keepVideo = input.video_id === l.videoId;
      await tx
        .update(lessons)
        .set({
          title: input.title,
          isFree: input.is_free,
          ...(input.sort !== undefined ? { sort: input.sort } : {}),
          // An unchanged video keeps what processing wrote; a new one (or none) replaces it.
          ...(keepVideo ? {} : { videoId: input.video_id, video: video.video, durationS: video.durationS }),
        })
        .where(eq(lessons.id, l.id));
      return l.id;
    }
    const [n] = await tx
      .select({ n: count(), last: max(lessons.sort) })
      .from(lessons)
      .where(eq(lessons.courseId, input.course_id));
    if ((n?.n ?? 0) >= LESSON_LIMITS.perCourse) throw refuse(SC_TEXTS.lessonsFull);
    const sort = input.sort ?? (n?.last ?? -1) + 1;
    const [row] = await tx
      .insert(lessons)
      .values({ courseId: input.course_id, title: input.title, sort, isFree: input.is_free, videoId: input.video_id, ...video })
      .returning({ id: lessons.id });
    if (!row) throw new Error('lesson insert returned nothing');
    return row.id;
  });
  invalidateCatalogue();
  return { id };
}

/** /coach/lessonDelete. */
export async function deleteLesson(coachId: number, id: number): Promise<null> {
  const { l } = await ownLesson(coachId, id);
  await db().delete(lessons).where(eq(lessons.id, l.id));
  invalidateCatalogue();
  return null;
}

/** /coach/lessonSort: the full new order of the course's lessons (each id exactly once). */
export async function sortLessons(coachId: number, courseId: number, ids: number[]): Promise<null> {
  await ownCourse(coachId, courseId);
  await db().transaction(async (tx) => {
    await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
    const current = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId));
    const have = new Set(current.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.length !== have.size || ids.some((i) => !have.has(i))) throw refuse(SC_TEXTS.sortList);
    for (const [i, lessonId] of ids.entries()) await tx.update(lessons).set({ sort: i }).where(eq(lessons.id, lessonId));
  });
  invalidateCatalogue();
  return null;
}
