CREATE TABLE "throttle_hits" (
	"key" text COLLATE "C" PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL,
	"window_start" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"blocked_until" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "throttle_hits_expires" ON "throttle_hits" USING btree ("expires_at");