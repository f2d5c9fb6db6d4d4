import type { ProfileDoc } from '../../../../schema/entities.ts';
import { initials } from '../../../../schema/format.ts';
import './person-avatar.css';

/** A person's avatar, or their initials on a coloured disc when they have none. */
export function PersonAvatar({ profile, size = 40 }: { profile: ProfileDoc | undefined; size?: number }) {
  if (profile?.avatar) {
    return <img className="avatar person-avatar" src={profile.avatar} alt="" width={size} height={size} />;
  }
  const letters = profile ? initials(profile.firstName, profile.lastName) : '';
  return (
    <span
      className="avatar person-avatar person-avatar--initials"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {letters || '?'}
    </span>
  );
}
