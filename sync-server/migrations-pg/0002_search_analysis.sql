CREATE TABLE "search_vocab" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL,
	"docs" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "search_title" text COLLATE "C" DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "search_text" text COLLATE "C" DEFAULT '' NOT NULL;