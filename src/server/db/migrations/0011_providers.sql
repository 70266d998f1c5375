CREATE TABLE "provider_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"contact" varchar(20) NOT NULL,
	"phone" varchar(11) NOT NULL,
	"city" varchar(16) NOT NULL,
	"intro" varchar(500) NOT NULL,
	"licence" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"refuse_reason" varchar(200) DEFAULT '' NOT NULL,
	"review_note" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_team" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_team_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider_id" integer NOT NULL,
	"coach_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'invited' NOT NULL,
	"message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "service_providers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"contact" varchar(20) DEFAULT '' NOT NULL,
	"phone" varchar(11) DEFAULT '' NOT NULL,
	"city" varchar(16) DEFAULT '' NOT NULL,
	"intro" varchar(500) DEFAULT '' NOT NULL,
	"commission_bp" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"application_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_providers_commission_bp" CHECK ("service_providers"."commission_bp" >= 0 AND "service_providers"."commission_bp" <= 10000)
);
--> statement-breakpoint
ALTER TABLE "provider_applications" ADD CONSTRAINT "provider_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_team" ADD CONSTRAINT "provider_team_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_team" ADD CONSTRAINT "provider_team_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_team" ADD CONSTRAINT "provider_team_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_applications_one_pending_uq" ON "provider_applications" USING btree ("user_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "provider_applications_user_idx" ON "provider_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "provider_applications_status_idx" ON "provider_applications" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_team_one_active_uq" ON "provider_team" USING btree ("coach_id") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "provider_team_one_invite_uq" ON "provider_team" USING btree ("provider_id","coach_id") WHERE status = 'invited';--> statement-breakpoint
CREATE INDEX "provider_team_provider_idx" ON "provider_team" USING btree ("provider_id","status","id");--> statement-breakpoint
CREATE INDEX "provider_team_message_idx" ON "provider_team" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_providers_user_uq" ON "service_providers" USING btree ("user_id");