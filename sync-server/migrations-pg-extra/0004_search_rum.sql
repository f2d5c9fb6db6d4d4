-- Issue 20: broad words in an order without reading every match. A GIN index finds the rows holding the
-- words but keeps nothing of their order, so the newest 5,000 matches of 'reparatii' (relevance's
-- candidates) or its most expensive ones meant reading tens of thousands of wide rows (270–460 ms at 1M).
-- A RUM index (Debian's postgresql-15-rum; extension `rum`) stores a number beside each word's rows and
-- gives the matches ordered by it, reading only the rows it returns. Three such numbers, each exact to the
-- second or the millisecond of created_at (ties past them are settled by the search, search-pg-rum.ts):
-- - k_new: created_at in ms (the newest matches: relevance's candidates);
-- - k_pdesc: price · 2^33 + the second of created_at (price descending, newest first within a price);
-- - k_pasc: price · 2^33 + (2^33 − 1 − that second) (price ascending, newest first within a price).
-- Prices stop at 1,000,000 (< 2^20), so every key is below 2^53: exact as the float8 distances RUM orders by.
-- Without the extension (a managed PostgreSQL that does not offer it) the columns are still kept and the
-- search goes on with the GIN index alone.
CREATE OR REPLACE FUNCTION hobbiz_ms(t text) RETURNS bigint
-- created_at is written by the app as an ISO 8601 UTC string ('…Z'), read alike whatever DateStyle or
-- TimeZone: immutable in practice, as a generated column needs.
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT (extract(epoch FROM t::timestamptz) * 1000)::bigint
$fn$;
--> statement-breakpoint
ALTER TABLE search_docs
  ADD COLUMN IF NOT EXISTS k_new bigint GENERATED ALWAYS AS (hobbiz_ms(created_at)) STORED,
  ADD COLUMN IF NOT EXISTS k_pdesc bigint
    GENERATED ALWAYS AS (price * 8589934592 + hobbiz_ms(created_at) / 1000) STORED,
  ADD COLUMN IF NOT EXISTS k_pasc bigint
    GENERATED ALWAYS AS (price * 8589934592 + (8589934591 - hobbiz_ms(created_at) / 1000)) STORED;
--> statement-breakpoint
DO $do$
BEGIN
  CREATE EXTENSION IF NOT EXISTS rum;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'rum is not available (%): the search uses the GIN index alone', SQLERRM;
END
$do$;
--> statement-breakpoint
-- The GIN index moves to `strip(doc)` (the same words: `doc` has no positions), which plain matches name
-- (search-pg-sql.ts): on `doc` itself the planner took the RUM indexes for them too, ten times slower.
CREATE INDEX IF NOT EXISTS search_docs_words_gin ON search_docs USING gin (strip(doc));
--> statement-breakpoint
DROP INDEX IF EXISTS search_docs_words;
--> statement-breakpoint
-- The three RUM indexes, when the extension is there (also called by hobbiz_search_rebuild, which drops
-- them while it refills the table: built at once they take minutes at 1M, row by row far longer).
CREATE OR REPLACE FUNCTION hobbiz_search_rum_indexes() RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'rum') THEN RETURN; END IF;
  EXECUTE 'CREATE INDEX IF NOT EXISTS search_docs_rum_new ON search_docs
    USING rum (doc rum_tsvector_addon_ops, k_new) WITH (attach = ''k_new'', to = ''doc'')';
  EXECUTE 'CREATE INDEX IF NOT EXISTS search_docs_rum_pdesc ON search_docs
    USING rum (doc rum_tsvector_addon_ops, k_pdesc) WITH (attach = ''k_pdesc'', to = ''doc'')';
  EXECUTE 'CREATE INDEX IF NOT EXISTS search_docs_rum_pasc ON search_docs
    USING rum (doc rum_tsvector_addon_ops, k_pasc) WITH (attach = ''k_pasc'', to = ''doc'')';
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hobbiz_search_rebuild() RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  DROP INDEX IF EXISTS search_docs_rum_new, search_docs_rum_pdesc, search_docs_rum_pasc;
  TRUNCATE search_docs, search_df;
  INSERT INTO search_docs (id, owner_id, category, location, localitate, price, created_at, title_key, terms, cs, size)
    SELECT a.id, a.owner_id, a.category, a.location, a.localitate, a.price, a.created_at, a.title_key,
      w.terms, w.cs, w.size
    FROM announcements a, LATERAL hobbiz_search_terms(a.search_title, a.search_text) w
    WHERE a.deleted = 0 AND a.active = 1;
  INSERT INTO search_df (key, docs)
    SELECT k, count(*) FROM search_docs d, LATERAL hobbiz_search_keys(d.terms) AS k GROUP BY k;
  UPDATE search_stats SET rows = (SELECT count(*) FROM search_docs),
    tokens = (SELECT coalesce(sum(size), 0) FROM search_docs), version = version + 1;
  PERFORM hobbiz_search_rum_indexes();
END
$fn$;
--> statement-breakpoint
SELECT hobbiz_search_rum_indexes();
