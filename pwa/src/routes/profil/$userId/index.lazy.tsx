import { createLazyFileRoute } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { PublicProfilePage } from '../../../features/profile/PublicProfilePage.tsx';

export const Route = createLazyFileRoute('/profil/$userId/')({ component: PublicProfileRoute });

function PublicProfileRoute() {
  const { userId } = Route.useParams();
  const { recenzie, do: intent } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The banner has been seen: drop the flag so a reload or a shared link does not show it again.
  const bannerDone = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  // Back from signing in to report: the dialog opens once, for this person only, and `do` leaves the URL
  // (as on an announcement).
  const [startFor, setStartFor] = useState(() => (intent === 'report' ? userId : null));
  if (startFor && startFor !== userId) setStartFor(null);
  useEffect(() => {
    if (intent) void navigate({ search: ({ do: _, ...rest }) => rest, replace: true });
  }, [intent, navigate]);
  return (
    <PublicProfilePage
      key={userId}
      userId={userId}
      reviewPosted={recenzie === 1}
      onBannerDone={bannerDone}
      startReport={startFor === userId}
    />
  );
}
