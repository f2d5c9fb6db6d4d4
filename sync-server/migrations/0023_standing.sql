ALTER TABLE `reviews` ADD `waiting` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `reviews_waiting` ON `reviews` (`author_id`) WHERE waiting = 1 AND deleted = 0;--> statement-breakpoint
ALTER TABLE `reports` ADD `network` text DEFAULT '' NOT NULL;