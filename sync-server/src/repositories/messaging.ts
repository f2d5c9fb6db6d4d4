import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
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

export function messagingRepository(db: Db) {
  return {
    async conversation(id: string): Promise<ConversationRow | undefined> {
      const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
      return row;
    },
    async insertConversation(row: ConversationRow): Promise<void> {
      await db.insert(conversations).values(row).onConflictDoNothing();
    },
    async member(conversationId: string, userId: string): Promise<MemberRow | undefined> {
      const [row] = await db
        .select()
        .from(conversationMembers)
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
        )
        .limit(1);
      return row;
    },
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
    async membersChangedSince(userId: string, afterSeq: number, limit: number): Promise<MemberRow[]> {
      return await db
        .select()
        .from(conversationMembers)
        .where(and(eq(conversationMembers.userId, userId), gt(conversationMembers.seq, afterSeq)))
        .orderBy(asc(conversationMembers.seq))
        .limit(limit);
    },
    /** Records who uploaded a chat file (idempotent: the first uploader stays). */
    async recordUpload(path: string, userId: string, now = Date.now()): Promise<void> {
      await db.insert(chatUploads).values({ path, userId, createdAt: now }).onConflictDoNothing();
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
    async forgetUpload(path: string): Promise<void> {
      await db.delete(chatUploads).where(eq(chatUploads.path, path));
    },
    async message(id: string): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
      return row;
    },
    async insertMessage(row: MessageRow): Promise<void> {
      await db.insert(messages).values(row);
    },
    async updateMessage(id: string, set: Partial<MessageRow>): Promise<void> {
      await db.update(messages).set(set).where(eq(messages.id, id));
    },
    /** Live messages of a conversation, oldest first. */
    async liveMessages(conversationId: string): Promise<MessageRow[]> {
      return await db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), eq(messages.deleted, false)))
        .orderBy(asc(messages.createdAt));
    },
    /** Unread messages addressed to `userId` in a conversation. */
    async unreadFor(conversationId: string, userId: string): Promise<MessageRow[]> {
      return await db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            eq(messages.recipientId, userId),
            eq(messages.isRead, false),
            eq(messages.deleted, false),
          ),
        );
    },
    /** A participant's messages in commit order: two indexed halves (sent, received) merged by seq. */
    async messagesChangedSince(userId: string, afterSeq: number, limit: number): Promise<MessageRow[]> {
      const sent = await db
        .select()
        .from(messages)
        .where(and(eq(messages.senderId, userId), gt(messages.seq, afterSeq)))
        .orderBy(asc(messages.seq))
        .limit(limit);
      const received = await db
        .select()
        .from(messages)
        .where(and(eq(messages.recipientId, userId), gt(messages.seq, afterSeq)))
        .orderBy(asc(messages.seq))
        .limit(limit);
      const seen = new Set<string>();
      return [...sent, ...received]
        .sort((a, b) => a.seq - b.seq)
        .filter((m) => !seen.has(m.id) && seen.add(m.id))
        .slice(0, limit);
    },
    async notification(id: string): Promise<NotificationRow | undefined> {
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
      return row;
    },
    async insertNotification(row: NotificationRow): Promise<void> {
      await db.insert(notifications).values(row);
    },
    async updateNotification(id: string, set: Partial<NotificationRow>): Promise<void> {
      await db.update(notifications).set(set).where(eq(notifications.id, id));
    },
    /** Live notifications of a user about a conversation (removed when that chat is opened). */
    async notificationsFor(userId: string, conversationId: string): Promise<NotificationRow[]> {
      return await db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.conversationId, conversationId),
            eq(notifications.deleted, false),
          ),
        );
    },
    /**
     * Live notifications a review author's review gave its reviewed user: no conversation, from the author,
     * linking to the reviewed user's profile (one live review per author and user, so these are its own).
     */
    async reviewNotificationsFor(userId: string, authorId: string): Promise<NotificationRow[]> {
      return await db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.senderId, authorId),
            eq(notifications.conversationId, ''),
            eq(notifications.link, `/profil/${userId}`),
            eq(notifications.deleted, false),
          ),
        );
    },
    async notificationsChangedSince(
      userId: string,
      afterSeq: number,
      limit: number,
    ): Promise<NotificationRow[]> {
      return await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), gt(notifications.seq, afterSeq)))
        .orderBy(asc(notifications.seq))
        .limit(limit);
    },
    /** A user's live notifications, newest first (REST list). */
    async liveNotificationsOf(userId: string): Promise<NotificationRow[]> {
      return await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.deleted, false)))
        .orderBy(desc(notifications.createdAt), desc(notifications.seq));
    },
    /** A user's live conversation summaries, most recent activity first (REST list). */
    async liveMembersOf(userId: string): Promise<MemberRow[]> {
      return await db
        .select()
        .from(conversationMembers)
        .where(and(eq(conversationMembers.userId, userId), eq(conversationMembers.deleted, false)))
        .orderBy(desc(conversationMembers.lastMessageAt));
    },
    /** Public cards (name and avatar only) of the given users, by id. */
    async userCards(
      ids: string[],
    ): Promise<Map<string, { firstName: string; lastName: string; avatar: string | null }>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatar })
        .from(users)
        .where(inArray(users.id, unique));
      return new Map(rows.map(({ id, ...card }) => [id, card]));
    },
    /** Title and cover of the announcements conversations are about (kept for deleted ones too). */
    async announcementCards(ids: string[]): Promise<Map<string, { title: string; image: string }>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db
        .select({ id: announcements.id, title: announcements.title, images: announcements.images })
        .from(announcements)
        .where(inArray(announcements.id, unique));
      return new Map(rows.map((r) => [r.id, { title: r.title, image: r.images[0] ?? '' }]));
    },
    /** The public card and last activity of users (the chat list's other participant over REST). */
    async participantCards(
      ids: string[],
    ): Promise<
      Map<string, { firstName: string; lastName: string; avatar: string | null; lastSeen: string }>
    > {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          avatar: users.avatar,
          lastSeen: users.lastSeen,
        })
        .from(users)
        .where(inArray(users.id, unique));
      return new Map(rows.map(({ id, ...card }) => [id, card]));
    },
    /** The seller (the announcement's owner when the conversation began) of each conversation. */
    async sellersOf(conversationIds: string[]): Promise<Map<string, string>> {
      const unique = [...new Set(conversationIds)];
      if (unique.length === 0) return new Map();
      const rows = await db
        .select({ id: conversations.id, sellerId: conversations.sellerId })
        .from(conversations)
        .where(inArray(conversations.id, unique));
      return new Map(rows.map((r) => [r.id, r.sellerId]));
    },
    async countLive(conversationId: string): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)` })
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), eq(messages.deleted, false)));
      return r?.n ?? 0;
    },
  };
}
export type MessagingRepository = ReturnType<typeof messagingRepository>;
