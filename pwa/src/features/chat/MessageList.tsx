import { Fragment, useEffect, useRef } from 'react';
import type { MessageDoc } from '../../../../schema/entities.ts';
import type { QueuedAttachment } from '../../db/chat-file-outbox.ts';
import { dayLabel, isNewDay } from './chat-format.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { QueuedBubble } from './QueuedBubble.tsx';

const toBottom = (el: HTMLElement | null) => {
  if (el) el.scrollTop = el.scrollHeight;
};

type Props = {
  messages: MessageDoc[] | undefined;
  meId: string;
  nameOf: (userId: string) => string;
  otherTyping: string | null;
  emptyText: string;
  onReply: (m: MessageDoc) => void;
  /** Files written offline, waiting for the connection (shown after the messages). */
  queued?: QueuedAttachment[];
  /** The announcement's owner, when known (the scam warning's IBAN rule). */
  sellerId?: string;
};

/** Messages with day separators, the other person's typing line, and the loading / empty texts. */
export function MessageList({
  messages,
  meId,
  nameOf,
  otherTyping,
  emptyText,
  onReply,
  queued = [],
  sellerId,
}: Props) {
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const count = messages?.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow new messages and the typing line
  useEffect(() => {
    toBottom(list.current);
    atBottom.current = true;
  }, [count, otherTyping, queued.length]);
  // Pictures arrive after the text: keep the newest message in view if the reader was there.
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const onLoad = () => {
      if (atBottom.current) toBottom(el);
    };
    const onScroll = () => {
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    };
    el.addEventListener('load', onLoad, true);
    el.addEventListener('scroll', onScroll);
    return () => {
      el.removeEventListener('load', onLoad, true);
      el.removeEventListener('scroll', onScroll);
    };
  }, []);

  return (
    <div ref={list} className="msg-list" role="log" aria-live="polite" aria-label="Mesaje">
      {messages === undefined && <p className="msg-empty muted">Se încarcă mesajele...</p>}
      {messages?.length === 0 && queued.length === 0 && <p className="msg-empty muted">{emptyText}</p>}
      {messages?.map((m, i) => (
        <Fragment key={m.id}>
          {isNewDay(messages[i - 1]?.createdAt, m.createdAt) && (
            <div className="msg-day">
              <span>{dayLabel(m.createdAt)}</span>
            </div>
          )}
          <MessageBubble message={m} meId={meId} nameOf={nameOf} onReply={onReply} sellerId={sellerId} />
        </Fragment>
      ))}
      {queued.map((q) => (
        <QueuedBubble key={q.id} item={q} />
      ))}
      {otherTyping && (
        <p className="msg-typing" aria-live="polite">
          {otherTyping} scrie…
        </p>
      )}
    </div>
  );
}
