import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormError } from '../../ui/FormFoot.tsx';
import { useSession } from '../session/use-session.ts';
import { AnnouncementsCarousel } from './AnnouncementsCarousel.tsx';
import { AvatarUpload } from './AvatarUpload.tsx';
import { ProfileHeader } from './ProfileHeader.tsx';
import { ProfileInfoForm } from './ProfileInfoForm.tsx';
import { useOwnAnnouncements } from './use-own-announcements.ts';
import './profile.css';
import { Loading } from '../../ui/Loading.tsx';

/** /profil: the signed-in user's own record (from the session, cached for offline) and announcements. */
export function OwnProfilePage() {
  const { user } = useSession();
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const announcements = useOwnAnnouncements(user?._id ?? '');
  if (!user) return <Loading page />;
  return (
    <div className="page profile-page">
      <ProfileHeader
        profile={{ ...user, avatar: user.avatar ?? '' }}
        chip="CONT PRIVAT"
        avatar={<AvatarUpload onError={setAvatarError} />}
      />
      <FormError message={avatarError} />
      <p>
        <Link to="/profil/$userId" params={{ userId: user._id }}>
          Vezi profilul public
        </Link>
      </p>
      <ProfileInfoForm user={user} />
      <AnnouncementsCarousel title="Anunțurile mele" items={announcements} emptyText="Nu ai încă anunțuri." />
    </div>
  );
}
