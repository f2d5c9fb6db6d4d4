import { Link } from '@tanstack/react-router';
import { LIMITS } from '../../../../schema/constants.ts';
import { averageStars, lastSeenText } from '../../../../schema/format.ts';
import { fullName } from '../../../../schema/profile-api.ts';
import { RatingSummary } from '../reviews/RatingSummary.tsx';
import { ReviewBanner } from '../reviews/ReviewBanner.tsx';
import { ReviewList } from '../reviews/ReviewList.tsx';
import { useSession } from '../session/use-session.ts';
import { AnnouncementsCarousel } from './AnnouncementsCarousel.tsx';
import { ProfileContact } from './ProfileContact.tsx';
import { ProfileHeader } from './ProfileHeader.tsx';
import { ProfileNotReady, useProfilePage } from './ProfilePageState.tsx';
import { ProfileTrustActions } from './ProfileTrustActions.tsx';
import './profile.css';

/** The profile page shows the newest review; 'Toate comentariile' (from 2 reviews) opens them all. */
const PREVIEW_REVIEWS = LIMITS.profileReviewsPreview;
const ALL_REVIEWS_FROM = LIMITS.profileAllReviewsFrom;

type Props = {
  userId: string;
  reviewPosted: boolean;
  onBannerDone: () => void;
  /** A guest sent to sign in by 'Raportează' is back (`?do=report`): the report dialog opens. */
  startReport?: boolean;
};

export function PublicProfilePage({ userId, reviewPosted, onBannerDone, startReport = false }: Props) {
  const { data, actions } = useProfilePage(userId);
  const { userId: me } = useSession();

  if (data.state !== 'ready') return <ProfileNotReady data={data} />;

  const { profile, reviews } = data;
  const scores = reviews.map((r) => actions.show(r)?.score).filter((s): s is number => s !== undefined);
  return (
    <div className="page profile-page">
      {reviewPosted && <ReviewBanner onDone={onBannerDone} />}
      <ProfileHeader profile={profile} chip="PROFIL PUBLIC" stars={averageStars(scores)} />
      {me === userId && (
        <p>
          <Link to="/profil">Editează profilul tău</Link>
        </p>
      )}
      <ProfileTrustActions userId={userId} name={fullName(profile)} viewerId={me} startReport={startReport} />
      <section className="profile-section profile-info" aria-labelledby="info-title">
        <h2 id="info-title">Informații</h2>
        <dl className="info-list">
          <div>
            <dt>Nume</dt>
            <dd>{fullName(profile)}</dd>
          </div>
          <div>
            <dt>Localitate</dt>
            <dd>{profile.localitate || 'Nespecificată'}</dd>
          </div>
          <ProfileContact announcements={data.announcements} />
          <div>
            <dt>Ultima activitate</dt>
            <dd>{lastSeenText(profile.lastSeen)}</dd>
          </div>
        </dl>
      </section>
      <AnnouncementsCarousel
        title="Anunțuri"
        items={data.announcementsKnown ? data.announcements : null}
        emptyText="Acest utilizator nu are anunțuri active."
      />
      <div className="profile-reviews">
        <RatingSummary scores={scores} />
        <section className="profile-section" aria-labelledby="reviews-title">
          <h2 id="reviews-title">Recenzii</h2>
          <ReviewList
            reviews={reviews}
            actions={actions}
            limit={PREVIEW_REVIEWS}
            emptyText="Acest utilizator nu are încă recenzii."
          />
          {scores.length >= ALL_REVIEWS_FROM && (
            <Link
              to="/profil/$userId/toate-recenziile"
              params={{ userId }}
              className="btn btn-outline all-reviews-btn"
            >
              Toate comentariile
            </Link>
          )}
        </section>
      </div>
    </div>
  );
}
