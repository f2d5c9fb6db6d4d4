CREATE TABLE "push_jobs" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"tag" text COLLATE "C" NOT NULL,
	"payload" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"next_at" bigint NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"claimed_until" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"session_hash" text COLLATE "C" NOT NULL,
	"endpoint" text COLLATE "C" NOT NULL,
	"p256dh" text COLLATE "C" NOT NULL,
	"auth" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_keys" (
	"name" text COLLATE "C" PRIMARY KEY NOT NULL,
	"value" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "push_jobs_due" ON "push_jobs" USING btree ("next_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_session" ON "push_subscriptions" USING btree ("session_hash");