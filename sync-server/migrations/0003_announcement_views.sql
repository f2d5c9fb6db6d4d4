CREATE TABLE `announcement_views` (
	`announcement_id` text NOT NULL,
	`viewer_key` text NOT NULL,
	`day` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `announcement_views_unique` ON `announcement_views` (`announcement_id`,`viewer_key`,`day`);--> statement-breakpoint
CREATE INDEX `announcement_views_day` ON `announcement_views` (`day`);