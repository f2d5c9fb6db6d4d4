CREATE TABLE `announcements` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`title` text NOT NULL,
	`category` text NOT NULL,
	`description` text NOT NULL,
	`location` text NOT NULL,
	`localitate` text DEFAULT '' NOT NULL,
	`contact_person` text NOT NULL,
	`contact_email` text DEFAULT '' NOT NULL,
	`contact_phone` text DEFAULT '' NOT NULL,
	`images` text DEFAULT '[]' NOT NULL,
	`price` integer,
	`favorites_count` integer DEFAULT 0 NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `announcements_seq` ON `announcements` (`seq`);--> statement-breakpoint
CREATE INDEX `announcements_owner` ON `announcements` (`owner_id`);--> statement-breakpoint
CREATE INDEX `announcements_popular` ON `announcements` (`deleted`,`active`,`favorites_count`,`created_at`);--> statement-breakpoint
CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `favorites` (
	`user_id` text NOT NULL,
	`announcement_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `announcement_id`)
);
--> statement-breakpoint
CREATE INDEX `favorites_announcement` ON `favorites` (`announcement_id`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`author_id` text NOT NULL,
	`user_id` text NOT NULL,
	`announcement_id` text,
	`score` real NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`likes` text DEFAULT '[]' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_seq` ON `reviews` (`seq`);--> statement-breakpoint
CREATE INDEX `reviews_user` ON `reviews` (`user_id`);--> statement-breakpoint
CREATE INDEX `reviews_author_user` ON `reviews` (`author_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`localitate` text DEFAULT '' NOT NULL,
	`avatar` text,
	`created_at` text NOT NULL,
	`last_seen` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);