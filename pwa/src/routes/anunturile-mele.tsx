import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';

const MyAnnouncementsPage = lazy(() =>
  import('../features/my-announcements/MyAnnouncementsPage.tsx').then((m) => ({
    default: m.MyAnnouncementsPage,
  })),
);

export const Route = createFileRoute('/anunturile-mele')({ component: MyAnnouncementsRoute });

function MyAnnouncementsRoute() {
  return (
    <RequireAuth>
      <Suspense
        fallback={
          <p className="page muted" role="status">
            Se încarcă...
          </p>
        }
      >
        <MyAnnouncementsPage />
      </Suspense>
    </RequireAuth>
  );
}
