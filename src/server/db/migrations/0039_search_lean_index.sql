DROP INDEX "search_entries_tokens_idx";--> statement-breakpoint
CREATE INDEX "search_entries_tokens_idx" ON "search_entries" USING gin ("tokens") WITH (fastupdate=true,gin_pending_list_limit=512);--> statement-breakpoint
-- Postings go in in key order (each index page is visited once per batch, not once per token), and
-- a token whose count falls to 0 loses its row (a renamed title's old words, the tokens the index
-- no longer makes).
CREATE OR REPLACE FUNCTION gf_search_postings_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_postings (token, kind, bucket, ref_id)
  SELECT t.tok, n.kind, n.rank_bucket, n.ref_id FROM new_entries AS n CROSS JOIN LATERAL unnest(n.tokens) AS t(tok) WHERE n.listed
  ORDER BY 1, 2, 3, 4
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
  DELETE FROM search_token_counts AS c
  USING (SELECT DISTINCT o.kind, t.tok FROM old_entries AS o CROSS JOIN LATERAL unnest(o.tokens) AS t(tok) WHERE o.listed) AS d
  WHERE c.kind = d.kind AND c.token = d.tok AND c.n = 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
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
  ORDER BY 1, 2, 3, 4
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
  WITH c AS (SELECT o.kind, o.ref_id, o.tokens AS old_tokens, o.rank_bucket AS old_bucket, o.listed AS old_listed,
      n.tokens AS new_tokens, n.rank_bucket AS new_bucket, n.listed AS new_listed
    FROM old_entries AS o JOIN new_entries AS n ON n.kind = o.kind AND n.ref_id = o.ref_id
    WHERE o.tokens IS DISTINCT FROM n.tokens OR o.rank_bucket <> n.rank_bucket OR o.listed <> n.listed)
  DELETE FROM search_token_counts AS s
  USING (SELECT DISTINCT c.kind, t.tok FROM c CROSS JOIN LATERAL unnest(c.old_tokens) AS t(tok) WHERE c.old_listed) AS d
  WHERE s.kind = d.kind AND s.token = d.tok AND s.n = 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every entry is written again by the drain with its new, fewer tokens (no single initials, no pairs
-- across spaces or punctuation, at most two readings of a 多音字; modules/search/README.md). Until
-- then its old tokens answer: they hold every token a search now asks for.
INSERT INTO search_queue (kind, ref_id)
SELECT 'course', id FROM courses UNION ALL SELECT 'class', id FROM classes UNION ALL SELECT 'coach', id FROM coaches
UNION ALL SELECT 'goods', id FROM goods UNION ALL SELECT 'shop', id FROM shops UNION ALL SELECT 'live', id FROM live_rooms
UNION ALL SELECT 'notice', id FROM live_notices UNION ALL SELECT 'post', id FROM circle_posts UNION ALL SELECT 'article', id FROM articles
ON CONFLICT DO NOTHING;
