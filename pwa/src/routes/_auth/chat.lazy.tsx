import { createLazyFileRoute, useRouterState } from '@tanstack/react-router';
import { ChatPage } from '../../features/chat/ChatPage.tsx';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Spec doc 2 §2: the notifications page opens /chat with the conversation in navigation state. */
    conversationId?: string;
  }
}

export const Route = createLazyFileRoute('/_auth/chat')({ component: ChatRoute });

function ChatRoute() {
  const conversationId = useRouterState({ select: (s) => s.location.state.conversationId ?? null });
  return <ChatPage initialConversationId={conversationId} />;
}
