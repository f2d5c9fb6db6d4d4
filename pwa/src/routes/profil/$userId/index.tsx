import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';

const PublicProfilePage = lazy(() =>
  import('../../../features/profile/PublicProfilePage.tsx').then((m) => ({ default: m.PublicProfilePage })),
);

/** `?recenzie=1`: the rating dialog of the announcement page sends the reader here after posting. */
type Search = { recenzie?: 1 };

export const Route = createFileRoute('/profil/$userId/')({
  validateSearch: (search: Record<string, unknown>): Search =>
    search.recenzie === 1 || search.recenzie === '1' ? { recenzie: 1 } : {},
  component: PublicProfileRoute,
});

function PublicProfileRoute() {
  const { userId } = Route.useParams();
  const { recenzie } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The banner has been seen: drop the flag so a reload or a shared link does not show it again.
  const bannerDone = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return (
    <Suspense>
      <PublicProfilePage
        key={userId}
        userId={userId}
        reviewPosted={recenzie === 1}
        onBannerDone={bannerDone}
      />
    </Suspense>
  );
}
