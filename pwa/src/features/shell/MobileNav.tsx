import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Badge } from '../../ui/Badge.tsx';
import { ChatIcon, CompassIcon, HeartIcon, PlusIcon } from '../../ui/icons.tsx';
import { useSession } from '../session/use-session.ts';
import { MobileAccountEntry } from './MobileAccountEntry.tsx';
import { useBadges } from './use-badge-counts.ts';

/** Bottom navigation under 1200 px. Signed out, everything but Explorează leads to /login. */
export function MobileNav() {
  const counts = useBadges();
  const { status } = useSession();
  const guest = status === 'guest';
  // Signed out, three entries point at /login: none of them is "the current section" there.
  const active = guest ? {} : { className: 'is-active' };
  return (
    <nav className="mnav" aria-label="Navigare principală">
      <Link
        to="/"
        className="mnav-item"
        activeOptions={{ exact: true }}
        activeProps={{ className: 'is-active' }}
      >
        <CompassIcon />
        <span>Explorează</span>
      </Link>
      {/* A guest's favourites live on the device: 'Favorite' opens them for everyone (issue 25). */}
      <Link to="/favorite-announcements" className="mnav-item" activeProps={{ className: 'is-active' }}>
        <BadgedLabel icon={<HeartIcon />} count={counts.favorites} label="Favorite" />
      </Link>
      {/* For a guest the signed-in pages send to /login and back here once signed in (routes/_auth.tsx). */}
      <Link to="/add-announcement" className="mnav-add" aria-label="Adaugă un anunț">
        <PlusIcon size={28} />
      </Link>
      <Link to="/chat" className="mnav-item" activeProps={active}>
        <BadgedLabel icon={<ChatIcon />} count={counts.chat} label="Chat" />
      </Link>
      <MobileAccountEntry />
    </nav>
  );
}

/** An entry's icon with its count badge, then its name. */
function BadgedLabel({ icon, count, label }: { icon: ReactNode; count: number; label: string }) {
  return (
    <>
      <span className="mnav-icon">
        {icon}
        <Badge count={count} />
      </span>
      <span>{label}</span>
    </>
  );
}
