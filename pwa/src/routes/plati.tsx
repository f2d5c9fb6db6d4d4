import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';

// Text page: its own chunk (no RxDB), fetched when first opened and then kept by the service worker.
const Page = lazy(() =>
  import('../features/static/PaymentsPage.tsx').then((m) => ({ default: m.PaymentsPage })),
);

export const Route = createFileRoute('/plati')({ component: Guarded });

function Guarded() {
  return (
    <RequireAuth>
      <Suspense>
        <Page />
      </Suspense>
    </RequireAuth>
  );
}
