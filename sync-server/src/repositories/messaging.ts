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
import type { Db } from '../plugins/db.ts';

export function messagingRepository(db: Db) {
  return {
    conversation(id: string): ConversationRow | undefined {
      return db.select().from(conversations).where(eq(conversations.id, id)).get();
    },
    insertConversation(row: ConversationRow): void {
      db.insert(conversations).values(row).onConflictDoNothing().run();
    },
    member(conversationId: string, userId: string): MemberRow | undefined {
      return db
        .select()
        .from(conversationMembers)
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
        )
        .get();
    },
    putMember(row: MemberRow): void {
      const { conversationId: _c, userId: _u, ...set } = row;
      db.insert(conversationMembers)
        .values(row)
        .onConflictDoUpdate({ target: [conversationMembers.conversationId, conversationMembers.userId], set })
        .run();
    },
    membersChangedSince(userId: string, afterSeq: number, limit: number): MemberRow[] {
      return db
        .select()
        .from(conversationMembers)
        .where(and(eq(conversationMembers.userId, userId), gt(conversationMembers.seq, afterSeq)))
        .orderBy(asc(conversationMembers.seq))
        .limit(limit)
        .all();
    },
    /** Records who uploaded a chat file (idempotent: the first uploader stays). */
    recordUpload(path: string, userId: string, now = Date.now()): void {
      db.insert(chatUploads).values({ path, userId, createdAt: now }).onConflictDoNothing().run();
    },
    uploaderOf(path: string): string | null {
      return (
        db.select({ userId: chatUploads.userId }).from(chatUploads).where(eq(chatUploads.path, path)).get()
          ?.userId ?? null
      );
    },
    /** Chat files recorded before `before` (ms) that no live message uses: never sent, or deleted. */
    unusedUploads(before: number): string[] {
      return (
        db.$client
          .prepare(
            `SELECT path FROM chat_uploads
             WHERE created_at < ?
               AND path NOT IN (SELECT image FROM messages WHERE image != '' AND deleted = 0)`,
          )
          .all(before) as { path: string }[]
      ).map((r) => r.path);
    },
    forgetUpload(path: string): void {
      db.delete(chatUploads).where(eq(chatUploads.path, path)).run();
    },
    message(id: string): MessageRow | undefined {
      return db.select().from(messages).where(eq(messages.id, id)).get();
    },
    insertMessage(row: MessageRow): void {
      db.insert(messages).values(row).run();
    },
    updateMessage(id: string, set: Partial<MessageRow>): void {
      db.update(messages).set(set).where(eq(messages.id, id)).run();
    },
    /** Live messages of a conversation, oldest first. */
    liveMessages(conversationId: string): MessageRow[] {
      return db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), eq(messages.deleted, false)))
        .orderBy(asc(messages.createdAt))
        .all();
    },
    /** Unread messages addressed to `userId` in a conversation. */
    unreadFor(conversationId: string, userId: string): MessageRow[] {
      return db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            eq(messages.recipientId, userId),
            eq(messages.isRead, false),
            eq(messages.deleted, false),
          ),
        )
        .all();
    },
    /** A participant's messages in commit order: two indexed halves (sent, received) merged by seq. */
    messagesChangedSince(userId: string, afterSeq: number, limit: number): MessageRow[] {
      const sent = db
        .select()
        .from(messages)
        .where(and(eq(messages.senderId, userId), gt(messages.seq, afterSeq)))
        .orderBy(asc(messages.seq))
        .limit(limit)
        .all();
      const received = db
        .select()
        .from(messages)
        .where(and(eq(messages.recipientId, userId), gt(messages.seq, afterSeq)))
        .orderBy(asc(messages.seq))
        .limit(limit)
        .all();
      const seen = new Set<string>();
      return [...sent, ...received]
        .sort((a, b) => a.seq - b.seq)
        .filter((m) => !seen.has(m.id) && seen.add(m.id))
        .slice(0, limit);
    },
    notification(id: string): NotificationRow | undefined {
      return db.select().from(notifications).where(eq(notifications.id, id)).get();
    },
    insertNotification(row: NotificationRow): void {
      db.insert(notifications).values(row).run();
    },
    updateNotification(id: string, set: Partial<NotificationRow>): void {
      db.update(notifications).set(set).where(eq(notifications.id, id)).run();
    },
    /** Live notifications of a user about a conversation (removed when that chat is opened). */
    notificationsFor(userId: string, conversationId: string): NotificationRow[] {
      return db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.conversationId, conversationId),
            eq(notifications.deleted, false),
          ),
        )
        .all();
    },
    /**
     * Live notifications a review author's review gave its reviewed user: no conversation, from the author,
     * linking to the reviewed user's profile (one live review per author and user, so these are its own).
     */
    reviewNotificationsFor(userId: string, authorId: string): NotificationRow[] {
      return db
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
        )
        .all();
    },
    notificationsChangedSince(userId: string, afterSeq: number, limit: number): NotificationRow[] {
      return db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), gt(notifications.seq, afterSeq)))
        .orderBy(asc(notifications.seq))
        .limit(limit)
        .all();
    },
    /** A user's live notifications, newest first (REST list). */
    liveNotificationsOf(userId: string): NotificationRow[] {
      return db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.deleted, false)))
        .orderBy(desc(notifications.createdAt), desc(notifications.seq))
        .all();
    },
    /** A user's live conversation summaries, most recent activity first (REST list). */
    liveMembersOf(userId: string): MemberRow[] {
      return db
        .select()
        .from(conversationMembers)
        .where(and(eq(conversationMembers.userId, userId), eq(conversationMembers.deleted, false)))
        .orderBy(desc(conversationMembers.lastMessageAt))
        .all();
    },
    /** Public cards (name and avatar only) of the given users, by id. */
    userCards(ids: string[]): Map<string, { firstName: string; lastName: string; avatar: string | null }> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatar })
        .from(users)
        .where(inArray(users.id, unique))
        .all();
      return new Map(rows.map(({ id, ...card }) => [id, card]));
    },
    /** Title and cover of the announcements conversations are about (kept for deleted ones too). */
    announcementCards(ids: string[]): Map<string, { title: string; image: string }> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = db
        .select({ id: announcements.id, title: announcements.title, images: announcements.images })
        .from(announcements)
        .where(inArray(announcements.id, unique))
        .all();
      return new Map(rows.map((r) => [r.id, { title: r.title, image: r.images[0] ?? '' }]));
    },
    /** The public card and last activity of users (the chat list's other participant over REST). */
    participantCards(
      ids: string[],
    ): Map<string, { firstName: string; lastName: string; avatar: string | null; lastSeen: string }> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          avatar: users.avatar,
          lastSeen: users.lastSeen,
        })
        .from(users)
        .where(inArray(users.id, unique))
        .all();
      return new Map(rows.map(({ id, ...card }) => [id, card]));
    },
    /** The seller (the announcement's owner when the conversation began) of each conversation. */
    sellersOf(conversationIds: string[]): Map<string, string> {
      const unique = [...new Set(conversationIds)];
      if (unique.length === 0) return new Map();
      const rows = db
        .select({ id: conversations.id, sellerId: conversations.sellerId })
        .from(conversations)
        .where(inArray(conversations.id, unique))
        .all();
      return new Map(rows.map((r) => [r.id, r.sellerId]));
    },
    countLive(conversationId: string): number {
      const r = db
        .select({ n: sql<number>`count(*)` })
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), eq(messages.deleted, false)))
        .get();
      return r?.n ?? 0;
    },
  };
}
export type MessagingRepository = ReturnType<typeof messagingRepository>;
