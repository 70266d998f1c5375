CREATE TABLE "videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coach_id" integer NOT NULL,
	"upload_id" varchar(64) NOT NULL,
	"name" varchar(120) DEFAULT '' NOT NULL,
	"mime" varchar(40) NOT NULL,
	"size" bigint NOT NULL,
	"original" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"poster" text DEFAULT '' NOT NULL,
	"duration_s" integer DEFAULT 0 NOT NULL,
	"width" smallint DEFAULT 0 NOT NULL,
	"height" smallint DEFAULT 0 NOT NULL,
	"status" varchar(12) DEFAULT 'processing' NOT NULL,
	"error" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_upload_id_unique" UNIQUE("upload_id")
);
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "enrol_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "video_id" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_coach_idx" ON "videos" USING btree ("coach_id","id");