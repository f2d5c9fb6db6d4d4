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
import { TYPED_FIELDS } from '../fields.ts';
import { counter, epochMs, flag, id, jsonList, replicated, str, strOrEmpty } from './columns.ts';

/** Every table is exported from here (drizzle.config.ts reads this module); the chat's live in their own file. */
export * from './tables-chat.ts';
export * from './tables-trust.ts';

/**
 * SQLite tables (server only), made of the column kinds of ./columns.ts. `seq` is the replication order
 * (see `replicated`).
 */
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: counter('value'),
});

export const users = sqliteTable(
  'users',
  {
    id: id(),
    email: str('email'),
    passwordHash: str('password_hash'),
    firstName: str('first_name'),
    lastName: str('last_name'),
    phone: strOrEmpty('phone'),
    localitate: strOrEmpty('localitate'),
    avatar: text('avatar'),
    createdAt: str('created_at'),
    lastSeen: str('last_seen'),
    /** Public profiles replicate: a change to a public field takes a new seq. */
    seq: counter('seq'),
    deleted: flag('deleted', false),
    /** Social sign-in: the provider's stable account id (never shown to anyone). */
    googleId: text('google_id'),
    facebookId: text('facebook_id'),
    /** The picture Google reported at the last Google sign-in (auth check's `googleAvatar`). */
    googleAvatar: text('google_avatar'),
    /** Notification settings ('Setează notificările'): private, never replicated. */
    notifyMessages: flag('notify_messages', true),
    notifyReviews: flag('notify_reviews', true),
    /** Someone added one of their announcements to favourites (a push only; issue 23). */
    notifyFavorites: flag('notify_favorites', true),
    /** Issue 24: 'user' or 'moderator' (`npm run moderator -- add EMAIL`). */
    role: text('role').notNull().default('user'),
    /** Issue 24: epoch ms until which the account may not sign in (0: not suspended; a ban is far away). */
    suspendedUntil: integer('suspended_until', { mode: 'number' }).notNull().default(0),
    /**
     * When the address was confirmed (a link mailed to it, or a Google/Facebook sign-in that vouched for
     * it), epoch ms; 0 = not yet (issue 21: an unconfirmed address does not make its account anyone's).
     */
    emailVerifiedAt: integer('email_verified_at', { mode: 'number' }).notNull().default(0),
    /**
     * An e-mail change waiting for its link (issue 40, L1): the account keeps `email` (sign-in, mail) until
     * the link mailed here is opened, then this becomes `email`. Not unique (first confirmed wins), shown
     * to the account's owner only; null when no change waits.
     */
    pendingEmail: text('pending_email'),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_seq').on(t.seq),
    uniqueIndex('users_google_id').on(t.googleId),
    uniqueIndex('users_facebook_id').on(t.facebookId),
  ],
);

/** The account a server-only row belongs to: removed with it. */
const accountOf = () => text('user_id').references(() => users.id, { onDelete: 'cascade' });

/**
 * Forgot-password codes: only a SHA-256 of the code is stored (with the user id as salt), single use,
 * expiring, with a count of wrong guesses. A new request replaces the user's previous code.
 */
