import { and, eq, getTableColumns, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { BLANKED_CONTENT } from '../../../schema/announcement-api.ts';
import {
  announcements,
  blocks,
  chatUploads,
  conversationMembers,
  drafts,
  favorites,
  notifications,
  pushSubscriptions,
  reviews,
  sessions,
  users,
} from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';
import { live } from './queries.ts';

type Erasable = SQLiteTable & { deleted: SQLiteColumn; seq: SQLiteColumn };

/**
 * Makes every live row of `table` within `scope` a tombstone, each with its own seq and `blank` written
 * over its content; rows are told apart by their `key` columns. Answers the rows as they were.
 */
function tombstoner(db: Db, seq: () => number) {
  return async <T extends Erasable>(
    table: T,
    scope: SQL | undefined,
    key: (keyof T['$inferSelect'] & string)[],
    blank: Partial<T['$inferInsert']> = {},
  ): Promise<T['$inferSelect'][]> => {
    const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
    const rows = (await db
      .select()
      .from(table)
      .where(and(live(table), scope))) as T['$inferSelect'][];
    for (const row of rows) {
      await db
        .update(table)
        .set({ ...blank, deleted: true, seq: seq() })
        .where(and(...key.map((k) => eq(columns[k]!, row[k]))));
    }
    return rows;
  };
}

export type DeletionResult = {
  announcementIds: string[];
  favoriteIds: string[];
  files: string[];
  /** The announcements' titles and descriptions as they were: whose words may leave the vocabulary. */
  texts: string[];
};

/** The draft keeps no photos on the server: its blanked texts only. */
const { images: _photos, ...DRAFT_BLANKED } = BLANKED_CONTENT;

/**
 * Removes a person's data in one transaction (called inside it, with the seq source): their
 * announcements, favourites, draft, reviews (written and received), notifications and conversation list
 * become tombstones, so every device drops them; sessions go; the user row is scrubbed to a tombstone
 * (the email is freed). Messages stay: they are also the other participant's conversation.
 */
export async function deleteAccountData(db: Db, userId: string, seq: () => number): Promise<DeletionResult> {
  const [user] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).limit(1);
  const tombstones = tombstoner(db, seq);
  // The analysed copies of the title and description go with them (issue 45): a deleted person's words
  // leave the search index (FTS triggers, PostgreSQL's vectors, the search threads' memory) at once, not
  // at the purge.
  const anns = await tombstones(announcements, eq(announcements.ownerId, userId), ['id'], {
    ...BLANKED_CONTENT,
    searchTitle: '',
    searchText: '',
    titleKey: '',
  });
  const favs = await tombstones(favorites, eq(favorites.userId, userId), ['userId', 'announcementId']);
  const hasDraft = await db.select({ userId: drafts.userId }).from(drafts).where(eq(drafts.userId, userId));
  if (hasDraft.length > 0) {
    await db
      .update(drafts)
      // The draft keeps no photos on the server (they stay on the device that chose them): its texts only.
      .set({ deleted: true, ...DRAFT_BLANKED, seq: seq() })
      .where(eq(drafts.userId, userId));
  }
  await tombstones(reviews, or(eq(reviews.authorId, userId), eq(reviews.userId, userId)), ['id'], {
    comment: '',
    likes: [],
  });
  await tombstones(notifications, eq(notifications.userId, userId), ['id']);
  await tombstones(conversationMembers, eq(conversationMembers.userId, userId), ['userId', 'conversationId']);
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  // Blocks made by the person and of them (issue 24); their reports stay for the moderators.
  await db.delete(blocks).where(or(eq(blocks.userId, userId), eq(blocks.blockedId, userId)));
  // Who uploaded which chat file is the person's data too (the files stay: messages are shared).
  await db.delete(chatUploads).where(eq(chatUploads.userId, userId));
  await db
    .update(users)
    .set({
      deleted: true,
      email: `deleted-${userId}@hobbiz.invalid`,
      passwordHash: '!',
      firstName: '',
      lastName: '',
      phone: '',
      localitate: '',
      avatar: null,
      seq: seq(),
    })
    .where(eq(users.id, userId));

  const files = anns.flatMap((a) => a.images);
  if (user?.avatar) files.push(user.avatar);
  return {
    announcementIds: anns.map((a) => a.id),
    favoriteIds: favs.map((f) => f.announcementId),
    files,
    texts: anns.map((a) => `${a.title} ${a.description}`),
  };
}

/** The erasure above as a repository over one database handle (services call it inside their write). */
export function accountDeletionRepository(db: Db) {
  return { erase: (userId: string, seq: () => number) => deleteAccountData(db, userId, seq) };
}
export type AccountDeletionRepository = ReturnType<typeof accountDeletionRepository>;
