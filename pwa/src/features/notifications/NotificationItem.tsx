import type { NotificationDoc, ProfileDoc } from '../../../../schema/entities.ts';
import { formatDate } from '../../../../schema/format.ts';
import { messageTime } from '../chat/chat-format.ts';
import { PersonAvatar } from '../chat/PersonAvatar.tsx';
import { fullName } from '../chat/use-chat-data.ts';

type Props = {
  notification: NotificationDoc;
  sender: ProfileDoc | undefined;
  onClick: () => void;
  /** Opens what it is about: its conversation, or its link (a review leads to the profile). */
  onOpen: () => void;
  onDelete: () => void;
};

/** The action button's label: a chat for a message, the review (on the profile) for a review. */
export function openLabel(n: NotificationDoc): string {
  if (n.conversationId) return 'Deschide chat';
  return n.link.startsWith('/profil') ? 'Vezi recenzia' : 'Deschide';
}

/** One notification: unread marker, sender, preview, date, its action ('Deschide chat'…) and delete. */
export function NotificationItem({ notification: n, sender, onClick, onOpen, onDelete }: Props) {
  const name = fullName(sender);
  return (
    <li className={`notif${n.read ? '' : ' notif--unread'}`}>
      <button type="button" className="notif-main" onClick={onClick}>
        {!n.read && <span className="notif-dot" role="img" aria-label="Necitită" />}
        <PersonAvatar profile={sender} size={44} />
        <span className="notif-body">
          <span className="notif-who">{name}</span>
          <span className="notif-preview">{n.message}</span>
          <time className="notif-date" dateTime={n.createdAt}>
            {formatDate(n.createdAt)}, {messageTime(n.createdAt)}
          </time>
        </span>
      </button>
      <div className="notif-actions">
        <button type="button" className="btn btn-outline notif-open" onClick={onOpen}>
          {openLabel(n)}
        </button>
        <button
          type="button"
          className="icon-btn notif-delete"
          aria-label={`Șterge notificarea de la ${name}`}
          title="Șterge"
          onClick={onDelete}
        >
          ✕
        </button>
      </div>
    </li>
  );
}
