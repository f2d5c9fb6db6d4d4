import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';

const EditPage = lazy(() =>
  import('../features/publish/EditPage.tsx').then((m) => ({ default: m.EditPage })),
);

export const Route = createFileRoute('/edit-announcement')({ component: EditAnnouncementPage });

function EditAnnouncementPage() {
  return (
    <RequireAuth>
      <Suspense
        fallback={
          <p className="page muted" role="status">
            Se încarcă...
          </p>
        }
      >
        <EditPage />
      </Suspense>
    </RequireAuth>
  );
}
