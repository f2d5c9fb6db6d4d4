import { useNavigate, useRouter } from '@tanstack/react-router';
import type { NotificationDoc } from '../../../../schema/entities.ts';
import { deleteNotification } from '../../db/messages.ts';
import { useProfiles } from '../chat/use-chat-data.ts';
import { showToast } from '../shell/toast.ts';
import { NotificationItem } from './NotificationItem.tsx';
import './notifications.css';
import { useNotifications } from './use-notifications.ts';

const remove = (id: string) =>
  deleteNotification(id).catch(() => showToast('Notificarea nu a putut fi ștearsă.', 'error'));

/**
 * /notificari: new messages from others, each leading to its conversation, and new reviews, leading to
 * the profile they were left on.
 */
export function NotificationsPage() {
  const list = useNotifications();
  const profiles = useProfiles(list?.map((n) => n.senderId) ?? []);
  const navigate = useNavigate();
  const router = useRouter();

  const open = (n: NotificationDoc) => {
    if (n.conversationId) {
      void navigate({ to: '/chat', state: { conversationId: n.conversationId } });
      return;
    }
    // No conversation (a review): its link, inside the app only. Seen now, so it goes like a chat's does.
    if (!/^\/[^/\\]/.test(n.link)) return;
    void remove(n.id);
    router.history.push(n.link);
  };
  // Spec doc 2 §2: clicking an unread notification deletes it (it has been seen).
  const click = (n: NotificationDoc) => {
    if (!n.read) void remove(n.id);
    else open(n);
  };

  return (
    <section className="page notif-page">
      <h1>Notificări</h1>
      {list === undefined && (
        <p className="muted" role="status">
          Se încarcă notificările...
        </p>
      )}
      {list?.length === 0 && <p className="notif-empty muted">Nu ai notificări noi.</p>}
      {list && list.length > 0 && (
        <ul className="notif-list">
          {list.map((n) => (
            <NotificationItem
              key={n.id}
              notification={n}
              sender={profiles.get(n.senderId)}
              onClick={() => click(n)}
              onOpen={() => open(n)}
              onDelete={() => void remove(n.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
