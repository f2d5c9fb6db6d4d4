import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/edit-announcement')({ component: EditAnnouncementPage });

function EditAnnouncementPage() {
  return (
    <RequireAuth>
      <ComingSoon title="Editează anunțul" />
    </RequireAuth>
  );
}
