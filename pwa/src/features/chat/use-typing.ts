import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../../../schema/constants.ts';
import { sendTyping } from '../../db/messages.ts';
import { onSyncEvent } from '../../db/sync-status.ts';

type TypingEvent = { conversationId: string; userId: string; isTyping: boolean };

/** A 'stop' that got lost (the other device went away) must not leave the indicator on for ever. */
const STALE_TYPING_MS = 3 * TIMINGS.typingStopMs;

/** Whether the other participant is typing in this conversation (the server's `userTyping` event). */
export function useOtherTyping(conversationId: string | null): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    setTyping(false);
    if (!conversationId) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = onSyncEvent((e) => {
      if (e.name === 'newMessage') {
        const m = e.payload as { conversationId?: string };
        if (m.conversationId === conversationId) setTyping(false);
        return;
      }
      if (e.name !== 'userTyping') return;
      const t = e.payload as TypingEvent;
      if (t.conversationId !== conversationId) return;
      if (timer) clearTimeout(timer);
      setTyping(t.isTyping);
      if (t.isTyping) timer = setTimeout(() => setTyping(false), STALE_TYPING_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [conversationId]);
  return typing;
}

/**
 * Tells the other participant that we type: 'start' on a keystroke (once until stopped), 'stop' after
 * 2 s without input, on blur, on send and when leaving the conversation.
 */
export function useTypingSender(conversationId: string | null) {
  const active = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (active.current && conversationId) sendTyping(conversationId, false);
    active.current = false;
  }, [conversationId]);

  const keystroke = useCallback(() => {
    if (!conversationId) return;
    if (!active.current) sendTyping(conversationId, true);
    active.current = true;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(stop, TIMINGS.typingStopMs);
  }, [conversationId, stop]);

  useEffect(() => stop, [stop]);
  return { keystroke, stop };
}
