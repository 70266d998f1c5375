import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { classes, coaches, courses, labels, lessons, shops } from './catalogue';
import { users } from './users';
import type { CritiqueMark } from '../../../lib/rules/critique';

/** 招式: a move the coach marked on a lesson's timeline (seconds). */
export const lessonChapters = pgTable(
  'lesson_chapters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
    startS: integer('start_s').notNull(),
    /** Where the move ends; null = at the next move (or the lesson's end). */
    endS: integer('end_s'),
    note: varchar('note', { length: 200 }).notNull().default(''),
  },
  (t) => [
    index('lesson_chapters_lesson_idx').on(t.lessonId, t.startS),
    check('lesson_chapter_span', sql`${t.startS} >= 0 AND (${t.endS} IS NULL OR ${t.endS} > ${t.startS})`),
  ],
);

/**
 * A member's study time per day (学习时长, 学习动态). `beatAt` is the last counted heartbeat of any lesson:
 * a beat adds at most the wall time since it, so two tabs playing at once do not count twice.
 */
export const studyDays = pgTable(
  'study_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: integer('seconds').notNull().default(0),
    beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('study_days_uq').on(t.userId, t.day), check('study_days_seconds', sql`${t.seconds} >= 0`)],
);

/** A private note at a moment of a lesson. */
export const lessonNotes = pgTable(
  'lesson_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    atS: integer('at_s').notNull(),
    body: varchar('body', { length: 500 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lesson_notes_lesson_idx').on(t.userId, t.lessonId, t.atS),
    index('lesson_notes_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    check('lesson_notes_at', sql`${t.atS} >= 0`),
  ],
);

/**
 * 作业: what a coach (or shop) asks the learners of a lesson or a class to practise and film.
 * Exactly one of `lessonId` (with its `courseId`) or `classId` is set; the owner is the course's or
 * class's owner, copied here so queues filter without a join. status 1 open, 0 withdrawn.
 */
export const homeworkAssignments = pgTable(
  'homework_assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    coachId: integer('coach_id').references(() => coaches.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'cascade' }),
    classId: integer('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 64 }).notNull(),
    body: varchar('body', { length: 500 }).notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true }),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('homework_assignments_lesson_idx').on(t.lessonId),
    index('homework_assignments_class_idx').on(t.classId),
    index('homework_assignments_course_idx').on(t.courseId),
    index('homework_assignments_coach_idx').on(t.coachId, t.id.desc().nullsFirst()),
    index('homework_assignments_shop_idx').on(t.shopId, t.id.desc().nullsFirst()),
    check(
      'homework_assignment_target',
      sql`(${t.lessonId} IS NOT NULL AND ${t.courseId} IS NOT NULL AND ${t.classId} IS NULL) OR (${t.classId} IS NOT NULL AND ${t.lessonId} IS NULL AND ${t.courseId} IS NULL)`,
    ),
    check('homework_assignment_owner', sql`${t.coachId} IS NOT NULL OR ${t.shopId} IS NOT NULL`),
  ],
);

/**
 * A learner's practice video for an assignment (one row per attempt) and the coach's critique of it.
 * status: new → reviewed (a guarded update; a re-review updates the critique in place).
 * `video` is a private media key (`/uploads/videos/…`), handed out only through signed URLs.
 * `marks` are the critique's timestamped comments and drawings (vector data, SPEC-free: lib/rules/critique.ts).
 * `excellent` is the coach's 优秀作业 mark; it shows on the course page only while `consent` is set by the learner.
 */
