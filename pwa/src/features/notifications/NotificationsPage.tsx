import { useNavigate, useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { pluralRo } from '../../../../schema/format.ts';
import { deleteNotifications } from '../../db/messages.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useProfiles } from '../chat/use-chat-data.ts';
import { showToast } from '../shell/toast.ts';
import { groupNotifications, type NotificationGroup } from './group-notifications.ts';
import { NotificationItem } from './NotificationItem.tsx';
import './notifications.css';
import { Loading } from '../../ui/Loading.tsx';
import { useNotifications } from './use-notifications.ts';

const remove = (ids: string[]) =>
  deleteNotifications(ids).catch(() => showToast('Notificarea nu a putut fi ștearsă.', 'error'));
const idsOf = (g: NotificationGroup) => g.items.map((n) => n.id);

/**
 * /notificari: new messages from others (one card per conversation), each leading to its conversation,
 * and new reviews, leading to the profile they were left on. 'Șterge toate' asks first.
 */
export function NotificationsPage() {
  const list = useNotifications();
  const groups = useMemo(() => (list ? groupNotifications(list) : undefined), [list]);
  const profiles = useProfiles(list?.map((n) => n.senderId) ?? []);
  const navigate = useNavigate();
  const router = useRouter();
  const [confirmAll, setConfirmAll] = useState(false);

  const open = (g: NotificationGroup) => {
    const n = g.latest;
    if (n.conversationId) {
      void navigate({ to: '/chat', state: { conversationId: n.conversationId } });
      return;
    }
    // No conversation (a review): its link, inside the app only. Seen now, so it goes like a chat's does.
    if (!/^\/[^/\\]/.test(n.link)) return;
    void remove(idsOf(g));
    router.history.push(n.link);
  };
  // Spec doc 2 §2: clicking an unread notification deletes it (it has been seen).
  const click = (g: NotificationGroup) => {
    if (g.unread) void remove(idsOf(g));
    else open(g);
  };
  const removeAll = () => {
    setConfirmAll(false);
    // Only what the person saw when they confirmed: a notification arriving meanwhile stays.
    void remove(list?.map((n) => n.id) ?? []);
  };

  return (
    <section className="page notif-page">
      <div className="notif-head">
        <h1>Notificări</h1>
        {list && list.length > 0 && (
          <button type="button" className="btn btn-outline notif-clear" onClick={() => setConfirmAll(true)}>
            Șterge toate
          </button>
        )}
      </div>
      {list === undefined && <Loading text="Se încarcă notificările..." />}
      {list?.length === 0 && <p className="notif-empty muted">Nu ai notificări noi.</p>}
      {groups && groups.length > 0 && (
        <ul className="notif-list">
          {groups.map((g) => (
            <NotificationItem
              key={g.key}
              group={g}
              sender={profiles.get(g.latest.senderId)}
              onClick={() => click(g)}
              onOpen={() => open(g)}
              onDelete={() => void remove(idsOf(g))}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmAll}
        title="Ștergi toate notificările?"
        confirmLabel="Șterge toate"
        danger
        onConfirm={removeAll}
        onCancel={() => setConfirmAll(false)}
      >
        <p>
          {pluralRo(
            list?.length ?? 0,
            'notificare va dispărea',
            'notificări vor dispărea',
            'de notificări vor dispărea',
          )}{' '}
          de pe toate dispozitivele tale.
        </p>
      </ConfirmDialog>
    </section>
  );
}
