CREATE TABLE "live_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_kind" varchar(8) NOT NULL,
	"owner_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(40) NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"status" varchar(8) DEFAULT 'idle' NOT NULL,
	"stream" varchar(64) NOT NULL,
	"session_id" integer,
	"ban_reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_rooms_status_check" CHECK ("live_rooms"."status" in ('idle', 'live', 'banned')),
	CONSTRAINT "live_rooms_kind_check" CHECK ("live_rooms"."owner_kind" in ('coach', 'shop'))
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"title" varchar(40) NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_s" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_rooms" ADD CONSTRAINT "live_rooms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "live_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_rooms_owner" ON "live_rooms" USING btree ("owner_kind","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_rooms_stream" ON "live_rooms" USING btree ("stream");--> statement-breakpoint
CREATE INDEX "live_rooms_status" ON "live_rooms" USING btree ("status");--> statement-breakpoint
CREATE INDEX "live_sessions_room" ON "live_sessions" USING btree ("room_id","id");