CREATE TABLE "circle_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"parent_id" integer,
	"reply_to_user_id" integer,
	"content" varchar(500) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circle_likes" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "circle_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content" varchar(2000) DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"city" varchar(20) DEFAULT '' NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_posts_counts" CHECK ("circle_posts"."likes" >= 0 AND "circle_posts"."comments" >= 0)
);
--> statement-breakpoint
ALTER TABLE "circle_comments" ADD CONSTRAINT "circle_comments_post_id_circle_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "circle_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_comments" ADD CONSTRAINT "circle_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_likes" ADD CONSTRAINT "circle_likes_post_id_circle_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "circle_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_likes" ADD CONSTRAINT "circle_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_posts" ADD CONSTRAINT "circle_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_comments_post" ON "circle_comments" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "circle_posts_feed" ON "circle_posts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "circle_posts_user" ON "circle_posts" USING btree ("user_id","id");