import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

const AllReviewsPage = lazy(() =>
  import('../../../features/profile/AllReviewsPage.tsx').then((m) => ({ default: m.AllReviewsPage })),
);

export const Route = createFileRoute('/profil/$userId/toate-recenziile')({ component: AllReviewsRoute });

function AllReviewsRoute() {
  const { userId } = Route.useParams();
  return (
    <Suspense>
      <AllReviewsPage key={userId} userId={userId} />
    </Suspense>
  );
}
