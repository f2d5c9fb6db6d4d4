CREATE TABLE `conversation_members` (
	`conversation_id` text NOT NULL,
	`user_id` text NOT NULL,
	`other_user_id` text NOT NULL,
	`announcement_id` text NOT NULL,
	`last_message_text` text DEFAULT '' NOT NULL,
	`last_message_at` text NOT NULL,
	`last_sender_id` text DEFAULT '' NOT NULL,
	`unread_count` integer DEFAULT 0 NOT NULL,
	`last_read_at` text DEFAULT '' NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`seq` integer NOT NULL,
	PRIMARY KEY(`conversation_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `members_user_seq` ON `conversation_members` (`user_id`,`seq`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`announcement_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`announcement_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`recipient_id` text NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`reply_to` text,
	`reactions` text DEFAULT '[]' NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_seq` ON `messages` (`seq`);--> statement-breakpoint
CREATE INDEX `messages_conversation` ON `messages` (`conversation_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_sender_seq` ON `messages` (`sender_id`,`seq`);--> statement-breakpoint
CREATE INDEX `messages_recipient_seq` ON `messages` (`recipient_id`,`seq`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`link` text NOT NULL,
	`message` text NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notifications_user_seq` ON `notifications` (`user_id`,`seq`);--> statement-breakpoint
ALTER TABLE `users` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `deleted` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `users_seq` ON `users` (`seq`);