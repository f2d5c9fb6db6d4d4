CREATE TABLE `chat_uploads` (
	`path` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL
);
