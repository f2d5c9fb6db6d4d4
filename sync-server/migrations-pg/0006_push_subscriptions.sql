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
CREATE INDEX "push_subscriptions_user" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_session" ON "push_subscriptions" USING btree ("session_hash");