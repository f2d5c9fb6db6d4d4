/**
 * Which card of 'Notificări' a notification belongs to: one card per conversation (five messages from
 * Maria are one card), one card each for the rest (reviews, moderation). The page groups by it and the
 * bell counts it (issue 25: the badge counts the cards the page shows, not the rows behind them).
 */
export const notificationCardKey = (n: { id: string; conversationId: string }): string =>
  n.conversationId ? `c:${n.conversationId}` : `n:${n.id}`;

/** How many cards the unread notifications make. */
export const unreadCardCount = (unread: readonly { id: string; conversationId: string }[]): number =>
  new Set(unread.map(notificationCardKey)).size;

/**
 * What a notification is about, from what every notification row already holds (issue 45 items 6, 21): a
 * message has its conversation; moderation (an outcome for a reporter, a hidden or restored announcement
 * for its owner) has no sender; a review links to the reviewed person's profile. The REST answer gives it
 * as `type` (the spec's clients otherwise label a review as an announcement); the PWA signs the card.
 */
export type NotificationKind = 'message' | 'review' | 'moderation';

export function notificationKind(n: {
  senderId: string;
  conversationId: string;
  link: string;
}): NotificationKind {
  if (n.conversationId) return 'message';
  if (!n.senderId) return 'moderation';
  return n.link.startsWith('/profil') ? 'review' : 'message';
}

/**
 * Who signs a moderation notification: the team, not the deleted-account label ('Utilizator Hobbiz') that a
 * notification without a sender's card would otherwise get.
 */
export const MODERATION_SENDER_NAME = 'Echipa de moderare Hobbiz';
