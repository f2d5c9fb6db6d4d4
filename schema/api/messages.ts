import { z } from 'zod';
import { reactionSchema, replyToSchema } from '../entities.ts';
import { MESSAGE_LIMITS } from '../rules/messages.ts';

/** The sender's (or other participant's) public card in the chat. */
const card = { firstName: z.string(), lastName: z.string(), avatar: z.string().nullable() };

/** A message as the chat reads it over REST (spec doc 2 §3): destinatarId is the recipient. */
export const messageApi = z.object({
  _id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  /** Derived from the conversation, never taken from the client: 'vanzator' is the announcement's owner. */
  senderRole: z.enum(['cumparator', 'vanzator']),
  destinatarId: z.string(),
  announcementId: z.string(),
  text: z.string(),
  image: z.string(),
  /** Stored file name of the attachment ('' when none). */
  imageFile: z.string(),
  createdAt: z.string(),
  isRead: z.boolean(),
  reactions: z.array(reactionSchema),
  replyTo: replyToSchema.nullable(),
  senderInfo: z.object(card),
});
export type MessageApi = z.infer<typeof messageApi>;

/**
 * One participant's conversation summary (the chat list). A superset for every client: `otherUser` and
 * the flat last-message fields as before, and the shape the spec's web client reads (issue 12 item 19):
 * `otherParticipant` (public fields only), `lastMessage` as an object and `announcementOwnerId`.
 */
export const conversationSummaryApi = z.object({
  _id: z.string(),
  conversationId: z.string(),
  otherUser: z.object({ _id: z.string(), ...card }),
  otherParticipant: z
    .object({ id: z.string(), ...card, lastSeen: z.string().nullable() })
    .describe('Celălalt participant: doar câmpuri publice.'),
  announcementId: z.string(),
  announcementOwnerId: z.string().describe('Proprietarul anunțului (vânzătorul conversației).'),
  announcementTitle: z.string(),
  announcementImage: z.string(),
  lastMessage: z.object({ text: z.string(), senderId: z.string(), createdAt: z.string() }),
  lastMessageText: z.string().describe('Textul ultimului mesaj („Imagine” pentru o imagine fără text).'),
  lastMessageAt: z.string(),
  lastSenderId: z.string(),
  unread: z.boolean(),
  unreadCount: z.number().int(),
});
export type ConversationSummaryApi = z.infer<typeof conversationSummaryApi>;

// Bodies stay loose: the shared rules answer with the spec's Romanian messages, not the validator.
const short = z.string().max(200);
const longText = z.string().max(MESSAGE_LIMITS.textMax * 4);

/** The spec sends no body; a client may name the newest message it has shown. */
export const markReadBody = z.object({ upToMessageId: short.optional() }).nullable();
export const markReadAnswer = z.object({ message: z.string(), conversationId: z.string() });

/** POST /api/messages as JSON. conversationId, senderId and senderRole are accepted and ignored. */
export const sendJsonBody = z.object({
  conversationId: short.optional(),
  senderId: short.optional(),
  senderRole: short.optional(),
  destinatarId: short.optional(),
  announcementId: short.optional(),
  text: longText.optional(),
  replyTo: z
    .object({
      messageId: short.optional(),
      senderId: short.optional(),
      text: longText.optional(),
      image: z.string().max(500).optional(),
    })
    .nullable()
    .optional(),
});
export const attachmentAnswer = z.object({ image: z.string() });
export const reactBody = z.object({ emoji: z.string().max(64).optional() });
export const reactAnswer = z.object({ reactions: z.array(reactionSchema) });
