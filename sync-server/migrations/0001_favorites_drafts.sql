CREATE TABLE `drafts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`category` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`localitate` text DEFAULT '' NOT NULL,
	`contact_person` text DEFAULT '' NOT NULL,
	`contact_email` text DEFAULT '' NOT NULL,
	`contact_phone` text DEFAULT '' NOT NULL,
	`price` text DEFAULT '' NOT NULL,
	`updated_at` text NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `drafts_seq` ON `drafts` (`seq`);--> statement-breakpoint
ALTER TABLE `favorites` ADD `deleted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `favorites` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `favorites_user_seq` ON `favorites` (`user_id`,`seq`);