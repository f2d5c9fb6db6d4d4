import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { PROFILE_MESSAGES } from '../../../../schema/rules/profile.ts';
import { ChevronLeftIcon } from '../../ui/icons.tsx';
import { ReviewList } from '../reviews/ReviewList.tsx';
import { useReviewActions } from '../reviews/use-review-actions.ts';
import { fullName } from './profile-view.ts';
import { usePublicProfile } from './use-public-profile.ts';
import './profile.css';

/** /profil/{userId}/toate-recenziile: every review, with a way back; 'Profil indisponibil' on failure. */
export function AllReviewsPage({ userId }: { userId: string }) {
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  const data = usePublicProfile(userId, reloadKey);
  const actions = useReviewActions(reload);
  const back = (
    <Link to="/profil/$userId" params={{ userId }} className="back-link">
      <ChevronLeftIcon size={18} /> Înapoi la profil
    </Link>
  );
  if (data.state === 'loading')
    return (
      <p className="page muted" role="status">
        Se încarcă...
      </p>
    );
  if (data.state === 'missing')
    return (
      <section className="page">
        <h1>{PROFILE_MESSAGES.unavailable}</h1>
        <Link to="/">Înapoi la pagina principală</Link>
      </section>
    );
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
