import type { NotificationDoc } from '../../../../schema/entities.ts';
import { messageCountText } from '../../../../schema/format.ts';
import { notificationCardKey } from '../../../../schema/notification-cards.ts';

/** The notifications of one conversation (or one lone notification, such as a review), newest first. */
export type NotificationGroup = {
  key: string;
  latest: NotificationDoc;
  items: NotificationDoc[];
  /** Some item is still unread. */
  unread: boolean;
};

/**
 * One card per conversation: five messages from Maria make one card saying so, not five. Notifications
 * without a conversation (reviews) stay one card each. Input and output are newest first.
 */
export function groupNotifications(list: NotificationDoc[]): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  for (const n of list) {
    const key = notificationCardKey(n);
    const g = groups.get(key);
    if (g) {
      g.items.push(n);
      g.unread ||= !n.read;
    } else groups.set(key, { key, latest: n, items: [n], unread: !n.read });
  }
  return [...groups.values()];
}

/** The card's line: the message itself for one, 'Maria ți-a trimis 5 mesaje' for several. */
export function groupText(g: NotificationGroup, senderFirstName: string): string {
  if (g.items.length === 1) return g.latest.message;
  return `${senderFirstName} ți-a trimis ${messageCountText(g.items.length)}`;
}
