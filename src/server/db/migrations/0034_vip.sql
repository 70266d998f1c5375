CREATE TABLE "vip_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vip_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"days" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reminded_for" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vip_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(8) NOT NULL,
	"name" varchar(16) NOT NULL,
	"days" integer NOT NULL,
	"price" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_plans_price_positive" CHECK ("vip_plans"."price" > 0),
	CONSTRAINT "vip_plans_days_positive" CHECK ("vip_plans"."days" > 0)
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "vip_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "vip_price" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vip_plan_id" integer;--> statement-breakpoint
ALTER TABLE "vip_grants" ADD CONSTRAINT "vip_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_members" ADD CONSTRAINT "vip_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vip_grants_order_uq" ON "vip_grants" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "vip_grants_user_idx" ON "vip_grants" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "vip_members_ends_idx" ON "vip_members" USING btree ("ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_plans_code_uq" ON "vip_plans" USING btree ("code");--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "sku_vip_price_range" CHECK ("skus"."vip_price" is null or "skus"."vip_price" > 0);--> statement-breakpoint
-- hand-written
-- The two fixed VIP plans (modules/vip): the console edits their price and turns them on; they start off sale.
INSERT INTO "vip_plans" ("code", "name", "days", "price", "enabled", "sort") VALUES
  ('month', '月度会员', 30, 2500, false, 1),
  ('year', '年度会员', 365, 19800, false, 2)
ON CONFLICT ("code") DO NOTHING;
