CREATE TABLE "order_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"refund_no" varchar(32) NOT NULL,
	"order_id" integer NOT NULL,
	"method" varchar(12) NOT NULL,
	"amount" integer NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"provider_ref" varchar(64) DEFAULT '' NOT NULL,
	"failure" varchar(200) DEFAULT '' NOT NULL,
	"approved_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "order_refunds_refund_no_unique" UNIQUE("refund_no")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_refusal" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agent_kind" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agent_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agent_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_order_uq" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_status_idx" ON "order_refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_shop_idx" ON "orders" USING btree ("shop_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_coach_idx" ON "orders" USING btree ("coach_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_agent_idx" ON "orders" USING btree ("agent_kind","agent_id","id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agent_bp_range" CHECK ("orders"."agent_bp" >= 0 AND "orders"."agent_bp" <= 10000);