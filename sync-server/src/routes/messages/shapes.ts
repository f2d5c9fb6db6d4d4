import type {
  ConversationRow,
  MemberRow,
  MessageRow,
  Reaction,
  ReplyTo,
} from '../../../../schema/db/tables.ts';
import type { MessagingRepository } from '../../repositories/messaging.ts';

type Card = { firstName: string; lastName: string; avatar: string | null };
const UNKNOWN: Card = { firstName: '', lastName: '', avatar: null };

/** A message as the chat reads it over REST (spec doc 2 §3): destinatarId is the recipient. */
export type MessageApi = {
  _id: string;
  conversationId: string;
  senderId: string;
  /** Derived from the conversation, never taken from the client: 'vanzator' is the announcement's owner. */
  senderRole: 'cumparator' | 'vanzator';
  destinatarId: string;
  announcementId: string;
  text: string;
  image: string;
  /** Stored file name of the attachment ('' when none). */
  imageFile: string;
  createdAt: string;
  isRead: boolean;
  reactions: Reaction[];
  replyTo: ReplyTo | null;
  senderInfo: Card;
};

/** One participant's conversation summary (the chat list). */
export type ConversationSummaryApi = {
  _id: string;
  conversationId: string;
  otherUser: { _id: string } & Card;
  announcementId: string;
  announcementTitle: string;
  announcementImage: string;
  lastMessage: string;
  lastMessageAt: string;
  lastSenderId: string;
  unread: boolean;
  unreadCount: number;
};

export function toMessagesApi(
  repo: MessagingRepository,
  rows: MessageRow[],
  conversation: ConversationRow | undefined,
): MessageApi[] {
  const cards = repo.userCards(rows.map((m) => m.senderId));
  return rows.map((m) => ({
    _id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    senderRole: conversation?.sellerId === m.senderId ? 'vanzator' : 'cumparator',
    destinatarId: m.recipientId,
    announcementId: m.announcementId,
    text: m.text,
    image: m.image,
    // Spec doc 2 §3: the file name. The sender's name for it when known, else the stored file's name.
    imageFile: m.image ? m.fileName || (m.image.split('/').at(-1) ?? '') : '',
    createdAt: m.createdAt,
    isRead: m.isRead,
    reactions: m.reactions,
    replyTo: m.replyTo ?? null,
    senderInfo: cards.get(m.senderId) ?? UNKNOWN,
  }));
}

export function toSummariesApi(repo: MessagingRepository, rows: MemberRow[]): ConversationSummaryApi[] {
  const users = repo.userCards(rows.map((m) => m.otherUserId));
  const anns = repo.announcementCards(rows.map((m) => m.announcementId));
  return rows.map((m) => {
    const ann = anns.get(m.announcementId);
    return {
      _id: m.conversationId,
      conversationId: m.conversationId,
      otherUser: { _id: m.otherUserId, ...(users.get(m.otherUserId) ?? UNKNOWN) },
      announcementId: m.announcementId,
      announcementTitle: ann?.title ?? '',
      announcementImage: ann?.image ?? '',
      lastMessage: m.lastMessageText,
      lastMessageAt: m.lastMessageAt,
      lastSenderId: m.lastSenderId,
      unread: m.unreadCount > 0,
      unreadCount: m.unreadCount,
    };
  });
}
