CREATE TABLE "photo_uploads" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"path" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"announcement_id" text COLLATE "C" DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "photo_uploads_created" ON "photo_uploads" USING btree ("created_at");