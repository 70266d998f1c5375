CREATE TABLE "catalogue_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(8) NOT NULL,
	"item_id" integer NOT NULL,
	"reason" varchar(200) NOT NULL,
	"staff_id" integer NOT NULL,
	"restore" jsonb DEFAULT '{"goods":[],"courses":[]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"release_note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_holds_open_uq" ON "catalogue_holds" USING btree ("kind","item_id") WHERE released_at is null;--> statement-breakpoint
CREATE INDEX "catalogue_holds_item_idx" ON "catalogue_holds" USING btree ("kind","item_id","created_at");