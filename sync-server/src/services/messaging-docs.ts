import type { MemberRow, MessageRow, NotificationRow } from '../../../schema/db/tables.ts';
import type { ConversationDoc, MessageDoc, NotificationDoc } from '../../../schema/entities.ts';

/** Messaging rows as the replicated documents. */

export const toMessageDoc = (m: MessageRow): MessageDoc => ({
  id: m.id,
  conversationId: m.conversationId,
  announcementId: m.announcementId,
  senderId: m.senderId,
  recipientId: m.recipientId,
  text: m.text,
  image: m.image,
  fileName: m.fileName,
  replyTo: m.replyTo ?? null,
  reactions: m.reactions,
  isRead: m.isRead,
  createdAt: m.createdAt,
});

export const toConversationDoc = (m: MemberRow): ConversationDoc => ({
  id: m.conversationId,
  otherUserId: m.otherUserId,
  announcementId: m.announcementId,
  lastMessageText: m.lastMessageText,
  lastMessageAt: m.lastMessageAt,
  lastSenderId: m.lastSenderId,
  unreadCount: m.unreadCount,
  lastReadAt: m.lastReadAt,
});

export const toNotificationDoc = (n: NotificationRow): NotificationDoc => ({
  id: n.id,
  senderId: n.senderId,
  conversationId: n.conversationId,
  link: n.link,
  message: n.message,
  read: n.read,
  createdAt: n.createdAt,
});
