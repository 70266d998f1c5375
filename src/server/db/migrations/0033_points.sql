CREATE TABLE "points_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_balance_non_negative" CHECK ("points_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(8) NOT NULL,
	"title" varchar(32) NOT NULL,
	"coupon_template_id" integer,
	"sku_id" integer,
	"points" integer NOT NULL,
	"stock" integer NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"per_member" integer DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_items_stock_non_negative" CHECK ("points_items"."stock" >= 0),
	CONSTRAINT "points_items_points_positive" CHECK ("points_items"."points" > 0),
	CONSTRAINT "points_items_per_member_positive" CHECK ("points_items"."per_member" >= 1),
	CONSTRAINT "points_items_kind_target" CHECK (("points_items"."kind" in ('coupon', 'course') and "points_items"."coupon_template_id" is not null) or ("points_items"."kind" = 'goods' and "points_items"."sku_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" varchar(16) NOT NULL,
	"ref_type" varchar(16) NOT NULL,
	"ref_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"note" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_delta_nonzero" CHECK ("points_ledger"."delta" <> 0),
	CONSTRAINT "points_ledger_balance_non_negative" CHECK ("points_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"title" varchar(32) NOT NULL,
	"points" integer NOT NULL,
	"user_coupon_id" integer,
	"address" jsonb,
	"status" varchar(8) NOT NULL,
	"express_company" varchar(32) DEFAULT '' NOT NULL,
	"express_no" varchar(40) DEFAULT '' NOT NULL,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_signins" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_signins_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "points_signins_streak_positive" CHECK ("points_signins"."streak" >= 1)
);
--> statement-breakpoint
ALTER TABLE "points_accounts" ADD CONSTRAINT "points_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_items" ADD CONSTRAINT "points_items_coupon_template_id_coupon_templates_id_fk" FOREIGN KEY ("coupon_template_id") REFERENCES "coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_items" ADD CONSTRAINT "points_items_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redemptions" ADD CONSTRAINT "points_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redemptions" ADD CONSTRAINT "points_redemptions_item_id_points_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "points_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redemptions" ADD CONSTRAINT "points_redemptions_user_coupon_id_user_coupons_id_fk" FOREIGN KEY ("user_coupon_id") REFERENCES "user_coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_signins" ADD CONSTRAINT "points_signins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_once" ON "points_ledger" USING btree ("user_id","reason","ref_type","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_first_order_once" ON "points_ledger" USING btree ("user_id") WHERE "points_ledger"."reason" = 'first_order';--> statement-breakpoint
CREATE INDEX "points_ledger_user" ON "points_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "points_redemptions_user" ON "points_redemptions" USING btree ("user_id","item_id");--> statement-breakpoint
CREATE INDEX "points_redemptions_status" ON "points_redemptions" USING btree ("status","id");