ALTER TABLE "users" ADD COLUMN "show_study" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "circle_posts" ADD COLUMN "mentions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "circle_comments_user" ON "circle_comments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "circle_posts_content_trgm" ON "circle_posts" USING gin ("content" gin_trgm_ops);