export const passwordResets = sqliteTable('password_resets', {
  userId: accountOf().primaryKey(),
  codeHash: str('code_hash'),
  createdAt: epochMs('created_at'),
  expiresAt: epochMs('expires_at'),
  attempts: counter('attempts'),
});

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the bearer token: a stolen database does not yield usable tokens. */
    tokenHash: text('token_hash').primaryKey(),
    userId: accountOf().notNull(),
    createdAt: epochMs('created_at'),
    expiresAt: epochMs('expires_at'),
    /** What signed in, in words ('Chrome pe Android'), for 'Dispozitive conectate' (issue 21). */
    device: text('device').notNull().default(''),
    /** When the session was last used (epoch ms, updated at most every few minutes); 0 = never since. */
    lastSeen: integer('last_seen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const announcements = sqliteTable(
  'announcements',
  {
    id: id(),
    ownerId: str('owner_id'),
    title: str('title'),
    /** titleSortKey(title) from schema/search.ts: 'Titlu (A–Z)' in Romanian order with plain comparison. */
    titleKey: strOrEmpty('title_key'),
    category: str('category'),
    description: str('description'),
    /** analyze(title) and analyze(description) from schema/text.ts: what the search indexes read (issue 20). */
    searchTitle: strOrEmpty('search_title'),
    searchText: strOrEmpty('search_text'),
    location: str('location'),
    localitate: strOrEmpty('localitate'),
    contactPerson: str('contact_person'),
    contactEmail: strOrEmpty('contact_email'),
    contactPhone: strOrEmpty('contact_phone'),
    images: jsonList<string>('images'),
    price: integer('price'),
    favoritesCount: counter('favorites_count'),
    views: counter('views'),
    active: flag('active', true),
    /**
     * Issue 24: why a moderator (or the automatic hold) hid it, '' when not hidden. A hidden announcement is
     * also inactive (so it is gone for everyone else by the same rules), and its owner cannot turn it on.
     */
    hiddenReason: strOrEmpty('hidden_reason'),
    createdAt: str('created_at'),
    updatedAt: str('updated_at'),
    ...replicated(),
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
    announcementId: str('announcement_id'),
    viewerKey: str('viewer_key'),
    day: str('day'),
  },
  (t) => [
    uniqueIndex('announcement_views_unique').on(t.announcementId, t.viewerKey, t.day),
    index('announcement_views_day').on(t.day),
  ],
);

export const favorites = sqliteTable(
  'favorites',
  {
    userId: str('user_id'),
    announcementId: str('announcement_id'),
    createdAt: str('created_at'),
    /** A removed favourite stays as a tombstone so the owner's other devices learn of it. */
    deleted: flag('deleted', false),
    seq: counter('seq'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.announcementId] }),
    index('favorites_announcement').on(t.announcementId),
    index('favorites_user_seq').on(t.userId, t.seq),
  ],
);

/** The draft's text columns: what the seller typed, '' until typed (`contactPerson` → contact_person). */
function draftColumns() {
  const columns = TYPED_FIELDS.map((f) => [f, strOrEmpty(f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))]);
  return Object.fromEntries(columns) as Record<(typeof TYPED_FIELDS)[number], ReturnType<typeof strOrEmpty>>;
}

/** The announcement a seller is writing, one per user, so it follows them to another device. */
export const drafts = sqliteTable(
  'drafts',
  {
    userId: text('user_id').primaryKey(),
    ...draftColumns(),
    price: strOrEmpty('price'),
    updatedAt: str('updated_at'),
    ...replicated(),
  },
  (t) => [uniqueIndex('drafts_seq').on(t.seq)],
);

export const reviews = sqliteTable(
  'reviews',
  {
    id: id(),
    authorId: str('author_id'),
    userId: str('user_id'),
    announcementId: text('announcement_id'),
    score: real('score').notNull(),
    comment: strOrEmpty('comment'),
    likes: jsonList<string>('likes'),
    createdAt: str('created_at'),
    updatedAt: str('updated_at'),
    /**
     * Issue 40: written by someone without standing (schema/rules/standing.ts): stored, not shown, not in the
     * average, and sent to devices as a tombstone until its author gains standing (then it takes a new seq).
     */
    waiting: flag('waiting', false),
    ...replicated(),
  },
  (t) => [
    uniqueIndex('reviews_seq').on(t.seq),
    index('reviews_user').on(t.userId),
    index('reviews_author_user').on(t.authorId, t.userId),
    // The few waiting reviews, found without reading the others (the promotion pass).
    index('reviews_waiting').on(t.authorId).where(sql`waiting = 1 AND deleted = 0`),
  ],
);

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
    windowStart: epochMs('window_start'),
    /** When the count lapses (fixed windows: start + length; the sign-in throttle: last failure + 15 min). */
    expiresAt: epochMs('expires_at'),
    /** The sign-in throttle's delay: no attempt for this key before it (epoch ms; 0 = none). */
    blockedUntil: epochMs('blocked_until').default(0),
  },
  (t) => [index('throttle_hits_expires').on(t.expiresAt)],
);

