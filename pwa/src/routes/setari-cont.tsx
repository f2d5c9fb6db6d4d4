import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';

const SettingsPage = lazy(() =>
  import('../features/settings/SettingsPage.tsx').then((m) => ({ default: m.SettingsPage })),
);

export const Route = createFileRoute('/setari-cont')({ component: SettingsRoute });

function SettingsRoute() {
  return (
    <RequireAuth>
      <Suspense>
        <SettingsPage />
      </Suspense>
    </RequireAuth>
  );
}