export const homeworkSubmissions = pgTable(
  'homework_submissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => homeworkAssignments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempt: smallint('attempt').notNull().default(1),
    /** The uploaded video (`videos.id`) and what plays. */
    videoId: integer('video_id'),
    video: text('video').notNull().default(''),
    poster: text('poster').notNull().default(''),
    durationS: integer('duration_s').notNull().default(0),
    note: varchar('note', { length: 200 }).notNull().default(''),
    status: varchar('status', { length: 12 }).notNull().default('new'),
    score: smallint('score'),
    /** 合格 | 需改进 ('' until reviewed). */
    verdict: varchar('verdict', { length: 8 }).notNull().default(''),
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    marks: jsonb('marks')
      .$type<CritiqueMark[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The coach's recorded voice comment (private media key) and its length. */
    voice: text('voice').notNull().default(''),
    voiceS: smallint('voice_s').notNull().default(0),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    excellent: boolean('excellent').notNull().default(false),
    consent: boolean('consent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('homework_submissions_attempt_uq').on(t.assignmentId, t.userId, t.attempt),
    index('homework_submissions_queue_idx').on(t.assignmentId, t.status, t.id),
    index('homework_submissions_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    check('homework_submission_score', sql`${t.score} IS NULL OR (${t.score} >= 0 AND ${t.score} <= 100)`),
  ],
);

/**
 * 段位 requirements per style (a course label) and 段 (1–9): a course or lesson to complete, or an
 * assignment to pass (a reviewed 合格 submission), e.g. a 套路 to demonstrate.
 * kind: course | lesson | homework; `refId` is that row's id; `name` is what the path shows.
 */
export const duanRequirements = pgTable(
  'duan_requirements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    labelId: integer('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    duan: smallint('duan').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    refId: integer('ref_id').notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('duan_requirements_uq').on(t.labelId, t.duan, t.kind, t.refId),
    check('duan_requirement_duan', sql`${t.duan} BETWEEN 1 AND 9`),
  ],
);

/** 考评员: coaches an operator allows to publish grading sessions, up to a 段. */
export const examiners = pgTable(
  'examiners',
  {
    coachId: integer('coach_id')
      .primaryKey()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    maxDuan: smallint('max_duan').notNull().default(9),
    note: varchar('note', { length: 100 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('examiner_max_duan', sql`${t.maxDuan} BETWEEN 1 AND 9`)],
);

/**
 * 考评: a grading session an examiner publishes. Seats are taken by a conditional update of `booked`
 * when the order is placed (as class seats are), so concurrent bookers never exceed `seats`.
 * mode: offline (at `place`) | online (by homework video). Fee in fen. status 1 open, 0 cancelled, 2 finished.
 */
export const gradingSessions = pgTable(
  'grading_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    coachId: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    labelId: integer('label_id')
      .notNull()
      .references(() => labels.id),
    duan: smallint('duan').notNull(),
    mode: varchar('mode', { length: 8 }).notNull().default('offline'),
    place: varchar('place', { length: 120 }).notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    seats: integer('seats').notNull(),
    booked: integer('booked').notNull().default(0),
    price: integer('price').notNull().default(0),
    intro: varchar('intro', { length: 500 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('grading_sessions_list_idx').on(t.status, t.startsAt, t.id),
    index('grading_sessions_coach_idx').on(t.coachId, t.startsAt.desc().nullsFirst()),
    check('grading_seats', sql`${t.booked} >= 0 AND ${t.booked} <= ${t.seats}`),
    check('grading_duan', sql`${t.duan} BETWEEN 1 AND 9`),
  ],
);

/**
 * A booked seat at a grading session (one per paid order), its grading video (online) and its result.
 * status: booked → passed | failed; booked → cancelled (order closed or refunded; the seat returns).
 */
export const gradingCandidates = pgTable(
  'grading_candidates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => gradingSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').notNull().unique(),
    status: varchar('status', { length: 12 }).notNull().default('booked'),
    note: varchar('note', { length: 200 }).notNull().default(''),
    /**
     * An online 考评's grading video: the candidate's own upload (`videos.id`) and what plays, a
     * private media key handed out only as signed URLs (as a homework attempt's). Replaceable until judged.
     */
    videoId: integer('video_id'),
    video: text('video').notNull().default(''),
    poster: text('poster').notNull().default(''),
    durationS: integer('duration_s').notNull().default(0),
    videoAt: timestamp('video_at', { withTimezone: true }),
    judgedAt: timestamp('judged_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('grading_candidates_seat_uq')
      .on(t.sessionId, t.userId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('grading_candidates_user_idx').on(t.userId, t.id.desc().nullsFirst()),
  ],
);

/**
 * 段位证书: issued once per passed candidate. `no` is random and unguessable (the public page `/cert/<no>`);
 * the name, style and examiner are copied as they were when issued. A revoked certificate still answers,
 * saying it was revoked.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    no: varchar('no', { length: 24 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    candidateId: integer('candidate_id')
      .notNull()
      .unique()
      .references(() => gradingCandidates.id),
    labelId: integer('label_id').notNull(),
    style: varchar('style', { length: 16 }).notNull(),
    duan: smallint('duan').notNull(),
    /** The name the member chose to show on it. */
    holder: varchar('holder', { length: 32 }).notNull(),
    examiner: varchar('examiner', { length: 32 }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: varchar('revoke_reason', { length: 200 }).notNull().default(''),
  },
  (t) => [index('certificates_user_idx').on(t.userId, t.issuedAt.desc().nullsFirst())],
);
