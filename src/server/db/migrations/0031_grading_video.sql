ALTER TABLE "grading_candidates" ADD COLUMN "video_id" integer;--> statement-breakpoint
ALTER TABLE "grading_candidates" ADD COLUMN "video" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "grading_candidates" ADD COLUMN "poster" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "grading_candidates" ADD COLUMN "duration_s" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "grading_candidates" ADD COLUMN "video_at" timestamp with time zone;