-- Issue 20: the full-text index reads the analysed columns search_title / search_text (schema/text.ts:
-- every content word under its folded form, Snowball stem and light stem, stop words left out) instead of
-- the title and description; the app writes them with every title or description. Rows written before
-- this migration get them from the server at start (repositories/search-backfill.ts), which re-indexes
-- each through the update trigger. The FTS5 columns keep their names (title, description, facets).
-- search_vocab: the catalogue's words, for typo correction; search_vocab_tri: its trigram index.
CREATE TABLE `search_vocab` (
	`word` text PRIMARY KEY NOT NULL,
	`docs` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `announcements` ADD `search_title` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `announcements` ADD `search_text` text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_vocab_tri` USING fts5(word, content='search_vocab', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `search_vocab_ai` AFTER INSERT ON `search_vocab` BEGIN
  INSERT INTO search_vocab_tri(rowid, word) VALUES (new.rowid, new.word);
END;
--> statement-breakpoint
CREATE TRIGGER `search_vocab_ad` AFTER DELETE ON `search_vocab` BEGIN
  INSERT INTO search_vocab_tri(search_vocab_tri, rowid, word) VALUES ('delete', old.rowid, old.word);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `announcements_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `announcements_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `announcements_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `announcements_fts`;
--> statement-breakpoint
DROP VIEW IF EXISTS `announcements_public_text`;
--> statement-breakpoint
CREATE VIEW `announcements_public_text` (`rid`, `title`, `description`, `facets`) AS
  SELECT rowid, search_title, search_text,
    'xc' || hex(category) || ' xj' || hex(location) || ' xl' || hex(location) || 'x' || hex(localitate) || ' xp' || CASE WHEN price IS NULL THEN 'none' WHEN price = 0 THEN 'free' WHEN price > 0 AND price <= 50 THEN 'under50' WHEN price > 50 AND price <= 100 THEN 'under100' WHEN price > 100 THEN 'over100' ELSE 'other' END || ' xo' || hex(owner_id)
  FROM announcements WHERE deleted = 0 AND active = 1;
--> statement-breakpoint
CREATE VIRTUAL TABLE `announcements_fts` USING fts5(title, description, facets, content='announcements_public_text', content_rowid='rid', tokenize='unicode61 remove_diacritics 2', prefix='1 2 3 4 5 6');
--> statement-breakpoint
CREATE TRIGGER `announcements_fts_ai` AFTER INSERT ON `announcements`
WHEN new.deleted = 0 AND new.active = 1 BEGIN
  INSERT INTO announcements_fts(rowid, title, description, facets)
    SELECT rid, title, description, facets FROM announcements_public_text WHERE rid = new.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `announcements_fts_ad` AFTER DELETE ON `announcements`
WHEN old.deleted = 0 AND old.active = 1 BEGIN
  INSERT INTO announcements_fts(announcements_fts, rowid, title, description, facets)
    VALUES ('delete', old.rowid, old.search_title, old.search_text,
      'xc' || hex(old.category) || ' xj' || hex(old.location) || ' xl' || hex(old.location) || 'x' || hex(old.localitate) || ' xp' || CASE WHEN old.price IS NULL THEN 'none' WHEN old.price = 0 THEN 'free' WHEN old.price > 0 AND old.price <= 50 THEN 'under50' WHEN old.price > 50 AND old.price <= 100 THEN 'under100' WHEN old.price > 100 THEN 'over100' ELSE 'other' END || ' xo' || hex(old.owner_id));
END;
--> statement-breakpoint
CREATE TRIGGER `announcements_fts_au` AFTER UPDATE OF search_title, search_text, active, deleted, category, location, localitate, price, owner_id ON `announcements`
WHEN old.search_title IS NOT new.search_title OR old.search_text IS NOT new.search_text OR old.active IS NOT new.active
  OR old.deleted IS NOT new.deleted OR old.category IS NOT new.category OR old.location IS NOT new.location
  OR old.localitate IS NOT new.localitate OR old.price IS NOT new.price OR old.owner_id IS NOT new.owner_id BEGIN
  INSERT INTO announcements_fts(announcements_fts, rowid, title, description, facets)
    SELECT 'delete', old.rowid, old.search_title, old.search_text,
      'xc' || hex(old.category) || ' xj' || hex(old.location) || ' xl' || hex(old.location) || 'x' || hex(old.localitate) || ' xp' || CASE WHEN old.price IS NULL THEN 'none' WHEN old.price = 0 THEN 'free' WHEN old.price > 0 AND old.price <= 50 THEN 'under50' WHEN old.price > 50 AND old.price <= 100 THEN 'under100' WHEN old.price > 100 THEN 'over100' ELSE 'other' END || ' xo' || hex(old.owner_id)
    WHERE old.deleted = 0 AND old.active = 1;
  INSERT INTO announcements_fts(rowid, title, description, facets)
    SELECT rid, title, description, facets FROM announcements_public_text WHERE rid = new.rowid;
END;
--> statement-breakpoint
INSERT INTO announcements_fts(announcements_fts) VALUES ('rebuild');
