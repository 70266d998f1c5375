CREATE TABLE "content_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reporter_id" integer NOT NULL,
	"target_type" varchar(12) NOT NULL,
	"target_id" integer NOT NULL,
	"target_title" varchar(64) DEFAULT '' NOT NULL,
	"reason" varchar(12) NOT NULL,
	"detail" varchar(500) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"decision_note" varchar(200) DEFAULT '' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_blocks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reason" varchar(200) NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_disputes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_disputes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" varchar(200) NOT NULL,
	"refund_reason" varchar(200) DEFAULT '' NOT NULL,
	"refusal" varchar(200) NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"decision_note" varchar(200) DEFAULT '' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawal_transfers" (
	"withdrawal_id" integer PRIMARY KEY NOT NULL,
	"reference" varchar(64) NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_disputes" ADD CONSTRAINT "refund_disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_disputes" ADD CONSTRAINT "refund_disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_transfers" ADD CONSTRAINT "withdrawal_transfers_withdrawal_id_seller_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "seller_withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_one_open_uq" ON "content_reports" USING btree ("reporter_id","target_type","target_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "content_reports_status_idx" ON "content_reports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "content_reports_target_idx" ON "content_reports" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_disputes_order_uq" ON "refund_disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refund_disputes_status_idx" ON "refund_disputes" USING btree ("status","id");