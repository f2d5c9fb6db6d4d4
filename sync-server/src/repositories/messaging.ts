import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  type ConversationRow,
  conversationMembers,
  conversations,
  type MemberRow,
  type MessageRow,
  messages,
  type NotificationRow,
  notifications,
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
    notificationsChangedSince(userId: string, afterSeq: number, limit: number): NotificationRow[] {
      return db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), gt(notifications.seq, afterSeq)))
        .orderBy(asc(notifications.seq))
        .limit(limit)
        .all();
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
