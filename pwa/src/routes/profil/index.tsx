import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { RequireAuth } from '../../features/auth/RequireAuth.tsx';

const OwnProfilePage = lazy(() =>
  import('../../features/profile/OwnProfilePage.tsx').then((m) => ({ default: m.OwnProfilePage })),
);

export const Route = createFileRoute('/profil/')({ component: OwnProfileRoute });

function OwnProfileRoute() {
  return (
    <RequireAuth>
      <Suspense>
        <OwnProfilePage />
      </Suspense>
    </RequireAuth>
  );
}
