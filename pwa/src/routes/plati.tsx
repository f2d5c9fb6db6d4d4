import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/plati')({ component: PaymentsPage });

function PaymentsPage() {
  return (
    <RequireAuth>
      <ComingSoon title="Plăți" />
    </RequireAuth>
  );
}
