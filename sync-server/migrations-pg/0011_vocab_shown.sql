-- Issue 20: the vocabulary keeps each word as the announcements write it ('căsătorie' for the folded
-- 'casatorie'), what suggestions and corrections show. The vocabulary is read again from the start (the
-- server's background refresh follows the change feed from seq 0), so every word gets its spelling.
ALTER TABLE "search_vocab" ADD COLUMN "shown" text COLLATE "C";--> statement-breakpoint
DELETE FROM "search_vocab";--> statement-breakpoint
UPDATE "counters" SET "value" = 0 WHERE "name" = 'vocab_seq';
