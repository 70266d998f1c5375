CREATE TABLE "attempt_guards" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_until" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	"pending" integer DEFAULT 0 NOT NULL,
	"pending_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_ip" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
-- Sessions from before this migration: last active = created (hand-written), so the 登录设备 list and the
-- new-device check see when they were really last known rather than the migration's time.
UPDATE "sessions" SET "last_seen_at" = "created_at";
