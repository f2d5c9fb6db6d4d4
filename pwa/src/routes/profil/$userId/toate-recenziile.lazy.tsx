import { createLazyFileRoute } from '@tanstack/react-router';
import { AllReviewsPage } from '../../../features/profile/AllReviewsPage.tsx';

export const Route = createLazyFileRoute('/profil/$userId/toate-recenziile')({ component: AllReviewsRoute });

function AllReviewsRoute() {
  const { userId } = Route.useParams();
  return <AllReviewsPage key={userId} userId={userId} />;
}
