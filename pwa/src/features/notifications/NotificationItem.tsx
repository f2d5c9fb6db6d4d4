import type { NotificationDoc, ProfileDoc } from '../../../../schema/entities.ts';
import { formatDate } from '../../../../schema/format.ts';
import { MODERATION_SENDER_NAME, notificationKind } from '../../../../schema/notification-cards.ts';
import { messageTime } from '../chat/chat-format.ts';
import { PersonAvatar } from '../chat/PersonAvatar.tsx';
import { fullName } from '../chat/use-chat-data.ts';
import { groupText, type NotificationGroup } from './group-notifications.ts';

type Props = {
  group: NotificationGroup;
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

/**
 * One card: unread marker, sender, preview, date, its action ('Deschide chat'…) and delete. Several
 * messages of one conversation make one card ('Maria ți-a trimis 5 mesaje', then the latest one).
 */
export function NotificationItem({ group, sender, onClick, onOpen, onDelete }: Props) {
  const n = group.latest;
  // Moderation has no sender: the team signs it, not the deleted-account label (issue 45 item 6).
  const name = notificationKind(n) === 'moderation' ? MODERATION_SENDER_NAME : fullName(sender);
  const several = group.items.length > 1;
  const first = sender?.firstName.trim() || name;
  return (
    <li className={`notif${group.unread ? ' notif--unread' : ''}`} data-count={group.items.length}>
      <button type="button" className="notif-main" onClick={onClick}>
        {group.unread && <span className="notif-dot" role="img" aria-label="Necitită" />}
        <PersonAvatar profile={sender} size={44} />
        <span className="notif-body">
          <span className="notif-who">{name}</span>
          <span className="notif-preview">{groupText(group, first)}</span>
          {several && <span className="notif-last">{n.message}</span>}
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
          aria-label={several ? `Șterge notificările de la ${name}` : `Șterge notificarea de la ${name}`}
          title="Șterge"
          onClick={onDelete}
        >
          ✕
        </button>
      </div>
    </li>
  );
}
