import { and, eq, or } from 'drizzle-orm';
import { BLANKED_CONTENT } from '../../../schema/announcement-api.ts';
import {
  announcements,
  chatUploads,
  conversationMembers,
  drafts,
  favorites,
  notifications,
  reviews,
  sessions,
  users,
} from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';

export type DeletionResult = { announcementIds: string[]; favoriteIds: string[]; files: string[] };

/**
 * Removes a person's data in one transaction (called inside it, with the seq source): their
 * announcements, favourites, draft, reviews (written and received), notifications and conversation list
 * become tombstones, so every device drops them; sessions go; the user row is scrubbed to a tombstone
 * (the email is freed). Messages stay: they are also the other participant's conversation.
 */
export async function deleteAccountData(db: Db, userId: string, seq: () => number): Promise<DeletionResult> {
  const [user] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).limit(1);
  const anns = await db
    .select({ id: announcements.id, images: announcements.images })
    .from(announcements)
    .where(and(eq(announcements.ownerId, userId), eq(announcements.deleted, false)));
  const favs = await db
    .select({ id: favorites.announcementId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.deleted, false)));

  for (const a of anns) {
    await db
      .update(announcements)
      .set({
        deleted: true,
        ...BLANKED_CONTENT,
        images: [],
        seq: seq(),
      })
      .where(eq(announcements.id, a.id));
  }
  for (const f of favs) {
    await db
      .update(favorites)
      .set({ deleted: true, seq: seq() })
      .where(and(eq(favorites.userId, userId), eq(favorites.announcementId, f.id)));
  }
  const hasDraft = await db.select({ userId: drafts.userId }).from(drafts).where(eq(drafts.userId, userId));
  if (hasDraft.length > 0) {
    await db
      .update(drafts)
      .set({
        deleted: true,
        title: '',
        description: '',
        contactPerson: '',
        contactEmail: '',
        contactPhone: '',
        seq: seq(),
      })
      .where(eq(drafts.userId, userId));
  }
  const revs = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(or(eq(reviews.authorId, userId), eq(reviews.userId, userId)), eq(reviews.deleted, false)));
  for (const r of revs) {
    await db
      .update(reviews)
      .set({ deleted: true, comment: '', likes: [], seq: seq() })
      .where(eq(reviews.id, r.id));
  }
  const notes = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.deleted, false)));
  for (const n of notes) {
    await db.update(notifications).set({ deleted: true, seq: seq() }).where(eq(notifications.id, n.id));
  }
  const convs = await db
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.userId, userId), eq(conversationMembers.deleted, false)));
  for (const c of convs) {
    await db
      .update(conversationMembers)
      .set({ deleted: true, seq: seq() })
      .where(and(eq(conversationMembers.userId, userId), eq(conversationMembers.conversationId, c.id)));
  }
  await db.delete(sessions).where(eq(sessions.userId, userId));
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
  return { announcementIds: anns.map((a) => a.id), favoriteIds: favs.map((f) => f.id), files };
}

/** The erasure above as a repository over one database handle (services call it inside their write). */
export function accountDeletionRepository(db: Db) {
  return { erase: (userId: string, seq: () => number) => deleteAccountData(db, userId, seq) };
}
export type AccountDeletionRepository = ReturnType<typeof accountDeletionRepository>;
