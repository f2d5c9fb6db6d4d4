import { z } from 'zod';

/**
 * 'Setează notificările' (account settings): which events tell the user. `messages`: a new chat message;
 * `reviews`: a new review about them (both a card in Notificări and a push); `favorites`: someone added one
 * of their announcements to favourites (a push only, issue 23). All on by default.
 */
export const notificationSettings = z
  .object({
    messages: z.boolean({ error: 'Alege dacă vrei notificări pentru mesaje.' }),
    reviews: z.boolean({ error: 'Alege dacă vrei notificări pentru recenzii.' }),
    favorites: z.boolean({ error: 'Alege dacă vrei notificări pentru favorite.' }),
  })
  .strip();

export type NotificationSettings = z.infer<typeof notificationSettings>;

/**
 * What a client may send: any of the switches. One it leaves out keeps its stored value (a client of the
 * spec's era sends `{ messages, reviews }` and must not turn favourites off). At least one is needed.
 */
export const notificationSettingsChange = notificationSettings
  .partial()
  .refine((s) => Object.values(s).some((v) => v !== undefined), {
    error: 'Setările notificărilor nu sunt valide.',
  });

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  messages: true,
  reviews: true,
  favorites: true,
};

export const NOTIFICATION_SETTINGS_MESSAGES = {
  saved: 'Setările notificărilor au fost salvate.',
  invalid: 'Setările notificărilor nu sunt valide.',
} as const;
