import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/notificari')({ component: NotificationsPage });

function NotificationsPage() {
  return (
    <RequireAuth>
      <ComingSoon title="Notificări" />
    </RequireAuth>
  );
}
