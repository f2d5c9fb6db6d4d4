PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_photo_uploads` (
	`id` text NOT NULL,
	`user_id` text NOT NULL,
	`path` text NOT NULL,
	`created_at` integer NOT NULL,
	`announcement_id` text DEFAULT '' NOT NULL,
	`bytes` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `id`)
);
--> statement-breakpoint
INSERT INTO `__new_photo_uploads`("id", "user_id", "path", "created_at", "announcement_id") SELECT "id", "user_id", "path", "created_at", "announcement_id" FROM `photo_uploads`;--> statement-breakpoint
DROP TABLE `photo_uploads`;--> statement-breakpoint
ALTER TABLE `__new_photo_uploads` RENAME TO `photo_uploads`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `photo_uploads_created` ON `photo_uploads` (`created_at`);--> statement-breakpoint
ALTER TABLE `chat_uploads` ADD `bytes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `chat_uploads_user` ON `chat_uploads` (`user_id`,`created_at`);