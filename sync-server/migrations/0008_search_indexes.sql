CREATE INDEX `announcements_pub_recent` ON `announcements` (`created_at`,`id`,`location`,`localitate`,`price`) WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX `announcements_pub_cat_recent` ON `announcements` (`category`,`created_at`,`id`,`location`,`localitate`,`price`) WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX `announcements_pub_price_asc` ON `announcements` (`price`,created_at DESC,id DESC,`location`,`localitate`) WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX `announcements_pub_cat_price_asc` ON `announcements` (`category`,`price`,created_at DESC,id DESC,`location`,`localitate`) WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX `announcements_pub_price_desc` ON `announcements` (`price`,`created_at`,`id`,`location`,`localitate`) WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX `announcements_pub_cat_price_desc` ON `announcements` (`category`,`price`,`created_at`,`id`,`location`,`localitate`) WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX `announcements_pub_title` ON `announcements` (`title_key`,created_at DESC,id DESC,`location`,`localitate`,`price`) WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX `announcements_pub_cat_title` ON `announcements` (`category`,`title_key`,created_at DESC,id DESC,`location`,`localitate`,`price`) WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX `announcements_pub_place` ON `announcements` (`location`,`localitate`,`category`,`price`) WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX `announcements_pub_cat_place` ON `announcements` (`category`,`location`,`localitate`,`price`) WHERE deleted = 0 AND active = 1;