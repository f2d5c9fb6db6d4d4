-- Full-text index of announcement titles and descriptions (server search, issue 11). External content:
-- the text lives once, in `announcements`; the index refers to its rowid and is kept by the triggers below
-- on every write path (REST, sync, seeders). Case and diacritics are folded by the tokenizer
-- ('Prăjituri', 'PRAJITURI' and 'prajituri' are one term). A VACUUM may renumber rowids of a table
-- without an INTEGER PRIMARY KEY: run `INSERT INTO announcements_fts(announcements_fts) VALUES('rebuild')`
-- after one.
CREATE VIRTUAL TABLE `announcements_fts` USING fts5(title, description, content='announcements', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
CREATE TRIGGER `announcements_fts_ai` AFTER INSERT ON `announcements` BEGIN
  INSERT INTO announcements_fts(rowid, title, description) VALUES (new.rowid, new.title, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `announcements_fts_ad` AFTER DELETE ON `announcements` BEGIN
  INSERT INTO announcements_fts(announcements_fts, rowid, title, description) VALUES ('delete', old.rowid, old.title, old.description);
END;
--> statement-breakpoint
CREATE TRIGGER `announcements_fts_au` AFTER UPDATE OF title, description ON `announcements` BEGIN
  INSERT INTO announcements_fts(announcements_fts, rowid, title, description) VALUES ('delete', old.rowid, old.title, old.description);
  INSERT INTO announcements_fts(rowid, title, description) VALUES (new.rowid, new.title, new.description);
END;
--> statement-breakpoint
INSERT INTO announcements_fts(announcements_fts) VALUES ('rebuild');
