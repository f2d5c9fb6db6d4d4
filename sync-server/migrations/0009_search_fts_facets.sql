-- The full-text index holds public announcements only (active, not deleted), and besides the title and
-- the description a third column, `facets`, with one token per filter value of the row: category,
-- county, county + locality, price band, seller (values hex-encoded, so any text is one exact token).
-- A search with filters is then one MATCH: counts and filtered sets come from the index alone, without
-- reading rows (sync-server/src/repositories/search.ts builds the queries; words only ever match the
-- title and description columns).
-- Its external content is a view of the public rows, so FTS5's own 'rebuild' (the catalogue seeder uses
-- it; needed after a VACUUM, which may renumber rowids) indexes exactly them, and 'integrity-check'
-- compares with them. The triggers add a row when it becomes public, remove it when it stops being public
-- or is deleted, and re-index it when its text or a filter value changes while public; the facets
-- expression of the view is repeated there for the old row (it has left the view by then). Same trigger
-- names as before (tools look them up by name).
-- Prefix indexes for 1 to 6 characters: the last word of a query is a prefix ('foto' finds 'fotograf'),
-- and without them SQLite merges every matching term's list ('c*', 'foto*': hundreds of milliseconds at a
-- million announcements).
DROP TRIGGER IF EXISTS `announcements_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `announcements_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `announcements_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `announcements_fts`;
--> statement-breakpoint
CREATE VIEW `announcements_public_text` (`rid`, `title`, `description`, `facets`) AS
  SELECT rowid, title, description,
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
    VALUES ('delete', old.rowid, old.title, old.description,
      'xc' || hex(old.category) || ' xj' || hex(old.location) || ' xl' || hex(old.location) || 'x' || hex(old.localitate) || ' xp' || CASE WHEN old.price IS NULL THEN 'none' WHEN old.price = 0 THEN 'free' WHEN old.price > 0 AND old.price <= 50 THEN 'under50' WHEN old.price > 50 AND old.price <= 100 THEN 'under100' WHEN old.price > 100 THEN 'over100' ELSE 'other' END || ' xo' || hex(old.owner_id));
END;
--> statement-breakpoint
CREATE TRIGGER `announcements_fts_au` AFTER UPDATE OF title, description, active, deleted, category, location, localitate, price, owner_id ON `announcements`
WHEN old.title IS NOT new.title OR old.description IS NOT new.description OR old.active IS NOT new.active
  OR old.deleted IS NOT new.deleted OR old.category IS NOT new.category OR old.location IS NOT new.location
  OR old.localitate IS NOT new.localitate OR old.price IS NOT new.price OR old.owner_id IS NOT new.owner_id BEGIN
  INSERT INTO announcements_fts(announcements_fts, rowid, title, description, facets)
    SELECT 'delete', old.rowid, old.title, old.description,
      'xc' || hex(old.category) || ' xj' || hex(old.location) || ' xl' || hex(old.location) || 'x' || hex(old.localitate) || ' xp' || CASE WHEN old.price IS NULL THEN 'none' WHEN old.price = 0 THEN 'free' WHEN old.price > 0 AND old.price <= 50 THEN 'under50' WHEN old.price > 50 AND old.price <= 100 THEN 'under100' WHEN old.price > 100 THEN 'over100' ELSE 'other' END || ' xo' || hex(old.owner_id)
    WHERE old.deleted = 0 AND old.active = 1;
  INSERT INTO announcements_fts(rowid, title, description, facets)
    SELECT rid, title, description, facets FROM announcements_public_text WHERE rid = new.rowid;
END;
--> statement-breakpoint
INSERT INTO announcements_fts(announcements_fts) VALUES ('rebuild');
