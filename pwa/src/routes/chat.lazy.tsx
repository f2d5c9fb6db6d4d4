import { createLazyFileRoute, useRouterState } from '@tanstack/react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { ChatPage } from '../features/chat/ChatPage.tsx';

export const Route = createLazyFileRoute('/chat')({ component: ChatRoute });

function ChatRoute() {
  const conversationId = useRouterState({ select: (s) => s.location.state.conversationId ?? null });
  return (
    <RequireAuth>
      <ChatPage initialConversationId={conversationId} />
    </RequireAuth>
  );
}
