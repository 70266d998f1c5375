CREATE TABLE "identity_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"title" varchar(32) NOT NULL,
	"answers" jsonb NOT NULL,
	"id_number_cipher" text DEFAULT '' NOT NULL,
	"id_number_mask" varchar(24) DEFAULT '' NOT NULL,
	"refuse_reason" varchar(200) DEFAULT '' NOT NULL,
	"review_note" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"fee" integer DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_applications_kind" CHECK ("identity_applications"."kind" in ('coach', 'shop')),
	CONSTRAINT "identity_applications_fee" CHECK ("identity_applications"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "identity_applications" ADD CONSTRAINT "identity_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_applications_live_uq" ON "identity_applications" USING btree ("user_id","kind") WHERE status in ('pending', 'approved', 'settled');--> statement-breakpoint
CREATE INDEX "identity_applications_user_idx" ON "identity_applications" USING btree ("user_id","kind","id");--> statement-breakpoint
CREATE INDEX "identity_applications_queue_idx" ON "identity_applications" USING btree ("kind","status","id");