import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../../features/auth/RequireAuth.tsx';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

export const Route = createFileRoute('/profil/')({ component: OwnProfilePage });

function OwnProfilePage() {
  return (
    <RequireAuth>
      <ComingSoon title="Profilul meu" />
    </RequireAuth>
  );
}
