import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/contul-tau')({ component: YourAccountPage });

function YourAccountPage() {
  return (
    <RequireAuth>
      <ComingSoon title="Contul tău" />
    </RequireAuth>
  );
}
