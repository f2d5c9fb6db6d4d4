import type { AnnouncementDoc, ConversationDoc, ProfileDoc } from '../../../../schema/entities.ts';
import { badgeText } from '../../../../schema/format.ts';
import { listTime } from './chat-format.ts';
import { PersonAvatar } from './PersonAvatar.tsx';
import { fullName } from './use-chat-data.ts';

type Props = {
  conversations: ConversationDoc[] | undefined;
  profiles: Map<string, ProfileDoc>;
  announcements: Map<string, AnnouncementDoc>;
  meId: string;
  selected: string | null;
  onSelect: (id: string) => void;
};

/** The left column of /chat: the other person, the announcement, the last message and unread count. */
export function ConversationList({
  conversations,
  profiles,
  announcements,
  meId,
  selected,
  onSelect,
}: Props) {
  if (conversations === undefined) return <p className="muted chat-list-note">Se încarcă conversațiile...</p>;
  if (conversations.length === 0) {
    return (
      <p className="muted chat-list-note">
        Nu ai încă nicio conversație. Scrie unui vânzător din pagina unui anunț, cu „Trimite mesaj”.
      </p>
    );
  }
  return (
    <ul className="chat-list">
      {conversations.map((c) => {
        const person = profiles.get(c.otherUserId);
        const name = fullName(person);
        const title = announcements.get(c.announcementId)?.title ?? '';
        const last = `${c.lastSenderId === meId ? 'Tu: ' : ''}${c.lastMessageText}`;
        return (
          <li key={c.id}>
            <button
              type="button"
              className={`chat-list-item${c.id === selected ? ' chat-list-item--on' : ''}${c.unreadCount > 0 ? ' chat-list-item--unread' : ''}`}
              aria-current={c.id === selected ? 'true' : undefined}
              onClick={() => onSelect(c.id)}
            >
              <PersonAvatar profile={person} />
              <span className="chat-list-body">
                <span className="chat-list-top">
                  <span className="chat-list-name">{name}</span>
                  <time dateTime={c.lastMessageAt}>{listTime(c.lastMessageAt)}</time>
                </span>
                {title && <span className="chat-list-ann">{title}</span>}
                <span className="chat-list-last">{last}</span>
              </span>
              {c.unreadCount > 0 && (
                <span className="chat-unread">
                  {badgeText(c.unreadCount)}
                  <span className="sr-only"> necitite</span>
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
