CREATE TABLE "certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"no" varchar(24) NOT NULL,
	"user_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	"style" varchar(16) NOT NULL,
	"duan" smallint NOT NULL,
	"holder" varchar(32) NOT NULL,
	"examiner" varchar(32) NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" varchar(200) DEFAULT '' NOT NULL,
	CONSTRAINT "certificates_no_unique" UNIQUE("no"),
	CONSTRAINT "certificates_candidate_id_unique" UNIQUE("candidate_id")
);
--> statement-breakpoint
CREATE TABLE "duan_requirements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "duan_requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"label_id" integer NOT NULL,
	"duan" smallint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"ref_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duan_requirement_duan" CHECK ("duan_requirements"."duan" BETWEEN 1 AND 9)
);
--> statement-breakpoint
CREATE TABLE "examiners" (
	"coach_id" integer PRIMARY KEY NOT NULL,
	"max_duan" smallint DEFAULT 9 NOT NULL,
	"note" varchar(100) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "examiner_max_duan" CHECK ("examiners"."max_duan" BETWEEN 1 AND 9)
);
--> statement-breakpoint
CREATE TABLE "grading_candidates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grading_candidates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"status" varchar(12) DEFAULT 'booked' NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"judged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grading_candidates_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "grading_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grading_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coach_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	"duan" smallint NOT NULL,
	"mode" varchar(8) DEFAULT 'offline' NOT NULL,
	"place" varchar(120) DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"seats" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"intro" varchar(500) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grading_seats" CHECK ("grading_sessions"."booked" >= 0 AND "grading_sessions"."booked" <= "grading_sessions"."seats"),
	CONSTRAINT "grading_duan" CHECK ("grading_sessions"."duan" BETWEEN 1 AND 9)
);
--> statement-breakpoint
CREATE TABLE "homework_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "homework_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coach_id" integer,
	"shop_id" integer,
	"course_id" integer,
	"lesson_id" integer,
	"class_id" integer,
	"title" varchar(64) NOT NULL,
	"body" varchar(500) DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_assignment_target" CHECK (("homework_assignments"."lesson_id" IS NOT NULL AND "homework_assignments"."course_id" IS NOT NULL AND "homework_assignments"."class_id" IS NULL) OR ("homework_assignments"."class_id" IS NOT NULL AND "homework_assignments"."lesson_id" IS NULL AND "homework_assignments"."course_id" IS NULL)),
	CONSTRAINT "homework_assignment_owner" CHECK ("homework_assignments"."coach_id" IS NOT NULL OR "homework_assignments"."shop_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "homework_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "homework_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assignment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"attempt" smallint DEFAULT 1 NOT NULL,
	"video_id" integer,
	"video" text DEFAULT '' NOT NULL,
	"poster" text DEFAULT '' NOT NULL,
	"duration_s" integer DEFAULT 0 NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'new' NOT NULL,
	"score" smallint,
	"verdict" varchar(8) DEFAULT '' NOT NULL,
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"marks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"voice" text DEFAULT '' NOT NULL,
	"voice_s" smallint DEFAULT 0 NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"excellent" boolean DEFAULT false NOT NULL,
	"consent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_submission_score" CHECK ("homework_submissions"."score" IS NULL OR ("homework_submissions"."score" >= 0 AND "homework_submissions"."score" <= 100))
);
--> statement-breakpoint
CREATE TABLE "lesson_chapters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lesson_chapters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lesson_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"start_s" integer NOT NULL,
	"end_s" integer,
	"note" varchar(200) DEFAULT '' NOT NULL,
	CONSTRAINT "lesson_chapter_span" CHECK ("lesson_chapters"."start_s" >= 0 AND ("lesson_chapters"."end_s" IS NULL OR "lesson_chapters"."end_s" > "lesson_chapters"."start_s"))
);
--> statement-breakpoint
CREATE TABLE "lesson_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lesson_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"at_s" integer NOT NULL,
	"body" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_notes_at" CHECK ("lesson_notes"."at_s" >= 0)
);
--> statement-breakpoint
CREATE TABLE "study_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_days_seconds" CHECK ("study_days"."seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "ranges" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "watched_s" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "study_s" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "grading_id" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_candidate_id_grading_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "grading_candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duan_requirements" ADD CONSTRAINT "duan_requirements_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examiners" ADD CONSTRAINT "examiners_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_candidates" ADD CONSTRAINT "grading_candidates_session_id_grading_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "grading_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_candidates" ADD CONSTRAINT "grading_candidates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sessions" ADD CONSTRAINT "grading_sessions_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_sessions" ADD CONSTRAINT "grading_sessions_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_assignments" ADD CONSTRAINT "homework_assignments_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_assignments" ADD CONSTRAINT "homework_assignments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_assignments" ADD CONSTRAINT "homework_assignments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_assignments" ADD CONSTRAINT "homework_assignments_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_assignments" ADD CONSTRAINT "homework_assignments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_assignment_id_homework_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "homework_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_chapters" ADD CONSTRAINT "lesson_chapters_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_days" ADD CONSTRAINT "study_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_user_idx" ON "certificates" USING btree ("user_id","issued_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "duan_requirements_uq" ON "duan_requirements" USING btree ("label_id","duan","kind","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grading_candidates_seat_uq" ON "grading_candidates" USING btree ("session_id","user_id") WHERE "grading_candidates"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "grading_candidates_user_idx" ON "grading_candidates" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "grading_sessions_list_idx" ON "grading_sessions" USING btree ("status","starts_at","id");--> statement-breakpoint
CREATE INDEX "grading_sessions_coach_idx" ON "grading_sessions" USING btree ("coach_id","starts_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "homework_assignments_lesson_idx" ON "homework_assignments" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "homework_assignments_class_idx" ON "homework_assignments" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "homework_assignments_course_idx" ON "homework_assignments" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "homework_assignments_coach_idx" ON "homework_assignments" USING btree ("coach_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "homework_assignments_shop_idx" ON "homework_assignments" USING btree ("shop_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "homework_submissions_attempt_uq" ON "homework_submissions" USING btree ("assignment_id","user_id","attempt");--> statement-breakpoint
CREATE INDEX "homework_submissions_queue_idx" ON "homework_submissions" USING btree ("assignment_id","status","id");--> statement-breakpoint
CREATE INDEX "homework_submissions_user_idx" ON "homework_submissions" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lesson_chapters_lesson_idx" ON "lesson_chapters" USING btree ("lesson_id","start_s");--> statement-breakpoint
CREATE INDEX "lesson_notes_lesson_idx" ON "lesson_notes" USING btree ("user_id","lesson_id","at_s");--> statement-breakpoint
CREATE INDEX "lesson_notes_user_idx" ON "lesson_notes" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "study_days_uq" ON "study_days" USING btree ("user_id","day");