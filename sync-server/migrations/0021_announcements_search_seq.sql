-- Issue 20: the seq of each announcement's last change that a search can see (its analysed text, filters,
-- sort keys, public or not), kept by triggers. The search threads' memory (repositories/search-memory.ts)
-- follows this instead of announcements.seq, which also moves for a favourites recount: heavy favouriting
-- then no longer rebuilds every thread's memory each few thousand favourites.
CREATE TABLE `announcements_search_seq` (
	`rid` integer PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `announcements_search_seq_seq` ON `announcements_search_seq` (`seq`);
--> statement-breakpoint
INSERT INTO `announcements_search_seq` (`rid`, `seq`) SELECT rowid, seq FROM `announcements`;
--> statement-breakpoint
CREATE TRIGGER `announcements_search_seq_ai` AFTER INSERT ON `announcements` BEGIN
  INSERT OR REPLACE INTO announcements_search_seq(rid, seq) VALUES (new.rowid, new.seq);
END;
--> statement-breakpoint
CREATE TRIGGER `announcements_search_seq_au` AFTER UPDATE ON `announcements`
WHEN old.search_title IS NOT new.search_title OR old.search_text IS NOT new.search_text
  OR old.active IS NOT new.active OR old.deleted IS NOT new.deleted OR old.category IS NOT new.category
  OR old.location IS NOT new.location OR old.localitate IS NOT new.localitate OR old.price IS NOT new.price
  OR old.owner_id IS NOT new.owner_id OR old.created_at IS NOT new.created_at OR old.id IS NOT new.id
  OR old.title_key IS NOT new.title_key BEGIN
  INSERT OR REPLACE INTO announcements_search_seq(rid, seq) VALUES (new.rowid, new.seq);
END;
--> statement-breakpoint
CREATE TRIGGER `announcements_search_seq_ad` AFTER DELETE ON `announcements` BEGIN
  DELETE FROM announcements_search_seq WHERE rid = old.rowid;
END;
