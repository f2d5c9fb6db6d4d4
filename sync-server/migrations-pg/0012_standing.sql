ALTER TABLE "reports" ADD COLUMN "network" text COLLATE "C" DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "waiting" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_waiting" ON "reviews" USING btree ("author_id") WHERE waiting = 1 AND deleted = 0;