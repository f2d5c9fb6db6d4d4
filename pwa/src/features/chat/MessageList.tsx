import { Fragment, useEffect, useRef } from 'react';
import type { MessageDoc } from '../../../../schema/entities.ts';
import { dayLabel, isNewDay } from './chat-format.ts';
import { MessageBubble } from './MessageBubble.tsx';

type Props = {
  messages: MessageDoc[] | undefined;
  meId: string;
  nameOf: (userId: string) => string;
  otherTyping: string | null;
  emptyText: string;
  onReply: (m: MessageDoc) => void;
};

/** Messages with day separators, the other person's typing line, and the loading / empty texts. */
export function MessageList({ messages, meId, nameOf, otherTyping, emptyText, onReply }: Props) {
  const end = useRef<HTMLDivElement>(null);
  const count = messages?.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow new messages and the typing line
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [count, otherTyping]);

  return (
    <div className="msg-list" role="log" aria-live="polite" aria-label="Mesaje">
      {messages === undefined && <p className="msg-empty muted">Se încarcă mesajele...</p>}
      {messages?.length === 0 && <p className="msg-empty muted">{emptyText}</p>}
      {messages?.map((m, i) => (
        <Fragment key={m.id}>
          {isNewDay(messages[i - 1]?.createdAt, m.createdAt) && (
            <div className="msg-day">
              <span>{dayLabel(m.createdAt)}</span>
            </div>
          )}
          <MessageBubble message={m} meId={meId} nameOf={nameOf} onReply={onReply} />
        </Fragment>
      ))}
      {otherTyping && (
        <p className="msg-typing" aria-live="polite">
          {otherTyping} scrie…
        </p>
      )}
      <div ref={end} />
    </div>
  );
}
