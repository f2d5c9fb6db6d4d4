import { index, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { MessageDoc } from '../entities.ts';
import { counter, epochMs, flag, id, jsonList, replicated, str, strOrEmpty } from './columns.ts';

/**
 * The chat's tables: conversations, each member's view of them, messages, their files and notifications.
 * Exported again by ./tables.ts, the module drizzle-kit reads.
 */

/** A conversation about one announcement between its seller and one buyer (id: seller-buyer-announcement). */
export const conversations = sqliteTable('conversations', {
  id: id(),
  sellerId: str('seller_id'),
  buyerId: str('buyer_id'),
  announcementId: str('announcement_id'),
  createdAt: str('created_at'),
});

/** Each participant's view of a conversation (the replicated "conversations" document). */
export const conversationMembers = sqliteTable(
  'conversation_members',
  {
    conversationId: str('conversation_id'),
    userId: str('user_id'),
    otherUserId: str('other_user_id'),
    announcementId: str('announcement_id'),
    lastMessageText: strOrEmpty('last_message_text'),
    lastMessageAt: str('last_message_at'),
    lastSenderId: strOrEmpty('last_sender_id'),
    unreadCount: counter('unread_count'),
    lastReadAt: strOrEmpty('last_read_at'),
    ...replicated(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('members_user_seq').on(t.userId, t.seq),
  ],
);

/** As in the message entity (schema/entities.ts). */
export type Reaction = MessageDoc['reactions'][number];
export type ReplyTo = NonNullable<MessageDoc['replyTo']>;

export const messages = sqliteTable(
  'messages',
  {
    id: id(),
    conversationId: str('conversation_id'),
    announcementId: str('announcement_id'),
    senderId: str('sender_id'),
    recipientId: str('recipient_id'),
    text: strOrEmpty('text'),
    image: strOrEmpty('image'),
    /** The attachment's name as the sender's device called it (fitAttachmentName), '' for none. */
    fileName: strOrEmpty('file_name'),
    replyTo: text('reply_to', { mode: 'json' }).$type<ReplyTo | null>(),
    reactions: jsonList<Reaction>('reactions'),
    isRead: flag('is_read', false),
    createdAt: str('created_at'),
    ...replicated(),
  },
  (t) => [
    uniqueIndex('messages_seq').on(t.seq),
    index('messages_conversation').on(t.conversationId, t.createdAt),
    index('messages_sender_seq').on(t.senderId, t.seq),
    index('messages_recipient_seq').on(t.recipientId, t.seq),
    // Who may read a chat file: the people of a live message naming it (GET /uploads/chat/…, issue 21).
    index('messages_image').on(t.image),
  ],
);

/**
 * Chat files this server stored (POST /api/messages/attachments, or with a message sent by REST) and who
 * uploaded them: a message pushed over sync may only point at a file its own sender uploaded.
 */
export const chatUploads = sqliteTable(
  'chat_uploads',
  {
    /** Public path, /uploads/chat/<32 hex>.<ext>. */
    path: text('path').primaryKey(),
    userId: str('user_id'),
    createdAt: epochMs('created_at'),
    /** Bytes the file arrived with: an account's files not yet sent have a quota (issue 40). */
    bytes: counter('bytes'),
  },
  // The quota sums one account's recent uploads.
  (t) => [index('chat_uploads_user').on(t.userId, t.createdAt)],
);

export const notifications = sqliteTable(
  'notifications',
  {
    id: id(),
    userId: str('user_id'),
    senderId: str('sender_id'),
    conversationId: str('conversation_id'),
    link: str('link'),
    message: str('message'),
    read: flag('read', false),
    createdAt: str('created_at'),
    ...replicated(),
  },
  (t) => [index('notifications_user_seq').on(t.userId, t.seq)],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MemberRow = typeof conversationMembers.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
