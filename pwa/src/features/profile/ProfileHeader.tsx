import type { ReactNode } from 'react';
import { formatDate } from '../../../../schema/format.ts';
import { fullName, type ProfileView } from '../../../../schema/profile-api.ts';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { Stars } from '../reviews/Stars.tsx';

type Props = {
  profile: Pick<ProfileView, 'firstName' | 'lastName' | 'avatar' | 'createdAt'>;
  chip: string;
  /** Average of the review scores; omitted on the own profile. */
  stars?: number;
  /** Replaces the plain avatar (the own profile's upload control). */
  avatar?: ReactNode;
};

export function ProfileHeader({ profile, chip, stars, avatar }: Props) {
  return (
    <header className="profile-head">
      {avatar ?? (
        <span className="profile-avatar">
          <UserAvatar candidates={profile.avatar ? [profile.avatar] : []} size={96} />
        </span>
      )}
      <div className="profile-id">
        <span className="profile-chip">{chip}</span>
        <h1>{fullName(profile)}</h1>
        {stars !== undefined && <Stars score={stars} size={20} />}
        <p className="muted">Membru din {formatDate(profile.createdAt)}</p>
      </div>
    </header>
  );
}
