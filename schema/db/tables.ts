import { sql } from 'drizzle-orm';
import {
  type IndexColumn,
  index,
  integer,
  primaryKey,
  real,
  type SQLiteColumn,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';

/**
 * SQLite tables (server only). `seq` is the replication order: a value from the `counters` row 'seq',
 * taken inside the write transaction, kept outside the replicated document body.
 */
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    localitate: text('localitate').notNull().default(''),
    avatar: text('avatar'),
    createdAt: text('created_at').notNull(),
    lastSeen: text('last_seen').notNull(),
    /** Public profiles replicate: a change to a public field takes a new seq. */
    seq: integer('seq').notNull().default(0),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    /** Social sign-in: the provider's stable account id (never shown to anyone). */
    googleId: text('google_id'),
    facebookId: text('facebook_id'),
    /** The picture Google reported at the last Google sign-in (auth check's `googleAvatar`). */
    googleAvatar: text('google_avatar'),
    /** Notification settings ('Setează notificările'): private, never replicated. */
    notifyMessages: integer('notify_messages', { mode: 'boolean' }).notNull().default(true),
    notifyReviews: integer('notify_reviews', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_seq').on(t.seq),
    uniqueIndex('users_google_id').on(t.googleId),
    uniqueIndex('users_facebook_id').on(t.facebookId),
  ],
);

/**
 * Forgot-password codes: only a SHA-256 of the code is stored (with the user id as salt), single use,
 * expiring, with a count of wrong guesses. A new request replaces the user's previous code.
 */
export const passwordResets = sqliteTable('password_resets', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  createdAt: integer('created_at', { mode: 'number' }).notNull(),
  expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
  attempts: integer('attempts').notNull().default(0),
});

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the bearer token: a stolen database does not yield usable tokens. */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const announcements = sqliteTable(
  'announcements',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    title: text('title').notNull(),
    /** titleSortKey(title) from schema/search.ts: 'Titlu (A–Z)' in Romanian order with plain comparison. */
    titleKey: text('title_key').notNull().default(''),
    category: text('category').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    localitate: text('localitate').notNull().default(''),
    contactPerson: text('contact_person').notNull(),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    images: text('images', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    price: integer('price'),
    favoritesCount: integer('favorites_count').notNull().default(0),
    views: integer('views').notNull().default(0),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    seq: integer('seq').notNull(),
  },
  (t) => [
    uniqueIndex('announcements_seq').on(t.seq),
    index('announcements_owner').on(t.ownerId),
    index('announcements_popular').on(t.deleted, t.active, t.favoritesCount, t.createdAt),
    ...searchIndexes(t),
  ],
);

/**
 * Indexes of the server search (sync-server/src/repositories/search.ts), over public rows only. Each
 * listing order has one index walked in that order, alone and after the category, so a page is read
 * from its first row on; they end with the place and price columns, so the other filters are checked
 * inside the index without reading the row. Two more find the rows of a place or category + place,
 * for counting and for small filtered sets. 'Preț descrescător' walks its index backwards.
 */
function searchIndexes(t: {
  category: SQLiteColumn;
  location: SQLiteColumn;
  localitate: SQLiteColumn;
  price: SQLiteColumn;
  createdAt: SQLiteColumn;
  id: SQLiteColumn;
  titleKey: SQLiteColumn;
}) {
  const pub = sql`deleted = 0 AND active = 1`;
  const newestFirst = [sql`created_at DESC`, sql`id DESC`];
  const orders = {
    recent: [t.createdAt, t.id, t.location, t.localitate, t.price],
    price_asc: [t.price, ...newestFirst, t.location, t.localitate],
    price_desc: [t.price, t.createdAt, t.id, t.location, t.localitate],
    title: [t.titleKey, ...newestFirst, t.location, t.localitate, t.price],
  };
  return [
    ...Object.entries(orders).flatMap(([name, cols]) => [
      index(`announcements_pub_${name}`)
        .on(...(cols as [IndexColumn, ...IndexColumn[]]))
        .where(pub),
      index(`announcements_pub_cat_${name}`)
        .on(t.category, ...cols)
        .where(pub),
    ]),
    index('announcements_pub_place').on(t.location, t.localitate, t.category, t.price).where(pub),
    index('announcements_pub_cat_place').on(t.category, t.location, t.localitate, t.price).where(pub),
  ];
}

/**
 * Who saw an announcement on which UTC day ('YYYY-MM-DD'), so a view counts once per viewer per day.
 * viewer_key is 'u:' + user id, or 'g:' + SHA-256 of ip and user agent for guests. Server only, never
 * replicated; rows of past days are purged.
 */
export const announcementViews = sqliteTable(
  'announcement_views',
  {
    announcementId: text('announcement_id').notNull(),
    viewerKey: text('viewer_key').notNull(),
    day: text('day').notNull(),
  },
  (t) => [
    uniqueIndex('announcement_views_unique').on(t.announcementId, t.viewerKey, t.day),
    index('announcement_views_day').on(t.day),
  ],
);

export const favorites = sqliteTable(
  'favorites',
  {
    userId: text('user_id').notNull(),
    announcementId: text('announcement_id').notNull(),
    createdAt: text('created_at').notNull(),
    /** A removed favourite stays as a tombstone so the owner's other devices learn of it. */
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    seq: integer('seq').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.announcementId] }),
    index('favorites_announcement').on(t.announcementId),
    index('favorites_user_seq').on(t.userId, t.seq),
  ],
);

