CREATE TABLE "group_buy_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_buy_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"leader_id" integer NOT NULL,
	"size" smallint NOT NULL,
	"price" integer NOT NULL,
	"reserved" smallint DEFAULT 0 NOT NULL,
	"paid" smallint DEFAULT 0 NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"formed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_buy_groups_slots" CHECK ("group_buy_groups"."paid" >= 0 AND "group_buy_groups"."paid" <= "group_buy_groups"."reserved" AND "group_buy_groups"."reserved" <= "group_buy_groups"."size")
);
--> statement-breakpoint
CREATE TABLE "group_buys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_buys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coach_id" integer,
	"shop_id" integer,
	"kind" varchar(8) NOT NULL,
	"course_id" integer,
	"class_id" integer,
	"price" integer NOT NULL,
	"size" smallint NOT NULL,
	"limit_hours" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" varchar(8) DEFAULT 'active' NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_buys_item" CHECK (("group_buys"."kind" = 'course' AND "group_buys"."course_id" IS NOT NULL) OR ("group_buys"."kind" = 'class' AND "group_buys"."class_id" IS NOT NULL)),
	CONSTRAINT "group_buys_size" CHECK ("group_buys"."size" BETWEEN 2 AND 10),
	CONSTRAINT "group_buys_price" CHECK ("group_buys"."price" > 0),
	CONSTRAINT "group_buys_window" CHECK ("group_buys"."ends_at" > "group_buys"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "on_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "group_buy_groups" ADD CONSTRAINT "group_buy_groups_campaign_id_group_buys_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "group_buys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_groups" ADD CONSTRAINT "group_buy_groups_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buys" ADD CONSTRAINT "group_buys_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buys" ADD CONSTRAINT "group_buys_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buys" ADD CONSTRAINT "group_buys_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buys" ADD CONSTRAINT "group_buys_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_buy_groups_campaign_idx" ON "group_buy_groups" USING btree ("campaign_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "group_buy_groups_due_idx" ON "group_buy_groups" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "group_buys_coach_idx" ON "group_buys" USING btree ("coach_id","id");--> statement-breakpoint
CREATE INDEX "group_buys_shop_idx" ON "group_buys" USING btree ("shop_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_buys_course_active_uq" ON "group_buys" USING btree ("course_id") WHERE "group_buys"."status" = 'active' AND "group_buys"."course_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "group_buys_class_active_uq" ON "group_buys" USING btree ("class_id") WHERE "group_buys"."status" = 'active' AND "group_buys"."class_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_group_member_uq" ON "orders" USING btree ("group_id","user_id") WHERE "orders"."group_id" IS NOT NULL AND "orders"."status" IN ('unpaid', 'paid', 'refunding', 'completed');