CREATE TABLE `password_resets` (
	`user_id` text PRIMARY KEY NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `users` ADD `google_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `facebook_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `google_avatar` text;--> statement-breakpoint
ALTER TABLE `users` ADD `notify_messages` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `notify_reviews` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_id` ON `users` (`google_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_facebook_id` ON `users` (`facebook_id`);