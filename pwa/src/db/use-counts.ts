import { useEffect, useState } from 'react';
import { onDatabase } from './registry.ts';

/**
 * Unread notifications and conversations with unread messages, live from the local database (so the
 * badges are right offline and change the moment something arrives).
 */
export function useUnreadCounts(): { notifications: number; chat: number } {
  const [counts, setCounts] = useState({ notifications: 0, chat: 0 });
  useEffect(() => {
    const subs: { unsubscribe(): void }[] = [];
    const off = onDatabase((db) => {
      for (const s of subs.splice(0)) s.unsubscribe();
      setCounts({ notifications: 0, chat: 0 });
      if (!db?.collections.notifications) return;
      subs.push(
        // find() rather than count(): RxDB counts only fully indexed selectors, and these sets are small.
        db.notifications
          .find({ selector: { read: false } })
          .$.subscribe((docs) => setCounts((c) => ({ ...c, notifications: docs.length }))),
        db.conversations
          .find({ selector: { unreadCount: { $gt: 0 } } })
          .$.subscribe((docs) => setCounts((c) => ({ ...c, chat: docs.length }))),
      );
    });
    return () => {
      off();
      for (const s of subs) s.unsubscribe();
    };
  }, []);
  return counts;
}
