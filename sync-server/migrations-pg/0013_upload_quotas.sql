-- Photo ids are unique per account (issue 40, L4): the primary key becomes (user_id, id).
ALTER TABLE "photo_uploads" DROP CONSTRAINT "photo_uploads_pkey";--> statement-breakpoint
ALTER TABLE "photo_uploads" ADD CONSTRAINT "photo_uploads_user_id_id_pk" PRIMARY KEY("user_id","id");--> statement-breakpoint
ALTER TABLE "chat_uploads" ADD COLUMN "bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_uploads" ADD COLUMN "bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_uploads_user" ON "chat_uploads" USING btree ("user_id","created_at");