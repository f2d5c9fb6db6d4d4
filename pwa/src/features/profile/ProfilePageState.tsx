import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { Loading } from '../../ui/Loading.tsx';
import { useReviewActions } from '../reviews/use-review-actions.ts';
import { type PublicProfileData, usePublicProfile } from './use-public-profile.ts';

/** A public profile and the actions on its reviews; a change to a review reads the profile again. */
export function useProfilePage(userId: string) {
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  return { data: usePublicProfile(userId, reloadKey), actions: useReviewActions(reload) };
}

/** What a profile page shows before the profile: 'Se încarcă...', or why it cannot be shown (`title`). */
export function ProfileNotReady({ data, title }: { data: PublicProfileData; title?: string }) {
  if (data.state !== 'missing') return <Loading page />;
  return (
    <section className="page">
      <h1>{title ?? data.error}</h1>
      <Link to="/">Înapoi la pagina principală</Link>
    </section>
  );
}
