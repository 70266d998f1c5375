CREATE TABLE "agent_courses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agent_type" varchar(8) NOT NULL,
	"agent_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"shown" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(8) NOT NULL,
	"item_id" integer NOT NULL,
	"owner_type" varchar(8) NOT NULL,
	"owner_id" integer NOT NULL,
	"rate_bp" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_offer_rate" CHECK ("agent_offers"."rate_bp" between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "homepage_banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "homepage_banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_type" varchar(8) NOT NULL,
	"owner_id" integer NOT NULL,
	"image" text NOT NULL,
	"link" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_goods" ADD COLUMN "shown" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "coaches" ADD COLUMN "phone" varchar(11) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "coaches" ADD COLUMN "wechat" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "labels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "phone" varchar(11) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "wechat" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_courses" ADD CONSTRAINT "agent_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_courses_uq" ON "agent_courses" USING btree ("agent_type","agent_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_offers_item_uq" ON "agent_offers" USING btree ("kind","item_id");--> statement-breakpoint
CREATE INDEX "agent_offers_market_idx" ON "agent_offers" USING btree ("kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "homepage_banners_owner_idx" ON "homepage_banners" USING btree ("owner_type","owner_id","sort","id");