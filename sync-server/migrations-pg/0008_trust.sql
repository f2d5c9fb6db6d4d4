CREATE TABLE "blocks" (
	"user_id" text COLLATE "C" NOT NULL,
	"blocked_id" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "blocks_user_id_blocked_id_pk" PRIMARY KEY("user_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"reporter_id" text COLLATE "C" NOT NULL,
	"target_type" text COLLATE "C" NOT NULL,
	"target_id" text COLLATE "C" NOT NULL,
	"reason" text COLLATE "C" NOT NULL,
	"details" text COLLATE "C" DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"status" text COLLATE "C" DEFAULT 'open' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blocks_blocked" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_target" ON "reports" USING btree ("reporter_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "reports_target" ON "reports" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_status" ON "reports" USING btree ("status","created_at");