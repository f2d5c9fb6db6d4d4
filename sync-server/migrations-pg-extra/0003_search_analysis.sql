-- Issue 20: the search indexes the analysed columns search_title / search_text (schema/text.ts, written
-- by the app with every title and description) instead of the title and description, as SQLite's FTS5
-- index does since migration 0012: the same words on both engines. Rows written before get them from the
-- server at start (repositories/search-backfill.ts), which re-indexes each through this trigger.
-- search_vocab (the catalogue's words, drizzle migration 0002) gets a trigram index for typo correction.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_vocab_trgm ON search_vocab USING gin (word gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hobbiz_search_sync() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.deleted = 0 AND OLD.active = 1;
  now_public boolean := TG_OP <> 'DELETE' AND NEW.deleted = 0 AND NEW.active = 1;
  old_size integer := 0;
  old_terms text[];
  w record;
BEGIN
  IF TG_OP = 'UPDATE' AND was AND now_public AND OLD.id = NEW.id
     AND OLD.search_title = NEW.search_title AND OLD.search_text = NEW.search_text THEN
    -- Same words: only what filters and orders read, when it changed (views and favourites do not).
    IF (OLD.owner_id, OLD.category, OLD.location, OLD.localitate, OLD.created_at, OLD.title_key)
         IS DISTINCT FROM (NEW.owner_id, NEW.category, NEW.location, NEW.localitate, NEW.created_at, NEW.title_key)
       OR OLD.price IS DISTINCT FROM NEW.price THEN
      UPDATE search_docs SET owner_id = NEW.owner_id, category = NEW.category, location = NEW.location,
        localitate = NEW.localitate, price = NEW.price, created_at = NEW.created_at, title_key = NEW.title_key
        WHERE id = NEW.id;
      UPDATE search_stats SET version = version + 1;
    END IF;
    RETURN NULL;
  END IF;
  IF NOT was AND NOT now_public THEN RETURN NULL; END IF;
  IF was AND now_public AND OLD.id = NEW.id THEN
    -- New text: the row is rewritten, and only the counters of words and beginnings that came or went
    -- change (an edit keeps most words).
    w := hobbiz_search_terms(NEW.search_title, NEW.search_text);
    SELECT size, terms INTO old_size, old_terms FROM search_docs WHERE id = OLD.id;
    UPDATE search_docs SET owner_id = NEW.owner_id, category = NEW.category, location = NEW.location,
      localitate = NEW.localitate, price = NEW.price, created_at = NEW.created_at, title_key = NEW.title_key,
      terms = w.terms, cs = w.cs, size = w.size
      WHERE id = NEW.id;
    UPDATE search_df SET docs = docs - 1 WHERE key IN (
      SELECT k FROM (SELECT hobbiz_search_keys(old_terms) EXCEPT SELECT hobbiz_search_keys(w.terms)) AS x(k) ORDER BY k);
    INSERT INTO search_df (key, docs)
      SELECT k, 1 FROM (SELECT hobbiz_search_keys(w.terms) EXCEPT SELECT hobbiz_search_keys(old_terms)) AS x(k) ORDER BY k
      ON CONFLICT (key) DO UPDATE SET docs = search_df.docs + 1;
    UPDATE search_stats SET tokens = tokens - old_size + w.size, version = version + 1;
    RETURN NULL;
  END IF;
  IF was THEN
    DELETE FROM search_docs WHERE id = OLD.id RETURNING size, terms INTO old_size, old_terms;
    UPDATE search_df SET docs = docs - 1
      WHERE key IN (SELECT k FROM hobbiz_search_keys(coalesce(old_terms, '{}')) AS k ORDER BY k);
    UPDATE search_stats SET rows = rows - 1, tokens = tokens - coalesce(old_size, 0), version = version + 1;
  END IF;
  IF now_public THEN
    w := hobbiz_search_terms(NEW.search_title, NEW.search_text);
    INSERT INTO search_docs (id, owner_id, category, location, localitate, price, created_at, title_key, terms, cs, size)
      VALUES (NEW.id, NEW.owner_id, NEW.category, NEW.location, NEW.localitate, NEW.price, NEW.created_at,
        NEW.title_key, w.terms, w.cs, w.size);
    INSERT INTO search_df (key, docs) SELECT k, 1 FROM hobbiz_search_keys(w.terms) AS k ORDER BY k
      ON CONFLICT (key) DO UPDATE SET docs = search_df.docs + 1;
    UPDATE search_stats SET rows = rows + 1, tokens = tokens + w.size, version = version + 1;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hobbiz_search_rebuild() RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
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
END
$fn$;
--> statement-breakpoint
SELECT hobbiz_search_rebuild();
