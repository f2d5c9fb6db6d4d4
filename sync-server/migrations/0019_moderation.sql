CREATE TABLE `moderation_log` (
	`id` text PRIMARY KEY NOT NULL,
	`moderator_id` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `moderation_log_time` ON `moderation_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `moderation_log_target` ON `moderation_log` (`target_type`,`target_id`);--> statement-breakpoint
ALTER TABLE `announcements` ADD `hidden_reason` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `role` text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_until` integer DEFAULT 0 NOT NULL;