import { Link } from '@tanstack/react-router';
import './chat.css';
import { useEffect, useMemo, useState } from 'react';
import { formatPrice } from '../../../../schema/format.ts';
import { useSession } from '../session/use-session.ts';
import { BlockButton } from '../trust/BlockButton.tsx';
import { ChatThread } from './ChatThread.tsx';
import { ConversationList } from './ConversationList.tsx';
import { PersonAvatar } from './PersonAvatar.tsx';
import { fullName, useAnnouncementsById, useConversations, useProfiles } from './use-chat-data.ts';

/** /chat: the conversation list and, beside it (or instead of it on a phone), the open conversation. */
export function ChatPage({ initialConversationId }: { initialConversationId: string | null }) {
  const { userId } = useSession();
  const meId = userId ?? '';
  const conversations = useConversations();
  const [selected, setSelected] = useState<string | null>(initialConversationId);
  useEffect(() => {
    if (initialConversationId) setSelected(initialConversationId);
  }, [initialConversationId]);

  const profiles = useProfiles(conversations?.map((c) => c.otherUserId) ?? []);
  const announcements = useAnnouncementsById(conversations?.map((c) => c.announcementId) ?? []);
  const current = conversations?.find((c) => c.id === selected) ?? null;
  // A conversation that became empty (its last message deleted) leaves the list, and the pane with it.
  const other = current ? profiles.get(current.otherUserId) : undefined;
  const otherName = fullName(other);
  const nameOf = useMemo(
    () => (id: string) => (id === meId || id === '' ? 'Tu' : fullName(profiles.get(id))),
    [meId, profiles],
  );
  const ann = current ? announcements.get(current.announcementId) : undefined;

  return (
    <section className={`chat-page${current ? ' chat-page--open' : ''}`}>
      <aside className="chat-side" aria-label="Conversații">
        <h1 className="chat-title">Mesaje</h1>
        <ConversationList
          conversations={conversations}
          profiles={profiles}
          announcements={announcements}
          meId={meId}
          selected={selected}
          onSelect={setSelected}
        />
      </aside>
      <div className="chat-pane">
        {current ? (
          <>
            <h1 className="sr-only chat-h1-narrow">Mesaje</h1>
            <header className="chat-pane-head">
              <button
                type="button"
                className="icon-btn chat-back"
                aria-label="Înapoi la conversații"
                onClick={() => setSelected(null)}
              >
                ←
              </button>
              <PersonAvatar profile={other} size={36} />
              <div className="chat-pane-who">
                <h2>{otherName}</h2>
                {ann && (
                  <Link to="/announcement/$id" params={{ id: ann.id }} className="chat-pane-ann">
                    {ann.title}
                    {ann.price !== null && ` · ${formatPrice(ann.price)}`}
                  </Link>
                )}
              </div>
              <BlockButton userId={current.otherUserId} name={otherName} />
            </header>
            <ChatThread
              key={current.id}
              conversationId={current.id}
              announcementId={current.announcementId}
              otherUserId={current.otherUserId}
              meId={meId}
              otherName={otherName}
              nameOf={nameOf}
              emptyText="Nu mai există mesaje în această conversație."
            />
          </>
        ) : (
          <p className="chat-pick muted">Selectează o conversație pentru a o citi</p>
        )}
      </div>
    </section>
  );
}
