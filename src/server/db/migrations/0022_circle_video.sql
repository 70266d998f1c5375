ALTER TABLE "videos" ALTER COLUMN "coach_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "circle_posts" ADD COLUMN "video_id" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_user_idx" ON "videos" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_owner" CHECK ("videos"."coach_id" is not null or "videos"."user_id" is not null);