CREATE TABLE "bank_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"holder_name" varchar(20) NOT NULL,
	"bank_code" varchar(8) NOT NULL,
	"number_cipher" text NOT NULL,
	"number_hash" varchar(64) NOT NULL,
	"mask" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seller_withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"card_id" integer,
	"amount" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"bank_code" varchar(8) NOT NULL,
	"holder_name" varchar(20) NOT NULL,
	"card_mask" varchar(24) NOT NULL,
	"refuse_reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "seller_withdrawals_amount_positive" CHECK ("seller_withdrawals"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_cancel_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_cancel_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" varchar(200) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"off_goods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"off_courses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refuse_reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_account_id_seller_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "seller_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_withdrawals" ADD CONSTRAINT "seller_withdrawals_account_id_seller_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "seller_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_withdrawals" ADD CONSTRAINT "seller_withdrawals_card_id_bank_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "bank_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cancel_applications" ADD CONSTRAINT "shop_cancel_applications_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cancel_applications" ADD CONSTRAINT "shop_cancel_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_number_uq" ON "bank_cards" USING btree ("account_id","number_hash");--> statement-breakpoint
CREATE INDEX "bank_cards_account_idx" ON "bank_cards" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_withdrawals_one_pending_uq" ON "seller_withdrawals" USING btree ("account_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "seller_withdrawals_account_idx" ON "seller_withdrawals" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "seller_withdrawals_status_idx" ON "seller_withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_cancel_one_pending_uq" ON "shop_cancel_applications" USING btree ("shop_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "shop_cancel_shop_idx" ON "shop_cancel_applications" USING btree ("shop_id","id");