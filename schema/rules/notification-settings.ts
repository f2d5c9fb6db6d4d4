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

/**
 * How long the unsubscribe link of a message mail works (issue 40, L8): 60 days, signed into the link. Long
 * enough for anyone who reads their mail within two months; a link found later (an old forwarded mail,
 * a mailbox someone else reads) no longer switches anything, and Setări does the same in two taps.
 */
export const UNSUBSCRIBE_LINK_DAYS = 60;

export const NOTIFICATION_SETTINGS_MESSAGES = {
  saved: 'Setările notificărilor au fost salvate.',
  invalid: 'Setările notificărilor nu sunt valide.',
} as const;
