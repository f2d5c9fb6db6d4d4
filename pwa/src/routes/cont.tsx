import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/cont')({ component: AccountMenuPage });

function AccountMenuPage() {
  return (
    <RequireAuth>
      <ComingSoon title="Contul meu" />
    </RequireAuth>
  );
}
