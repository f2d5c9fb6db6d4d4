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
});
export type NotificationApi = z.infer<typeof notificationApi>;
