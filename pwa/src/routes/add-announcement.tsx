import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';

// The form brings the place names and the rules: a chunk of its own, loaded when the page opens.
const PublishPage = lazy(() =>
  import('../features/publish/PublishPage.tsx').then((m) => ({ default: m.PublishPage })),
);

export const Route = createFileRoute('/add-announcement')({ component: AddAnnouncementPage });

function AddAnnouncementPage() {
  return (
    <RequireAuth>
      <Suspense
        fallback={
          <p className="page muted" role="status">
            Se încarcă...
          </p>
        }
      >
        <PublishPage />
      </Suspense>
    </RequireAuth>
  );
}
