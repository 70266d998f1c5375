CREATE TABLE "im_blacklist" (
	"user_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "im_blacklist_user_id_blocked_id_pk" PRIMARY KEY("user_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "im_friend_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "im_friend_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"from_user" integer NOT NULL,
	"to_user" integer NOT NULL,
	"wording" varchar(120) DEFAULT '' NOT NULL,
	"remark" varchar(32) DEFAULT '' NOT NULL,
	"group_name" varchar(30) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "im_friend_groups" (
	"user_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "im_friend_groups_user_id_name_pk" PRIMARY KEY("user_id","name")
);
--> statement-breakpoint
CREATE TABLE "im_friends" (
	"user_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"remark" varchar(32) DEFAULT '' NOT NULL,
	"group_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "im_friends_user_id_friend_id_pk" PRIMARY KEY("user_id","friend_id")
);
--> statement-breakpoint
CREATE TABLE "im_group_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "im_group_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" varchar(48) NOT NULL,
	"user_id" integer NOT NULL,
	"wording" varchar(120) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"handled_by" integer,
	"handle_message" varchar(120) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "im_group_members" (
	"group_id" varchar(48) NOT NULL,
	"user_id" integer NOT NULL,
	"role" varchar(8) DEFAULT 'Member' NOT NULL,
	"name_card" varchar(32) DEFAULT '' NOT NULL,
	"mute_until" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "im_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "im_groups" (
	"id" varchar(48) PRIMARY KEY NOT NULL,
	"type" varchar(16) NOT NULL,
	"name" varchar(30) NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"introduction" varchar(240) DEFAULT '' NOT NULL,
	"notification" varchar(300) DEFAULT '' NOT NULL,
	"owner_id" integer NOT NULL,
	"join_option" varchar(16) DEFAULT 'NeedPermission' NOT NULL,
	"mute_all" boolean DEFAULT false NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"max_members" integer DEFAULT 2000 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "im_message_hides" (
	"user_id" integer NOT NULL,
	"message_id" bigint NOT NULL,
	CONSTRAINT "im_message_hides_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "im_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "im_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"thread_key" varchar(64) NOT NULL,
	"seq" integer NOT NULL,
	"from_user" integer,
	"type" varchar(32) NOT NULL,
	"payload" jsonb NOT NULL,
	"cloud_custom_data" text DEFAULT '' NOT NULL,
	"client_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
CREATE TABLE "im_thread_members" (
	"thread_key" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"peer_id" integer,
	"read_seq" integer DEFAULT 0 NOT NULL,
	"cleared_seq" integer DEFAULT 0 NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"remind" smallint DEFAULT 0 NOT NULL,
	"joined_seq" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"left_seq" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "im_thread_members_thread_key_user_id_pk" PRIMARY KEY("thread_key","user_id")
);
--> statement-breakpoint
CREATE TABLE "im_threads" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"group_id" varchar(48),
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_message_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "im_blacklist" ADD CONSTRAINT "im_blacklist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_blacklist" ADD CONSTRAINT "im_blacklist_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_friend_applications" ADD CONSTRAINT "im_friend_applications_from_user_users_id_fk" FOREIGN KEY ("from_user") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_friend_applications" ADD CONSTRAINT "im_friend_applications_to_user_users_id_fk" FOREIGN KEY ("to_user") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_friend_groups" ADD CONSTRAINT "im_friend_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_friends" ADD CONSTRAINT "im_friends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_friends" ADD CONSTRAINT "im_friends_friend_id_users_id_fk" FOREIGN KEY ("friend_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_group_applications" ADD CONSTRAINT "im_group_applications_group_id_im_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "im_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_group_applications" ADD CONSTRAINT "im_group_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_group_members" ADD CONSTRAINT "im_group_members_group_id_im_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "im_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_group_members" ADD CONSTRAINT "im_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_groups" ADD CONSTRAINT "im_groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_message_hides" ADD CONSTRAINT "im_message_hides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_message_hides" ADD CONSTRAINT "im_message_hides_message_id_im_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "im_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_messages" ADD CONSTRAINT "im_messages_thread_key_im_threads_key_fk" FOREIGN KEY ("thread_key") REFERENCES "im_threads"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_thread_members" ADD CONSTRAINT "im_thread_members_thread_key_im_threads_key_fk" FOREIGN KEY ("thread_key") REFERENCES "im_threads"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "im_thread_members" ADD CONSTRAINT "im_thread_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "im_friend_applications_pending_uq" ON "im_friend_applications" USING btree ("from_user","to_user") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "im_friend_applications_to_idx" ON "im_friend_applications" USING btree ("to_user","status");--> statement-breakpoint
CREATE INDEX "im_friends_friend_idx" ON "im_friends" USING btree ("friend_id");--> statement-breakpoint
CREATE UNIQUE INDEX "im_group_applications_pending_uq" ON "im_group_applications" USING btree ("group_id","user_id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "im_group_applications_group_idx" ON "im_group_applications" USING btree ("group_id","status");--> statement-breakpoint
CREATE INDEX "im_group_members_user_idx" ON "im_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "im_groups_owner_idx" ON "im_groups" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "im_messages_thread_seq_uq" ON "im_messages" USING btree ("thread_key","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "im_messages_client_uq" ON "im_messages" USING btree ("from_user","client_id");--> statement-breakpoint
CREATE INDEX "im_thread_members_user_idx" ON "im_thread_members" USING btree ("user_id","updated_at");