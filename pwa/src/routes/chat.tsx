import { createFileRoute } from '@tanstack/react-router';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Spec doc 2 §2: the notifications page opens /chat with the conversation in navigation state. */
    conversationId?: string;
  }
}

/** /chat: the page itself is a lazy chunk (chat.lazy.tsx), so the first load of the app does not carry it. */
export const Route = createFileRoute('/chat')({});
