import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/ComingSoon.tsx';

export const Route = createFileRoute('/profil/$userId/toate-recenziile')({ component: AllReviewsPage });

function AllReviewsPage() {
  return <ComingSoon title="Toate recenziile" />;
}
