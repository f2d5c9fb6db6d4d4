import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { AccountMenuPage } from '../features/shell/AccountMenuPage.tsx';

export const Route = createFileRoute('/cont')({ component: AccountMenuRoute });

function AccountMenuRoute() {
  return (
    <RequireAuth>
      <AccountMenuPage />
    </RequireAuth>
  );
}
