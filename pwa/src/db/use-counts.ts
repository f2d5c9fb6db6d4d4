import { unreadCardCount } from '../../../schema/notification-cards.ts';
import { useRx } from './use-rx.ts';

/**
 * Unread notifications and conversations with unread messages, live from the local database (so the
 * badges are right offline and change the moment something arrives).
 */
export function useUnreadCounts(): { notifications: number; chat: number } {
  // find() rather than count(): RxDB counts only fully indexed selectors, and these sets are small.
  // No rxjs operators here: this runs in the first screen's chunk.
  const notifications = useRx(
    (db) => (db.collections.notifications ? db.notifications.find({ selector: { read: false } }).$ : null),
    [],
  );
  const chat = useRx(
    (db) =>
      db.collections.notifications
        ? db.conversations.find({ selector: { unreadCount: { $gt: 0 } } }).$
        : null,
    [],
  );
  // The bell counts the cards 'Notificări' shows (one per conversation), not the rows behind them.
  return { notifications: notifications ? unreadCardCount(notifications) : 0, chat: chat?.length ?? 0 };
}
