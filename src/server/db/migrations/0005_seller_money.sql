CREATE TABLE "seller_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seller_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_kind" varchar(8) NOT NULL,
	"owner_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"frozen" integer DEFAULT 0 NOT NULL,
	"withdrawn" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_accounts_non_negative" CHECK ("seller_accounts"."pending" >= 0 AND "seller_accounts"."balance" >= 0 AND "seller_accounts"."frozen" >= 0 AND "seller_accounts"."withdrawn" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seller_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seller_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"reason" varchar(20) NOT NULL,
	"pending_delta" integer DEFAULT 0 NOT NULL,
	"balance_delta" integer DEFAULT 0 NOT NULL,
	"frozen_delta" integer DEFAULT 0 NOT NULL,
	"withdrawn_delta" integer DEFAULT 0 NOT NULL,
	"pending_after" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"ref_type" varchar(16) NOT NULL,
	"ref_id" integer NOT NULL,
	"note" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_accounts" ADD CONSTRAINT "seller_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_account_id_seller_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "seller_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_accounts_owner_uq" ON "seller_accounts" USING btree ("owner_kind","owner_id");--> statement-breakpoint
CREATE INDEX "seller_accounts_user_idx" ON "seller_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_ledger_cause_uq" ON "seller_ledger" USING btree ("account_id","reason","ref_type","ref_id");--> statement-breakpoint
CREATE INDEX "seller_ledger_account_idx" ON "seller_ledger" USING btree ("account_id","id");