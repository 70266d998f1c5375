DROP INDEX "circle_posts_content_trgm";--> statement-breakpoint
ALTER TABLE "circle_posts" ADD COLUMN "search_tokens" text[] GENERATED ALWAYS AS (gf_search_tokens(content)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "circle_posts_search_idx" ON "circle_posts" USING gin ("search_tokens") WITH (fastupdate=false);