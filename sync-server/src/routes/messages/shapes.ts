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

/**
 * One participant's conversation summary (the chat list). A superset for every client: `otherUser` and
 * the flat last-message fields as before, and the shape the spec's web client reads (issue 12 item 19):
 * `otherParticipant` (public fields only), `lastMessage` as an object and `announcementOwnerId`. The
 * last message's text as a plain string is `lastMessageText` (it was `lastMessage` before that became
 * the object).
 */
export type ConversationSummaryApi = {
  _id: string;
  conversationId: string;
  otherUser: { _id: string } & Card;
  otherParticipant: { id: string; lastSeen: string | null } & Card;
  announcementId: string;
  announcementOwnerId: string;
  announcementTitle: string;
  announcementImage: string;
  lastMessage: { text: string; senderId: string; createdAt: string };
  lastMessageText: string;
  lastMessageAt: string;
  lastSenderId: string;
  unread: boolean;
  unreadCount: number;
};

const str = { type: 'string' } as const;
const card = {
  firstName: str,
  lastName: str,
  avatar: { type: ['string', 'null'] },
} as const;
/** OpenAPI/serialisation schema of the chat list (ConversationSummaryApi). */
export const conversationSummariesSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      _id: str,
      conversationId: str,
      otherUser: { type: 'object', properties: { _id: str, ...card } },
      otherParticipant: {
        type: 'object',
        description: 'Celălalt participant: doar câmpuri publice.',
        properties: { id: str, ...card, lastSeen: { type: ['string', 'null'] } },
      },
      announcementId: str,
      announcementOwnerId: { ...str, description: 'Proprietarul anunțului (vânzătorul conversației).' },
      announcementTitle: str,
      announcementImage: str,
      lastMessage: {
        type: 'object',
        properties: { text: str, senderId: str, createdAt: str },
      },
      lastMessageText: {
        ...str,
        description: 'Textul ultimului mesaj („Imagine” pentru o imagine fără text).',
      },
      lastMessageAt: str,
      lastSenderId: str,
      unread: { type: 'boolean' },
      unreadCount: { type: 'integer' },
    },
  },
} as const;

export async function toMessagesApi(
  repo: MessagingRepository,
  rows: MessageRow[],
  conversation: ConversationRow | undefined,
): Promise<MessageApi[]> {
  const cards = await repo.userCards(rows.map((m) => m.senderId));
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

export async function toSummariesApi(
  repo: MessagingRepository,
  rows: MemberRow[],
): Promise<ConversationSummaryApi[]> {
  const users = await repo.participantCards(rows.map((m) => m.otherUserId));
  const anns = await repo.announcementCards(rows.map((m) => m.announcementId));
  const sellers = await repo.sellersOf(rows.map((m) => m.conversationId));
  return rows.map((m) => {
    const ann = anns.get(m.announcementId);
    const other = users.get(m.otherUserId);
    const card: Card = other
      ? { firstName: other.firstName, lastName: other.lastName, avatar: other.avatar }
      : UNKNOWN;
    return {
      _id: m.conversationId,
      conversationId: m.conversationId,
      otherUser: { _id: m.otherUserId, ...card },
      otherParticipant: { id: m.otherUserId, ...card, lastSeen: other?.lastSeen ?? null },
      announcementId: m.announcementId,
      announcementOwnerId: sellers.get(m.conversationId) ?? '',
      announcementTitle: ann?.title ?? '',
      announcementImage: ann?.image ?? '',
      lastMessage: { text: m.lastMessageText, senderId: m.lastSenderId, createdAt: m.lastMessageAt },
      lastMessageText: m.lastMessageText,
      lastMessageAt: m.lastMessageAt,
      lastSenderId: m.lastSenderId,
      unread: m.unreadCount > 0,
      unreadCount: m.unreadCount,
    };
  });
}
