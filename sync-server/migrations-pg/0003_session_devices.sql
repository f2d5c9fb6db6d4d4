ALTER TABLE "sessions" ADD COLUMN "device" text COLLATE "C" DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen" bigint DEFAULT 0 NOT NULL;