import { Link } from '@tanstack/react-router';
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
      <Link to={guest ? '/login' : '/favorite-announcements'} className="mnav-item" activeProps={active}>
        <span className="mnav-icon">
          <HeartIcon />
          <Badge count={counts.favorites} />
        </span>
        <span>Favorite</span>
      </Link>
      <Link to={guest ? '/login' : '/add-announcement'} className="mnav-add" aria-label="Adaugă un anunț">
        <PlusIcon size={28} />
      </Link>
      <Link to={guest ? '/login' : '/chat'} className="mnav-item" activeProps={active}>
        <span className="mnav-icon">
          <ChatIcon />
          <Badge count={counts.chat} />
        </span>
        <span>Chat</span>
      </Link>
      <MobileAccountEntry />
    </nav>
  );
}
