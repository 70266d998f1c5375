-- Live: which ingest holds a room's stream on air, and when it last confirmed it (crash reconciliation).
ALTER TABLE "live_rooms" ADD COLUMN "ingest" varchar(80) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "ingest_seen_at" timestamp with time zone;