/** The announcement a seller is writing, one per user, so it follows them to another device. */
export const drafts = sqliteTable(
  'drafts',
  {
    userId: text('user_id').primaryKey(),
    title: text('title').notNull().default(''),
    category: text('category').notNull().default(''),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    localitate: text('localitate').notNull().default(''),
    contactPerson: text('contact_person').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    price: text('price').notNull().default(''),
    updatedAt: text('updated_at').notNull(),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    seq: integer('seq').notNull(),
  },
  (t) => [uniqueIndex('drafts_seq').on(t.seq)],
);

export const reviews = sqliteTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    authorId: text('author_id').notNull(),
    userId: text('user_id').notNull(),
    announcementId: text('announcement_id'),
    score: real('score').notNull(),
    comment: text('comment').notNull().default(''),
    likes: text('likes', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    seq: integer('seq').notNull(),
  },
  (t) => [
    uniqueIndex('reviews_seq').on(t.seq),
    index('reviews_user').on(t.userId),
    index('reviews_author_user').on(t.authorId, t.userId),
  ],
);

/** A conversation about one announcement between its seller and one buyer (id: seller-buyer-announcement). */
export const conversations = sqliteTable('conversations', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id').notNull(),
  buyerId: text('buyer_id').notNull(),
  announcementId: text('announcement_id').notNull(),
  createdAt: text('created_at').notNull(),
});

/** Each participant's view of a conversation (the replicated "conversations" document). */
export const conversationMembers = sqliteTable(
  'conversation_members',
  {
    conversationId: text('conversation_id').notNull(),
    userId: text('user_id').notNull(),
    otherUserId: text('other_user_id').notNull(),
    announcementId: text('announcement_id').notNull(),
    lastMessageText: text('last_message_text').notNull().default(''),
    lastMessageAt: text('last_message_at').notNull(),
    lastSenderId: text('last_sender_id').notNull().default(''),
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadAt: text('last_read_at').notNull().default(''),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    seq: integer('seq').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('members_user_seq').on(t.userId, t.seq),
  ],
);

export type Reaction = { emoji: string; userId: string };
export type ReplyTo = { messageId: string; senderId: string; text: string; image: string };

export const messages = sqliteTable(
  'messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id').notNull(),
    announcementId: text('announcement_id').notNull(),
    senderId: text('sender_id').notNull(),
    recipientId: text('recipient_id').notNull(),
    text: text('text').notNull().default(''),
    image: text('image').notNull().default(''),
    /** The attachment's name as the sender's device called it (fitAttachmentName), '' for none. */
    fileName: text('file_name').notNull().default(''),
    replyTo: text('reply_to', { mode: 'json' }).$type<ReplyTo | null>(),
    reactions: text('reactions', { mode: 'json' }).$type<Reaction[]>().notNull().default(sql`'[]'`),
    isRead: integer('is_read', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    seq: integer('seq').notNull(),
  },
  (t) => [
    uniqueIndex('messages_seq').on(t.seq),
    index('messages_conversation').on(t.conversationId, t.createdAt),
    index('messages_sender_seq').on(t.senderId, t.seq),
    index('messages_recipient_seq').on(t.recipientId, t.seq),
  ],
);

/**
 * Chat files this server stored (POST /api/messages/attachments, or with a message sent by REST) and who
 * uploaded them: a message pushed over sync may only point at a file its own sender uploaded.
 */
export const chatUploads = sqliteTable('chat_uploads', {
  /** Public path, /uploads/chat/<32 hex>.<ext>. */
  path: text('path').primaryKey(),
  userId: text('user_id').notNull(),
  createdAt: integer('created_at', { mode: 'number' }).notNull(),
});

/**
 * Counters of the sign-in throttle, the password-reset and Facebook attempt limits and the write limits
 * (repositories/throttles.ts), shared by every server instance on this database. Not replicated (no seq).
 * A key's count starts again once `expires_at` has passed; rows past it are purged periodically.
 */
export const throttleHits = sqliteTable(
  'throttle_hits',
  {
    /** What is counted, e.g. `login:ip:1.2.3.4`, `write:messages:acct:<id>`. */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** When the current window began (epoch ms). */
    windowStart: integer('window_start', { mode: 'number' }).notNull(),
    /** When the count lapses (fixed windows: start + length; the sign-in throttle: last failure + 15 min). */
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
    /** The sign-in throttle's delay: no attempt for this key before it (epoch ms; 0 = none). */
    blockedUntil: integer('blocked_until', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('throttle_hits_expires').on(t.expiresAt)],
);

export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    senderId: text('sender_id').notNull(),
    conversationId: text('conversation_id').notNull(),
    link: text('link').notNull(),
    message: text('message').notNull(),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    seq: integer('seq').notNull(),
  },
  (t) => [index('notifications_user_seq').on(t.userId, t.seq)],
);

export type UserRow = typeof users.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MemberRow = typeof conversationMembers.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type FavoriteRow = typeof favorites.$inferSelect;
export type DraftRow = typeof drafts.$inferSelect;
