import { Link } from '@tanstack/react-router';
import { fullName } from '../../../../schema/profile-api.ts';
import { PROFILE_MESSAGES } from '../../../../schema/rules/profile.ts';
import { ChevronLeftIcon } from '../../ui/icons.tsx';
import { ReviewList } from '../reviews/ReviewList.tsx';
import { ProfileNotReady, useProfilePage } from './ProfilePageState.tsx';
import './profile.css';

/** /profil/{userId}/toate-recenziile: every review, with a way back; 'Profil indisponibil' on failure. */
export function AllReviewsPage({ userId }: { userId: string }) {
  const { data, actions } = useProfilePage(userId);
  const back = (
    <Link to="/profil/$userId" params={{ userId }} className="back-link">
      <ChevronLeftIcon size={18} /> Înapoi la profil
    </Link>
  );
  if (data.state !== 'ready') return <ProfileNotReady data={data} title={PROFILE_MESSAGES.unavailable} />;
  return (
    <div className="page profile-page">
      {back}
      <h1>Recenziile pentru {fullName(data.profile)}</h1>
      <ReviewList
        reviews={data.reviews}
        actions={actions}
        emptyText="Acest utilizator nu are încă recenzii."
      />
    </div>
  );
}
