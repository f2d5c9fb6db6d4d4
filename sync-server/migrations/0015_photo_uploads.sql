CREATE TABLE `photo_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`path` text NOT NULL,
	`created_at` integer NOT NULL,
	`announcement_id` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `photo_uploads_created` ON `photo_uploads` (`created_at`);