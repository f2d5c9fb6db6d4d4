import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/anunturile-mele')({ component: MyAnnouncementsPage });

function MyAnnouncementsPage() {
  return (
    <RequireAuth>
      <ComingSoon title="Anunțurile mele" />
    </RequireAuth>
  );
}
