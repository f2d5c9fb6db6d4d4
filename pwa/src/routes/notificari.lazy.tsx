import { createLazyFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { NotificationsPage } from '../features/notifications/NotificationsPage.tsx';

export const Route = createLazyFileRoute('/notificari')({ component: NotificationsRoute });

function NotificationsRoute() {
  return (
    <RequireAuth>
      <NotificationsPage />
    </RequireAuth>
  );
}
