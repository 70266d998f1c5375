CREATE TABLE "course_token_counts" (
	"token" text PRIMARY KEY NOT NULL,
	"postings" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_token_counts" (
	"token" text PRIMARY KEY NOT NULL,
	"postings" integer NOT NULL
);
--> statement-breakpoint
-- goods_token_counts / course_token_counts: postings per token (hand-written; see "Search and lists
-- at scale" in docs/ARCHITECTURE.md). One upsert per statement on the postings, a token's change
-- summed; rows are taken in token order, so two writers of overlapping tokens never deadlock. The
-- counts table is the trigger's argument.
CREATE OR REPLACE FUNCTION gf_token_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO %I AS c (token, postings)
     SELECT d.token, %s count(*)::int FROM %I AS d GROUP BY d.token ORDER BY d.token
     ON CONFLICT (token) DO UPDATE SET postings = c.postings + excluded.postings',
    TG_ARGV[0],
    CASE WHEN TG_OP = 'INSERT' THEN '' ELSE '-' END,
    CASE WHEN TG_OP = 'INSERT' THEN 'added' ELSE 'removed' END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER goods_token_counts_insert AFTER INSERT ON goods_postings REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION gf_token_counts('goods_token_counts');--> statement-breakpoint
CREATE TRIGGER goods_token_counts_delete AFTER DELETE ON goods_postings REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION gf_token_counts('goods_token_counts');--> statement-breakpoint
CREATE TRIGGER course_token_counts_insert AFTER INSERT ON course_postings REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION gf_token_counts('course_token_counts');--> statement-breakpoint
CREATE TRIGGER course_token_counts_delete AFTER DELETE ON course_postings REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION gf_token_counts('course_token_counts');--> statement-breakpoint
INSERT INTO goods_token_counts (token, postings)
SELECT token, count(*)::int FROM goods_postings GROUP BY token;--> statement-breakpoint
INSERT INTO course_token_counts (token, postings)
SELECT token, count(*)::int FROM course_postings GROUP BY token;