/**
 * Announcement photos uploaded on their own (issue 22: each goes up as soon as it is picked, before the
 * announcement exists), keyed by the id the device made for it, so a retry stores nothing twice. A
 * publish names them by id and claims them (`announcement_id`); unclaimed ones are removed after a day
 * (services/photo-uploads.ts). Not replicated (no seq).
 */
export const photoUploads = sqliteTable(
  'photo_uploads',
  {
    /**
     * Made on the device before the first attempt (schema/ids.ts newId); unique per account only (issue
     * 40, L4): another person's photo under the same id is no conflict, so a PUT reveals nothing of it.
     */
    id: text('id').notNull(),
    userId: str('user_id'),
    /** Public path of the stored JPEG, /uploads/announcements/<id>-<8 hex>.jpg (with its WebP variants). */
    path: str('path'),
    createdAt: epochMs('created_at'),
    /** The announcement that uses it; '' while none does. */
    announcementId: strOrEmpty('announcement_id'),
    /** Bytes the photo arrived with: the account's unpublished photos have a quota (issue 40). */
    bytes: counter('bytes'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] }), index('photo_uploads_created').on(t.createdAt)],
);

/**
 * Web Push subscriptions (issue 23): one per device that said yes, tied to the session it was made with
 * (`session_hash` = sessions.token_hash), so it goes with that session — logout, logout everywhere, a
 * password change, account deletion — and when the push service answers 404/410. Keyed by the endpoint's
 * SHA-256 (an endpoint is unique to one browser profile). Not replicated.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: str('user_id'),
    sessionHash: str('session_hash'),
    endpoint: str('endpoint'),
    /** The browser's keys (base64url): P-256 public key and the 16-byte auth secret (RFC 8291). */
    p256dh: str('p256dh'),
    auth: str('auth'),
    createdAt: epochMs('created_at'),
  },
  (t) => [
    index('push_subscriptions_user').on(t.userId),
    index('push_subscriptions_session').on(t.sessionHash),
  ],
);

/**
 * Pushes waiting to go (issue 23): written in the unit of work of what they announce (a message, a
 * review), sent after the commit by each instance's sender (services/push-sender.ts), which claims due
 * jobs atomically (`claimed_until`), so with several instances each goes once. A failed send waits
 * `next_at` (backoff); jobs of one person and `tag` go as one notification.
 */
export const pushJobs = sqliteTable(
  'push_jobs',
  {
    id: text('id').primaryKey(),
    userId: str('user_id'),
    /** One notification per tag on the device ('chat-<conversation>', 'review-<author>'). */
    tag: str('tag'),
    /** What to show, as JSON (services/push-sender.ts builds the payload from it at send time). */
    payload: str('payload'),
    createdAt: epochMs('created_at'),
    nextAt: epochMs('next_at'),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: epochMs('claimed_until').default(0),
  },
  (t) => [index('push_jobs_due').on(t.nextAt)],
);

/** Values the server makes once and every instance shares (the VAPID key pair when not configured). */
export const serverKeys = sqliteTable('server_keys', {
  name: text('name').primaryKey(),
  value: str('value'),
});

/**
 * The catalogue's words (issue 20): every folded content word of the announcements' titles and
 * descriptions (schema/text.ts's contentWords), with how many announcements brought it. A misspelt query
 * word is corrected against it (repositories/search-vocab.ts; its trigram index is engine-specific:
 * FTS5 `trigram` on SQLite, pg_trgm on PostgreSQL). Filled from the announcements' change feed (seq) by a
 * periodic job; `docs` only grows (words of deleted announcements stay, with the count they had).
 */
export const searchVocab = sqliteTable('search_vocab', {
  word: text('word').primaryKey(),
  docs: integer('docs').notNull(),
  /** The word as the announcements write it, lower case ('căsătorie' for 'casatorie'); null: as `word`. */
  shown: text('shown'),
});

export type UserRow = typeof users.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type FavoriteRow = typeof favorites.$inferSelect;
export type DraftRow = typeof drafts.$inferSelect;
