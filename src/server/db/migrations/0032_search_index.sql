CREATE TABLE "search_entries" (
	"kind" varchar(8) NOT NULL,
	"ref_id" integer NOT NULL,
	"title" varchar(120) NOT NULL,
	"heading" varchar(200) NOT NULL,
	"heading_py" text DEFAULT '' NOT NULL,
	"heading_ini" varchar(200) DEFAULT '' NOT NULL,
	"body" varchar(400) DEFAULT '' NOT NULL,
	"tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"rank_bucket" smallint DEFAULT 0 NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"visible_until" timestamp with time zone,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_entries_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "search_postings" (
	"token" text NOT NULL,
	"kind" varchar(8) NOT NULL,
	"bucket" smallint NOT NULL,
	"ref_id" integer NOT NULL,
	CONSTRAINT "search_postings_token_kind_bucket_ref_id_pk" PRIMARY KEY("token","kind","bucket","ref_id")
);
--> statement-breakpoint
CREATE TABLE "search_queue" (
	"kind" varchar(8) NOT NULL,
	"ref_id" integer NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_queue_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "search_token_counts" (
	"kind" varchar(8) NOT NULL,
	"token" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "search_token_counts_kind_token_pk" PRIMARY KEY("kind","token")
);
--> statement-breakpoint
CREATE INDEX "search_entries_tokens_idx" ON "search_entries" USING gin ("tokens") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_entries_popular_idx" ON "search_entries" USING btree ("kind","rank_bucket" DESC NULLS LAST,"ref_id" DESC NULLS LAST) WHERE "search_entries"."listed";--> statement-breakpoint
CREATE INDEX "search_queue_order_idx" ON "search_queue" USING btree ("queued_at");--> statement-breakpoint
-- The site search's queue (modules/search/index.service.ts): every write of a searchable row queues
-- its (kind, id) in the writer's transaction. ON CONFLICT DO UPDATE (not DO NOTHING) takes the queue
-- row's lock, so a drain cannot take the row and read the source before this write commits.
CREATE OR REPLACE FUNCTION gf_search_queue() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_queue (kind, ref_id)
  VALUES (TG_ARGV[0], CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)
  ON CONFLICT (kind, ref_id) DO UPDATE SET queued_at = search_queue.queued_at;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A coach's or shop's name is part of its live room's and 直播预告's heading.
CREATE OR REPLACE FUNCTION gf_search_queue_owner() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_queue (kind, ref_id)
  SELECT 'live', r.id FROM live_rooms r WHERE r.owner_kind = TG_ARGV[0] AND r.owner_id = NEW.id
  UNION ALL
  SELECT 'notice', n.id FROM live_notices n JOIN live_rooms r ON r.id = n.room_id
  WHERE r.owner_kind = TG_ARGV[0] AND r.owner_id = NEW.id AND n.status = 'waiting'
  ON CONFLICT (kind, ref_id) DO UPDATE SET queued_at = search_queue.queued_at;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER courses_search AFTER INSERT OR DELETE OR UPDATE OF title, summary, sales, status ON courses
  FOR EACH ROW EXECUTE FUNCTION gf_search_queue('course');--> statement-breakpoint
CREATE TRIGGER classes_search AFTER INSERT OR DELETE OR UPDATE OF title, style, venue, city, address, enrolled, status ON classes
  FOR EACH ROW EXECUTE FUNCTION gf_search_queue('class');--> statement-breakpoint
CREATE TRIGGER coaches_search AFTER INSERT OR DELETE OR UPDATE OF name, styles, title, intro, fans_count, status ON coaches
  FOR EACH ROW EXECUTE FUNCTION gf_search_queue('coach');--> statement-breakpoint
CREATE TRIGGER coaches_search_owner AFTER UPDATE OF name ON coaches
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION gf_search_queue_owner('coach');--> statement-breakpoint
CREATE TRIGGER goods_search AFTER INSERT OR DELETE OR UPDATE OF title, sales, status ON goods
  FOR EACH ROW EXECUTE FUNCTION gf_search_queue('goods');--> statement-breakpoint
CREATE TRIGGER shops_search AFTER INSERT OR DELETE OR UPDATE OF name, labels, intro, fans_count, status ON shops
  FOR EACH ROW EXECUTE FUNCTION gf_search_queue('shop');--> statement-breakpoint
CREATE TRIGGER shops_search_owner AFTER UPDATE OF name ON shops
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION gf_search_queue_owner('shop');--> statement-breakpoint
CREATE TRIGGER live_rooms_search AFTER INSERT OR DELETE OR UPDATE OF title, category, status, owner_kind, owner_id ON live_rooms
  FOR EACH ROW EXECUTE FUNCTION gf_search_queue('live');--> statement-breakpoint
CREATE TRIGGER live_notices_search AFTER INSERT OR DELETE OR UPDATE OF title, intro, bookings, status, start_at, room_id ON live_notices
  FOR EACH ROW EXECUTE FUNCTION gf_search_queue('notice');--> statement-breakpoint
CREATE TRIGGER circle_posts_search AFTER INSERT OR DELETE OR UPDATE OF content, tags, likes, comments, status ON circle_posts
  FOR EACH ROW EXECUTE FUNCTION gf_search_queue('post');--> statement-breakpoint
CREATE TRIGGER articles_search AFTER INSERT OR DELETE OR UPDATE OF title, summary, views, status ON articles
  FOR EACH ROW EXECUTE FUNCTION gf_search_queue('article');--> statement-breakpoint
-- search_postings and search_token_counts follow the listed entries' tokens, once per statement
-- (the drain writes a batch in one statement; one drain runs at a time, so counts never deadlock).
CREATE OR REPLACE FUNCTION gf_search_postings_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_postings (token, kind, bucket, ref_id)
  SELECT t.tok, n.kind, n.rank_bucket, n.ref_id FROM new_entries AS n CROSS JOIN LATERAL unnest(n.tokens) AS t(tok) WHERE n.listed
  ON CONFLICT DO NOTHING;
  INSERT INTO search_token_counts (kind, token, n)
  SELECT n.kind, t.tok, count(*)::int FROM new_entries AS n CROSS JOIN LATERAL unnest(n.tokens) AS t(tok) WHERE n.listed
  GROUP BY n.kind, t.tok ORDER BY n.kind, t.tok
  ON CONFLICT (kind, token) DO UPDATE SET n = search_token_counts.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION gf_search_postings_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings AS p USING old_entries AS o CROSS JOIN LATERAL unnest(o.tokens) AS t(tok)
  WHERE o.listed AND p.token = t.tok AND p.kind = o.kind AND p.bucket = o.rank_bucket AND p.ref_id = o.ref_id;
  UPDATE search_token_counts AS c SET n = greatest(0, c.n - d.n)
  FROM (SELECT o.kind, t.tok, count(*)::int AS n FROM old_entries AS o CROSS JOIN LATERAL unnest(o.tokens) AS t(tok)
        WHERE o.listed GROUP BY o.kind, t.tok) AS d
  WHERE c.kind = d.kind AND c.token = d.tok;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An update re-posts only the entries whose tokens, bucket or listing changed (a popularity change
-- inside its bucket, or a new title body, moves no posting).
CREATE OR REPLACE FUNCTION gf_search_postings_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH c AS (SELECT o.kind, o.ref_id, o.tokens AS old_tokens, o.rank_bucket AS old_bucket, o.listed AS old_listed,
      n.tokens AS new_tokens, n.rank_bucket AS new_bucket, n.listed AS new_listed
    FROM old_entries AS o JOIN new_entries AS n ON n.kind = o.kind AND n.ref_id = o.ref_id
    WHERE o.tokens IS DISTINCT FROM n.tokens OR o.rank_bucket <> n.rank_bucket OR o.listed <> n.listed)
  DELETE FROM search_postings AS p USING c CROSS JOIN LATERAL unnest(c.old_tokens) AS t(tok)
  WHERE c.old_listed AND p.token = t.tok AND p.kind = c.kind AND p.bucket = c.old_bucket AND p.ref_id = c.ref_id;
  WITH c AS (SELECT o.kind, o.ref_id, o.tokens AS old_tokens, o.rank_bucket AS old_bucket, o.listed AS old_listed,
      n.tokens AS new_tokens, n.rank_bucket AS new_bucket, n.listed AS new_listed
    FROM old_entries AS o JOIN new_entries AS n ON n.kind = o.kind AND n.ref_id = o.ref_id
    WHERE o.tokens IS DISTINCT FROM n.tokens OR o.rank_bucket <> n.rank_bucket OR o.listed <> n.listed)
  INSERT INTO search_postings (token, kind, bucket, ref_id)
  SELECT t.tok, c.kind, c.new_bucket, c.ref_id FROM c CROSS JOIN LATERAL unnest(c.new_tokens) AS t(tok) WHERE c.new_listed
  ON CONFLICT DO NOTHING;
  WITH c AS (SELECT o.kind, o.ref_id, o.tokens AS old_tokens, o.rank_bucket AS old_bucket, o.listed AS old_listed,
      n.tokens AS new_tokens, n.rank_bucket AS new_bucket, n.listed AS new_listed
    FROM old_entries AS o JOIN new_entries AS n ON n.kind = o.kind AND n.ref_id = o.ref_id
    WHERE o.tokens IS DISTINCT FROM n.tokens OR o.rank_bucket <> n.rank_bucket OR o.listed <> n.listed)
  INSERT INTO search_token_counts (kind, token, n)
  SELECT kind, tok, sum(d)::int FROM (
    SELECT c.kind, t.tok, 1 AS d FROM c CROSS JOIN LATERAL unnest(c.new_tokens) AS t(tok) WHERE c.new_listed
    UNION ALL
    SELECT c.kind, t.tok, -1 FROM c CROSS JOIN LATERAL unnest(c.old_tokens) AS t(tok) WHERE c.old_listed
  ) AS x GROUP BY kind, tok HAVING sum(d) <> 0 ORDER BY kind, tok
  ON CONFLICT (kind, token) DO UPDATE SET n = greatest(0, search_token_counts.n + excluded.n);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER search_entries_postings_insert AFTER INSERT ON search_entries REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION gf_search_postings_insert();--> statement-breakpoint
CREATE TRIGGER search_entries_postings_delete AFTER DELETE ON search_entries REFERENCING OLD TABLE AS old_entries
  FOR EACH STATEMENT EXECUTE FUNCTION gf_search_postings_delete();--> statement-breakpoint
CREATE TRIGGER search_entries_postings_update AFTER UPDATE ON search_entries REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION gf_search_postings_update();--> statement-breakpoint
-- What already exists is indexed by the first drain after this migration.
INSERT INTO search_queue (kind, ref_id)
SELECT 'course', id FROM courses UNION ALL SELECT 'class', id FROM classes UNION ALL SELECT 'coach', id FROM coaches
UNION ALL SELECT 'goods', id FROM goods UNION ALL SELECT 'shop', id FROM shops UNION ALL SELECT 'live', id FROM live_rooms
UNION ALL SELECT 'notice', id FROM live_notices UNION ALL SELECT 'post', id FROM circle_posts UNION ALL SELECT 'article', id FROM articles
ON CONFLICT DO NOTHING;
