CREATE TABLE "flash_buyers" (
	"flash_sale_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "flash_buyers_flash_sale_id_user_id_pk" PRIMARY KEY("flash_sale_id","user_id"),
	CONSTRAINT "flash_buyers_taken" CHECK ("flash_buyers"."taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "flash_sales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flash_sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coach_id" integer,
	"shop_id" integer,
	"kind" varchar(8) NOT NULL,
	"course_id" integer,
	"goods_id" integer,
	"sku_id" integer,
	"price" integer NOT NULL,
	"stock" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"per_member" integer DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" varchar(12) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flash_sales_item" CHECK (("flash_sales"."kind" = 'course' AND "flash_sales"."course_id" IS NOT NULL) OR ("flash_sales"."kind" = 'goods' AND "flash_sales"."sku_id" IS NOT NULL AND "flash_sales"."goods_id" IS NOT NULL)),
	CONSTRAINT "flash_sales_price" CHECK ("flash_sales"."price" > 0),
	CONSTRAINT "flash_sales_stock" CHECK ("flash_sales"."sold" >= 0 AND "flash_sales"."sold" <= "flash_sales"."stock"),
	CONSTRAINT "flash_sales_per_member" CHECK ("flash_sales"."per_member" >= 1),
	CONSTRAINT "flash_sales_span" CHECK ("flash_sales"."ends_at" > "flash_sales"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "flash_sale_id" integer;--> statement-breakpoint
ALTER TABLE "flash_buyers" ADD CONSTRAINT "flash_buyers_flash_sale_id_flash_sales_id_fk" FOREIGN KEY ("flash_sale_id") REFERENCES "flash_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_buyers" ADD CONSTRAINT "flash_buyers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flash_sales_live_idx" ON "flash_sales" USING btree ("status","ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "flash_sales_course_idx" ON "flash_sales" USING btree ("course_id","ends_at");--> statement-breakpoint
CREATE INDEX "flash_sales_goods_idx" ON "flash_sales" USING btree ("goods_id","ends_at");--> statement-breakpoint
CREATE INDEX "flash_sales_coach_idx" ON "flash_sales" USING btree ("coach_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "flash_sales_shop_idx" ON "flash_sales" USING btree ("shop_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "order_items_flash_idx" ON "order_items" USING btree ("flash_sale_id");