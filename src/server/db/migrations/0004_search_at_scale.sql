-- Search tokens (hand-written; see "Search and lists at scale" in docs/ARCHITECTURE.md).
-- Every character and every pair of neighbouring characters of the lower-cased fields, so that a
-- 1-character key is one token and a longer key is the set of its pairs (pg_bigm style). Used by
-- the generated search_tokens columns below and GIN-indexed.
CREATE OR REPLACE FUNCTION gf_search_tokens(VARIADIC parts text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT t.tok), '{}'::text[])
  FROM unnest(parts) AS p(part)
  CROSS JOIN LATERAL (SELECT lower(p.part) AS s) AS l
  CROSS JOIN LATERAL generate_series(1, char_length(l.s)) AS i(n)
  CROSS JOIN LATERAL (VALUES (substr(l.s, i.n, 1)), (substr(l.s, i.n, 2))) AS t(tok)
$$;--> statement-breakpoint
-- The tokens a row must have to contain `q`: the character itself, or every pair of `q`.
CREATE OR REPLACE FUNCTION gf_query_tokens(q text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN char_length(lower(q)) <= 1 THEN ARRAY[lower(q)]
    ELSE ARRAY(SELECT DISTINCT substr(lower(q), n, 2) FROM generate_series(1, char_length(lower(q)) - 1) AS n)
  END
$$;--> statement-breakpoint
CREATE TABLE "course_postings" (
	"token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"course_id" integer NOT NULL,
	CONSTRAINT "course_postings_token_created_at_course_id_pk" PRIMARY KEY("token","created_at","course_id")
);
--> statement-breakpoint
CREATE TABLE "goods_postings" (
	"token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"goods_id" integer NOT NULL,
	CONSTRAINT "goods_postings_token_created_at_goods_id_pk" PRIMARY KEY("token","created_at","goods_id")
);
--> statement-breakpoint
DROP INDEX "classes_title_trgm";--> statement-breakpoint
DROP INDEX "courses_list_idx";--> statement-breakpoint
DROP INDEX "courses_title_trgm";--> statement-breakpoint
DROP INDEX "goods_list_idx";--> statement-breakpoint
DROP INDEX "goods_title_trgm";--> statement-breakpoint
DROP INDEX "classes_list_idx";--> statement-breakpoint
DROP INDEX "coaches_list_idx";--> statement-breakpoint
DROP INDEX "courses_coach_idx";--> statement-breakpoint
DROP INDEX "goods_shop_idx";--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "search_tokens" text[] GENERATED ALWAYS AS (gf_search_tokens(title, venue)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "coaches" ADD COLUMN "search_tokens" text[] GENERATED ALWAYS AS (gf_search_tokens(name, title, styles::text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "lesson_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_tokens" text[] GENERATED ALWAYS AS (gf_search_tokens(title, summary)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "search_tokens" text[] GENERATED ALWAYS AS (gf_search_tokens(title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "search_tokens" text[] GENERATED ALWAYS AS (gf_search_tokens(name, intro)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "classes_coach_idx" ON "classes" USING btree ("coach_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "classes_search_idx" ON "classes" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "coaches_search_idx" ON "coaches" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "courses_new_idx" ON "courses" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_hot_idx" ON "courses" USING btree ("status","sales" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_price_idx" ON "courses" USING btree ("status","price","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_shop_idx" ON "courses" USING btree ("shop_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_search_idx" ON "courses" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "goods_new_idx" ON "goods" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "goods_category_idx" ON "goods" USING btree ("status","category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "goods_hot_idx" ON "goods" USING btree ("status","sales" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "goods_price_idx" ON "goods" USING btree ("status","price","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "goods_search_idx" ON "goods" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "shops_list_idx" ON "shops" USING btree ("status","fans_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "shops_search_idx" ON "shops" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "classes_list_idx" ON "classes" USING btree ("status","starts_at","id");--> statement-breakpoint
CREATE INDEX "coaches_list_idx" ON "coaches" USING btree ("status","sort" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "courses_coach_idx" ON "courses" USING btree ("coach_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "goods_shop_idx" ON "goods" USING btree ("shop_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- courses.lesson_count, kept by statement-level triggers on lessons (one UPDATE per statement,
-- whatever the number of rows), so lists read a column instead of counting lessons per row.
UPDATE courses c SET lesson_count = (SELECT count(*)::int FROM lessons l WHERE l.course_id = c.id);--> statement-breakpoint
CREATE OR REPLACE FUNCTION gf_lessons_counted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE courses c SET lesson_count = c.lesson_count + d.n
    FROM (SELECT course_id, count(*)::int AS n FROM new_lessons GROUP BY course_id) AS d
    WHERE c.id = d.course_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE courses c SET lesson_count = greatest(c.lesson_count - d.n, 0)
    FROM (SELECT course_id, count(*)::int AS n FROM old_lessons GROUP BY course_id) AS d
    WHERE c.id = d.course_id;
  ELSE
    UPDATE courses c SET lesson_count = greatest(c.lesson_count + d.n, 0)
    FROM (
      SELECT course_id, sum(n)::int AS n FROM (
        SELECT course_id, count(*) AS n FROM new_lessons GROUP BY course_id
        UNION ALL
        SELECT course_id, -count(*) FROM old_lessons GROUP BY course_id
      ) AS x GROUP BY course_id HAVING sum(n) <> 0
    ) AS d
    WHERE c.id = d.course_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lessons_counted_insert AFTER INSERT ON lessons REFERENCING NEW TABLE AS new_lessons
  FOR EACH STATEMENT EXECUTE FUNCTION gf_lessons_counted();--> statement-breakpoint
CREATE TRIGGER lessons_counted_delete AFTER DELETE ON lessons REFERENCING OLD TABLE AS old_lessons
  FOR EACH STATEMENT EXECUTE FUNCTION gf_lessons_counted();--> statement-breakpoint
CREATE TRIGGER lessons_counted_update AFTER UPDATE ON lessons REFERENCING OLD TABLE AS old_lessons NEW TABLE AS new_lessons
  FOR EACH STATEMENT EXECUTE FUNCTION gf_lessons_counted();
--> statement-breakpoint
-- goods_postings / course_postings: the search tokens of every listed row (status 1) in list order
-- (see the tables in schema/catalogue.ts). New rows are posted once per INSERT statement; a row
-- whose tokens, status or created_at change is re-posted; a deleted row takes its postings along.
CREATE OR REPLACE FUNCTION gf_goods_postings_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO goods_postings (token, created_at, goods_id)
  SELECT unnest(n.search_tokens), n.created_at, n.id FROM new_goods AS n WHERE n.status = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION gf_goods_postings_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 1 THEN
    DELETE FROM goods_postings
    WHERE token = ANY (OLD.search_tokens) AND created_at = OLD.created_at AND goods_id = OLD.id;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = 1 THEN
    INSERT INTO goods_postings (token, created_at, goods_id)
    SELECT unnest(NEW.search_tokens), NEW.created_at, NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER goods_postings_insert AFTER INSERT ON goods REFERENCING NEW TABLE AS new_goods
  FOR EACH STATEMENT EXECUTE FUNCTION gf_goods_postings_insert();--> statement-breakpoint
CREATE TRIGGER goods_postings_update AFTER UPDATE ON goods FOR EACH ROW
  WHEN (OLD.search_tokens IS DISTINCT FROM NEW.search_tokens OR OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION gf_goods_postings_change();--> statement-breakpoint
CREATE TRIGGER goods_postings_delete AFTER DELETE ON goods FOR EACH ROW WHEN (OLD.status = 1)
  EXECUTE FUNCTION gf_goods_postings_change();--> statement-breakpoint
INSERT INTO goods_postings (token, created_at, goods_id)
SELECT unnest(g.search_tokens), g.created_at, g.id FROM goods AS g WHERE g.status = 1;--> statement-breakpoint
CREATE OR REPLACE FUNCTION gf_course_postings_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO course_postings (token, created_at, course_id)
  SELECT unnest(n.search_tokens), n.created_at, n.id FROM new_courses AS n WHERE n.status = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION gf_course_postings_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 1 THEN
    DELETE FROM course_postings
    WHERE token = ANY (OLD.search_tokens) AND created_at = OLD.created_at AND course_id = OLD.id;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = 1 THEN
    INSERT INTO course_postings (token, created_at, course_id)
    SELECT unnest(NEW.search_tokens), NEW.created_at, NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER course_postings_insert AFTER INSERT ON courses REFERENCING NEW TABLE AS new_courses
  FOR EACH STATEMENT EXECUTE FUNCTION gf_course_postings_insert();--> statement-breakpoint
CREATE TRIGGER course_postings_update AFTER UPDATE ON courses FOR EACH ROW
  WHEN (OLD.search_tokens IS DISTINCT FROM NEW.search_tokens OR OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION gf_course_postings_change();--> statement-breakpoint
CREATE TRIGGER course_postings_delete AFTER DELETE ON courses FOR EACH ROW WHEN (OLD.status = 1)
  EXECUTE FUNCTION gf_course_postings_change();--> statement-breakpoint
INSERT INTO course_postings (token, created_at, course_id)
SELECT unnest(c.search_tokens), c.created_at, c.id FROM courses AS c WHERE c.status = 1;
