import type { ConversationSummaryApi, MessageApi } from '../../../../schema/api/messages.ts';
import type { ConversationRow, MemberRow, MessageRow } from '../../../../schema/db/tables.ts';
import type { MessagingRepository } from '../../repositories/messaging.ts';
import type { ChatFiles } from '../../services/chat-files.ts';

type Card = MessageApi['senderInfo'];
const UNKNOWN: Card = { firstName: '', lastName: '', avatar: null };

/**
 * Messages as the REST answers show them to `reader`. A chat file's path becomes the reader's signed
 * link (services/chat-files.ts): a client of these calls shows it in an <img>, which sends no token.
 */
export async function toMessagesApi(
  repo: MessagingRepository,
  rows: MessageRow[],
  conversation: ConversationRow | undefined,
  reader: { id: string; files: Pick<ChatFiles, 'signedUrl'> },
): Promise<MessageApi[]> {
  const cards = await repo.userCards(rows.map((m) => m.senderId));
  const link = (path: string) => (path ? reader.files.signedUrl(path, reader.id) : Promise.resolve(''));
  const links = new Map<string, string>();
  for (const m of rows) {
    for (const path of [m.image, m.replyTo?.image ?? '']) {
      if (path && !links.has(path)) links.set(path, await link(path));
    }
  }
  const signed = (path: string) => links.get(path) ?? path;
  return rows.map((m) => ({
    _id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    senderRole: conversation?.sellerId === m.senderId ? 'vanzator' : 'cumparator',
    destinatarId: m.recipientId,
    announcementId: m.announcementId,
    text: m.text,
    image: signed(m.image),
    // Spec doc 2 §3: the file name. The sender's name for it when known, else the stored file's name.
    imageFile: m.image ? m.fileName || (m.image.split('/').at(-1) ?? '') : '',
    createdAt: m.createdAt,
    isRead: m.isRead,
    reactions: m.reactions,
    replyTo: m.replyTo ? { ...m.replyTo, image: signed(m.replyTo.image) } : null,
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
