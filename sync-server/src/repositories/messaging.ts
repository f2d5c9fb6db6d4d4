import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  announcements,
  type ConversationRow,
  chatUploads,
  conversationMembers,
  conversations,
  type MemberRow,
  type MessageRow,
  messages,
  type NotificationRow,
  notifications,
  users,
} from '../../../schema/db/tables.ts';
import { rawAll } from '../lib/sql.ts';
import type { Db } from '../plugins/db.ts';
import { changedAfter, firstRow, live, mapById, matching, rowsById } from './queries.ts';

export function messagingRepository(db: Db) {
  const messageRows = rowsById(db, messages);
  const notificationRows = rowsById(db, notifications);
  const userCard = {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    avatar: users.avatar,
  };
  return {
    conversation: (id: string): Promise<ConversationRow | undefined> =>
      firstRow(db, conversations, eq(conversations.id, id)),
    async insertConversation(row: ConversationRow): Promise<void> {
      await db.insert(conversations).values(row).onConflictDoNothing();
    },
    member: (conversationId: string, userId: string): Promise<MemberRow | undefined> =>
      firstRow(db, conversationMembers, matching(conversationMembers, { conversationId, userId })),
    async putMember(row: MemberRow): Promise<void> {
      const { conversationId: _c, userId: _u, ...set } = row;
      await db
        .insert(conversationMembers)
        .values(row)
        .onConflictDoUpdate({
          target: [conversationMembers.conversationId, conversationMembers.userId],
          set,
        });
    },
    membersChangedSince: (userId: string, afterSeq: number, limit: number): Promise<MemberRow[]> =>
      changedAfter(db, conversationMembers, {
        afterSeq,
        limit,
        scope: eq(conversationMembers.userId, userId),
      }),
    /** Records who uploaded a chat file and its size (idempotent: the first uploader stays). */
    async recordUpload(path: string, userId: string, now = Date.now(), bytes = 0): Promise<void> {
      await db.insert(chatUploads).values({ path, userId, createdAt: now, bytes }).onConflictDoNothing();
    },
    /**
     * Bytes of `userId`'s chat files recorded since `since` (ms) that no live message uses: the files
     * waiting for their message, which have a quota (issue 40). Older unused ones are being purged.
     */
    async unsentBytesOf(userId: string, since: number): Promise<number> {
      const [row] = await rawAll<{ total: number | string | null }>(
        db,
        sql`SELECT COALESCE(SUM(u.bytes), 0) AS total FROM chat_uploads u
            WHERE u.user_id = ${userId} AND u.created_at >= ${since}
              AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.image = u.path AND m.deleted = 0)`,
      );
      return Number(row?.total ?? 0);
    },
    async uploaderOf(path: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: chatUploads.userId })
        .from(chatUploads)
        .where(eq(chatUploads.path, path))
        .limit(1);
      return row?.userId ?? null;
    },
    /** Chat files recorded before `before` (ms) that no live message uses: never sent, or deleted. */
    async unusedUploads(before: number): Promise<string[]> {
      const rows = await rawAll<{ path: string }>(
        db,
        sql`SELECT path FROM chat_uploads
            WHERE created_at < ${before}
              AND path NOT IN (SELECT image FROM messages WHERE image != '' AND deleted = 0)`,
      );
      return rows.map((r) => r.path);
    },
    /** True when a live message names the chat file and `userId` sent or received it. */
    async fileSharedWith(path: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.image, path),
            eq(messages.deleted, false),
            or(eq(messages.senderId, userId), eq(messages.recipientId, userId)),
          ),
        )
        .limit(1);
      return !!row;
    },
    /** True when some live message still names the chat file. */
    async fileInUse(path: string): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.image, path), eq(messages.deleted, false)))
        .limit(1);
      return !!row;
    },
    async forgetUpload(path: string): Promise<void> {
      await db.delete(chatUploads).where(eq(chatUploads.path, path));
    },
    message: messageRows.get,
    insertMessage: messageRows.insert,
    updateMessage: messageRows.update,
    /** Live messages of a conversation, oldest first. */
    liveMessages: (conversationId: string): Promise<MessageRow[]> =>
      db.select().from(messages).where(live(messages, { conversationId })).orderBy(asc(messages.createdAt)),
    /** Unread messages addressed to `userId` in a conversation. */
    unreadFor: (conversationId: string, userId: string): Promise<MessageRow[]> =>
      db
        .select()
        .from(messages)
        .where(live(messages, { conversationId, recipientId: userId, isRead: false })),
    /** A participant's messages in commit order: two indexed halves (sent, received) merged by seq. */
    async messagesChangedSince(userId: string, afterSeq: number, limit: number): Promise<MessageRow[]> {
      const half = (scope: SQL) => changedAfter(db, messages, { afterSeq, limit, scope });
      const sent = await half(eq(messages.senderId, userId));
      const received = await half(eq(messages.recipientId, userId));
      const seen = new Set<string>();
      return [...sent, ...received]
        .sort((a, b) => a.seq - b.seq)
        .filter((m) => !seen.has(m.id) && seen.add(m.id))
        .slice(0, limit);
    },
    notification: notificationRows.get,
    insertNotification: notificationRows.insert,
    updateNotification: notificationRows.update,
    /** Live notifications of a user about a conversation (removed when that chat is opened). */
    notificationsFor: (userId: string, conversationId: string): Promise<NotificationRow[]> =>
      db.select().from(notifications).where(live(notifications, { userId, conversationId })),
    /**
     * Live notifications a review author's review gave its reviewed user: no conversation, from the author,
     * linking to the reviewed user's profile (one live review per author and user, so these are its own).
     */
    reviewNotificationsFor: (userId: string, authorId: string): Promise<NotificationRow[]> =>
      db
        .select()
        .from(notifications)
        .where(
          live(notifications, { userId, senderId: authorId, conversationId: '', link: `/profil/${userId}` }),
        ),
    notificationsChangedSince: (
      userId: string,
      afterSeq: number,
      limit: number,
    ): Promise<NotificationRow[]> =>
      changedAfter(db, notifications, { afterSeq, limit, scope: eq(notifications.userId, userId) }),
    /** A user's live notifications, newest first (REST list). */
    liveNotificationsOf: (userId: string): Promise<NotificationRow[]> =>
      db
        .select()
        .from(notifications)
        .where(live(notifications, { userId }))
        .orderBy(desc(notifications.createdAt), desc(notifications.seq)),
    /** A user's live conversation summaries, most recent activity first (REST list). */
    liveMembersOf: (userId: string): Promise<MemberRow[]> =>
      db
        .select()
        .from(conversationMembers)
        .where(live(conversationMembers, { userId }))
        .orderBy(desc(conversationMembers.lastMessageAt)),
    /** Public cards (name and avatar only) of the given users, by id. */
    userCards: (ids: string[]) =>
      mapById(
        ids,
        (part) => db.select(userCard).from(users).where(inArray(users.id, part)),
        ({ id: _id, ...card }) => card,
      ),
    /** Title and cover of the announcements conversations are about (kept for deleted ones too). */
    announcementCards: (ids: string[]): Promise<Map<string, { title: string; image: string }>> =>
      mapById(
        ids,
        (part) =>
          db
            .select({ id: announcements.id, title: announcements.title, images: announcements.images })
            .from(announcements)
            .where(inArray(announcements.id, part)),
        (r) => ({ title: r.title, image: r.images[0] ?? '' }),
      ),
    /** The public card and last activity of users (the chat list's other participant over REST). */
    participantCards: (ids: string[]) =>
      mapById(
        ids,
        (part) =>
          db
            .select({ ...userCard, lastSeen: users.lastSeen })
            .from(users)
            .where(inArray(users.id, part)),
        ({ id: _id, ...card }) => card,
      ),
    /** The seller (the announcement's owner when the conversation began) of each conversation. */
    sellersOf: (conversationIds: string[]): Promise<Map<string, string>> =>
      mapById(
        conversationIds,
        (part) =>
          db
            .select({ id: conversations.id, sellerId: conversations.sellerId })
            .from(conversations)
            .where(inArray(conversations.id, part)),
        (r) => r.sellerId,
      ),
    async countLive(conversationId: string): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)` })
        .from(messages)
        .where(live(messages, { conversationId }));
      return r?.n ?? 0;
    },
  };
}
export type MessagingRepository = ReturnType<typeof messagingRepository>;
