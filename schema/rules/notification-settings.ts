import { z } from 'zod';

/**
 * 'Setează notificările' (account settings): which events create a notification for the user.
 * `messages`: a new chat message; `reviews`: a new review about them. Both on by default.
 */
export const notificationSettings = z
  .object({
    messages: z.boolean({ error: 'Alege dacă vrei notificări pentru mesaje.' }),
    reviews: z.boolean({ error: 'Alege dacă vrei notificări pentru recenzii.' }),
  })
  .strip();

export type NotificationSettings = z.infer<typeof notificationSettings>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { messages: true, reviews: true };

export const NOTIFICATION_SETTINGS_MESSAGES = {
  saved: 'Setările notificărilor au fost salvate.',
  invalid: 'Setările notificărilor nu sunt valide.',
} as const;
