import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/chat')({ component: ChatPage });

function ChatPage() {
  return (
    <RequireAuth>
      <ComingSoon title="Mesaje" />
    </RequireAuth>
  );
}
