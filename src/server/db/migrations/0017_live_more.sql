CREATE TABLE "live_bookings" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_bookings_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_gift_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"session_id" integer,
	"gift_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"anchor_user_id" integer NOT NULL,
	"num" integer NOT NULL,
	"coins" integer NOT NULL,
	"anchor_fen" integer NOT NULL,
	"platform_fen" integer NOT NULL,
	"idem_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_gift_sends_positive" CHECK ("live_gift_sends"."num" > 0 AND "live_gift_sends"."coins" > 0)
);
--> statement-breakpoint
CREATE TABLE "live_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(10) NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"animation" text DEFAULT '' NOT NULL,
	"coins" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_gifts_coins_positive" CHECK ("live_gifts"."coins" > 0)
);
--> statement-breakpoint
CREATE TABLE "live_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"title" varchar(40) NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"intro" varchar(200) DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"status" varchar(10) DEFAULT 'waiting' NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_notices_status_check" CHECK ("live_notices"."status" in ('waiting', 'started', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "live_room_bans" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_room_bans_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "im_group_id" varchar(64);--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "category" varchar(12) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "shelf" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "peak_viewers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "likes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "gift_coins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "record_status" varchar(10) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "record_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "poster" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_bookings" ADD CONSTRAINT "live_bookings_notice_id_live_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "live_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bookings" ADD CONSTRAINT "live_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_gift_sends" ADD CONSTRAINT "live_gift_sends_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "live_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_gift_sends" ADD CONSTRAINT "live_gift_sends_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "live_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_gift_sends" ADD CONSTRAINT "live_gift_sends_gift_id_live_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "live_gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_gift_sends" ADD CONSTRAINT "live_gift_sends_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_gift_sends" ADD CONSTRAINT "live_gift_sends_anchor_user_id_users_id_fk" FOREIGN KEY ("anchor_user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_notices" ADD CONSTRAINT "live_notices_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "live_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_bans" ADD CONSTRAINT "live_room_bans_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "live_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room_bans" ADD CONSTRAINT "live_room_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_bookings_user" ON "live_bookings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_gift_sends_idem" ON "live_gift_sends" USING btree ("sender_id","idem_key");--> statement-breakpoint
CREATE INDEX "live_gift_sends_room" ON "live_gift_sends" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "live_gift_sends_session" ON "live_gift_sends" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "live_gift_sends_anchor" ON "live_gift_sends" USING btree ("anchor_user_id","id");--> statement-breakpoint
CREATE INDEX "live_notices_room" ON "live_notices" USING btree ("room_id","start_at");--> statement-breakpoint
CREATE INDEX "live_notices_start" ON "live_notices" USING btree ("status","start_at");--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_record_check" CHECK ("live_sessions"."record_status" in ('none', 'recording', 'ready', 'failed'));