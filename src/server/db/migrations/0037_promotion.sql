CREATE TABLE "promotion_clicks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sharer_id" integer NOT NULL,
	"visitor" varchar(32) NOT NULL,
	"visitor_user_id" integer,
	"item_kind" varchar(8) NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"sharer_id" integer NOT NULL,
	"click_id" integer,
	"commission" integer NOT NULL,
	"settled" integer DEFAULT 0 NOT NULL,
	"reversed" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "promotion_orders_amounts" CHECK ("promotion_orders"."commission" >= 0 AND "promotion_orders"."settled" >= 0 AND "promotion_orders"."reversed" >= 0 AND "promotion_orders"."reversed" <= "promotion_orders"."settled")
);
--> statement-breakpoint
CREATE TABLE "promotion_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_kind" varchar(8) NOT NULL,
	"seller_id" integer NOT NULL,
	"item_kind" varchar(8) NOT NULL,
	"item_id" integer DEFAULT 0 NOT NULL,
	"rate_bp" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_rates_bp" CHECK ("promotion_rates"."rate_bp" > 0 AND "promotion_rates"."rate_bp" <= 10000)
);
--> statement-breakpoint
ALTER TABLE "promotion_clicks" ADD CONSTRAINT "promotion_clicks_sharer_id_users_id_fk" FOREIGN KEY ("sharer_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_clicks" ADD CONSTRAINT "promotion_clicks_visitor_user_id_users_id_fk" FOREIGN KEY ("visitor_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_orders" ADD CONSTRAINT "promotion_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_orders" ADD CONSTRAINT "promotion_orders_sharer_id_users_id_fk" FOREIGN KEY ("sharer_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_orders" ADD CONSTRAINT "promotion_orders_click_id_promotion_clicks_id_fk" FOREIGN KEY ("click_id") REFERENCES "promotion_clicks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_clicks_sharer_idx" ON "promotion_clicks" USING btree ("sharer_id","id");--> statement-breakpoint
CREATE INDEX "promotion_clicks_visitor_idx" ON "promotion_clicks" USING btree ("visitor","created_at");--> statement-breakpoint
CREATE INDEX "promotion_clicks_visitor_user_idx" ON "promotion_clicks" USING btree ("visitor_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_codes_code_uq" ON "promotion_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promotion_orders_sharer_idx" ON "promotion_orders" USING btree ("sharer_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_rates_item_uq" ON "promotion_rates" USING btree ("seller_kind","seller_id","item_kind","item_id");