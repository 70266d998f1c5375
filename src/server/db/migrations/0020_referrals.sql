CREATE TABLE "referrals" (
	"invitee_id" integer PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"via" varchar(8) DEFAULT 'phone' NOT NULL,
	"order_id" integer,
	"coins" integer DEFAULT 0 NOT NULL,
	"rewarded_at" timestamp with time zone,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."invitee_id" <> "referrals"."inviter_id")
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_inviter" ON "referrals" USING btree ("inviter_id","created_at");