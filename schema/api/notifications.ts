import { z } from 'zod';

/** A notification as the notifications page reads it (spec doc 2 §3), with the sender's public card. */
export const notificationApi = z.object({
  _id: z.string(),
  userId: z.string(),
  conversationId: z.string(),
  read: z.boolean(),
  link: z.string(),
  message: z.string(),
  createdAt: z.string(),
  senderId: z.string(),
  senderName: z.string(),
  senderAvatar: z.string().nullable(),
  preview: z.string(),
  /** Issue 45: what it is about (schema/notification-cards.ts), a field the spec's clients read. */
  type: z.enum(['message', 'review', 'moderation']),
});
export type NotificationApi = z.infer<typeof notificationApi>;
