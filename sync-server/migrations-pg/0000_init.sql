CREATE TABLE "announcement_views" (
	"announcement_id" text COLLATE "C" NOT NULL,
	"viewer_key" text COLLATE "C" NOT NULL,
	"day" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"owner_id" text COLLATE "C" NOT NULL,
	"title" text COLLATE "C" NOT NULL,
	"title_key" text COLLATE "C" DEFAULT '' NOT NULL,
	"category" text COLLATE "C" NOT NULL,
	"description" text COLLATE "C" NOT NULL,
	"location" text COLLATE "C" NOT NULL,
	"localitate" text COLLATE "C" DEFAULT '' NOT NULL,
	"contact_person" text COLLATE "C" NOT NULL,
	"contact_email" text COLLATE "C" DEFAULT '' NOT NULL,
	"contact_phone" text COLLATE "C" DEFAULT '' NOT NULL,
	"images" text COLLATE "C" DEFAULT '[]' NOT NULL,
	"price" bigint,
	"favorites_count" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_uploads" (
	"path" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_members" (
	"conversation_id" text COLLATE "C" NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"other_user_id" text COLLATE "C" NOT NULL,
	"announcement_id" text COLLATE "C" NOT NULL,
	"last_message_text" text COLLATE "C" DEFAULT '' NOT NULL,
	"last_message_at" text COLLATE "C" NOT NULL,
	"last_sender_id" text COLLATE "C" DEFAULT '' NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_read_at" text COLLATE "C" DEFAULT '' NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"seq" bigint NOT NULL,
	CONSTRAINT "conversation_members_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"seller_id" text COLLATE "C" NOT NULL,
	"buyer_id" text COLLATE "C" NOT NULL,
	"announcement_id" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"name" text COLLATE "C" PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drafts" (
	"user_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"title" text COLLATE "C" DEFAULT '' NOT NULL,
	"category" text COLLATE "C" DEFAULT '' NOT NULL,
	"description" text COLLATE "C" DEFAULT '' NOT NULL,
	"location" text COLLATE "C" DEFAULT '' NOT NULL,
	"localitate" text COLLATE "C" DEFAULT '' NOT NULL,
	"contact_person" text COLLATE "C" DEFAULT '' NOT NULL,
	"contact_email" text COLLATE "C" DEFAULT '' NOT NULL,
	"contact_phone" text COLLATE "C" DEFAULT '' NOT NULL,
	"price" text COLLATE "C" DEFAULT '' NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" text COLLATE "C" NOT NULL,
	"announcement_id" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "favorites_user_id_announcement_id_pk" PRIMARY KEY("user_id","announcement_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"conversation_id" text COLLATE "C" NOT NULL,
	"announcement_id" text COLLATE "C" NOT NULL,
	"sender_id" text COLLATE "C" NOT NULL,
	"recipient_id" text COLLATE "C" NOT NULL,
	"text" text COLLATE "C" DEFAULT '' NOT NULL,
	"image" text COLLATE "C" DEFAULT '' NOT NULL,
	"file_name" text COLLATE "C" DEFAULT '' NOT NULL,
	"reply_to" text COLLATE "C",
	"reactions" text COLLATE "C" DEFAULT '[]' NOT NULL,
	"is_read" integer DEFAULT 0 NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"sender_id" text COLLATE "C" NOT NULL,
	"conversation_id" text COLLATE "C" NOT NULL,
	"link" text COLLATE "C" NOT NULL,
	"message" text COLLATE "C" NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"user_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"code_hash" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"author_id" text COLLATE "C" NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"announcement_id" text COLLATE "C",
	"score" double precision NOT NULL,
	"comment" text COLLATE "C" DEFAULT '' NOT NULL,
	"likes" text COLLATE "C" DEFAULT '[]' NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"email" text COLLATE "C" NOT NULL,
	"password_hash" text COLLATE "C" NOT NULL,
	"first_name" text COLLATE "C" NOT NULL,
	"last_name" text COLLATE "C" NOT NULL,
	"phone" text COLLATE "C" DEFAULT '' NOT NULL,
	"localitate" text COLLATE "C" DEFAULT '' NOT NULL,
	"avatar" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"last_seen" text COLLATE "C" NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"google_id" text COLLATE "C",
	"facebook_id" text COLLATE "C",
	"google_avatar" text COLLATE "C",
	"notify_messages" integer DEFAULT 1 NOT NULL,
	"notify_reviews" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_views_unique" ON "announcement_views" USING btree ("announcement_id","viewer_key","day");--> statement-breakpoint
CREATE INDEX "announcement_views_day" ON "announcement_views" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_seq" ON "announcements" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "announcements_owner" ON "announcements" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "announcements_popular" ON "announcements" USING btree ("deleted","active","favorites_count","created_at");--> statement-breakpoint
CREATE INDEX "announcements_pub_recent" ON "announcements" USING btree ("created_at","id","location","localitate","price") WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX "announcements_pub_cat_recent" ON "announcements" USING btree ("category","created_at","id","location","localitate","price") WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX "announcements_pub_price_asc" ON "announcements" USING btree ("price","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"location","localitate") WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX "announcements_pub_cat_price_asc" ON "announcements" USING btree ("category","price","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"location","localitate") WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX "announcements_pub_price_desc" ON "announcements" USING btree ("price","created_at","id","location","localitate") WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX "announcements_pub_cat_price_desc" ON "announcements" USING btree ("category","price","created_at","id","location","localitate") WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX "announcements_pub_title" ON "announcements" USING btree ("title_key","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"location","localitate","price") WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX "announcements_pub_cat_title" ON "announcements" USING btree ("category","title_key","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"location","localitate","price") WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX "announcements_pub_place" ON "announcements" USING btree ("location","localitate","category","price") WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX "announcements_pub_cat_place" ON "announcements" USING btree ("category","location","localitate","price") WHERE deleted = 0 AND active = 1;--> statement-breakpoint
CREATE INDEX "members_user_seq" ON "conversation_members" USING btree ("user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "drafts_seq" ON "drafts" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "favorites_announcement" ON "favorites" USING btree ("announcement_id");--> statement-breakpoint
CREATE INDEX "favorites_user_seq" ON "favorites" USING btree ("user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_seq" ON "messages" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "messages_conversation" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_sender_seq" ON "messages" USING btree ("sender_id","seq");--> statement-breakpoint
CREATE INDEX "messages_recipient_seq" ON "messages" USING btree ("recipient_id","seq");--> statement-breakpoint
CREATE INDEX "notifications_user_seq" ON "notifications" USING btree ("user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_seq" ON "reviews" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "reviews_user" ON "reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reviews_author_user" ON "reviews" USING btree ("author_id","user_id");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_seq" ON "users" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_id" ON "users" USING btree ("google_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_facebook_id" ON "users" USING btree ("facebook_id");