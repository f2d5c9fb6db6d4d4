CREATE TABLE "moderation_log" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"moderator_id" text COLLATE "C" NOT NULL,
	"action" text COLLATE "C" NOT NULL,
	"target_type" text COLLATE "C" NOT NULL,
	"target_id" text COLLATE "C" NOT NULL,
	"reason" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "hidden_reason" text COLLATE "C" DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text COLLATE "C" DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "moderation_log_time" ON "moderation_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "moderation_log_target" ON "moderation_log" USING btree ("target_type","target_id");