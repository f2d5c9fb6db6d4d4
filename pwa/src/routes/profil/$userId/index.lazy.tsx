import { createLazyFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PublicProfilePage } from '../../../features/profile/PublicProfilePage.tsx';

export const Route = createLazyFileRoute('/profil/$userId/')({ component: PublicProfileRoute });

function PublicProfileRoute() {
  const { userId } = Route.useParams();
  const { recenzie } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The banner has been seen: drop the flag so a reload or a shared link does not show it again.
  const bannerDone = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return (
    <PublicProfilePage key={userId} userId={userId} reviewPosted={recenzie === 1} onBannerDone={bannerDone} />
  );
}
