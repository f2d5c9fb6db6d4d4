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
