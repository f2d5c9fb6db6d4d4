import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/add-announcement')({ component: AddAnnouncementPage });

function AddAnnouncementPage() {
  return (
    <RequireAuth>
      <ComingSoon title="Adaugă un anunț" />
    </RequireAuth>
  );
}
