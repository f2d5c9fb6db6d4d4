import { Link } from '@tanstack/react-router';
import { BellIcon, ChatIcon, HeartIcon, PlusIcon } from '../../ui/icons.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { useSession } from '../session/use-session.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { DarkModeToggle } from './DarkModeToggle.tsx';
import { IconLink } from './IconLink.tsx';
import { useBadges } from './use-badge-counts.ts';

/** Header from 1200 px (from 900 px on /chat); CSS decides when it shows, so nothing shifts. */
export function DesktopHeader() {
  const counts = useBadges();
  const { status } = useSession();
  return (
    <header className="hdr-desktop">
      <div className="hdr-inner">
        <Link to="/" className="hdr-logo" aria-label="Hobbiz — pagina principală">
          <Logo />
        </Link>
        <nav className="hdr-actions" aria-label="Cont și acțiuni">
          <Link to={status === 'guest' ? '/login' : '/add-announcement'} className="btn btn-primary">
            <PlusIcon size={20} />
            Adaugă un anunț
          </Link>
          <IconLink to="/favorite-announcements" label="Favorite" count={counts.favorites}>
            <HeartIcon />
          </IconLink>
          <IconLink to="/notificari" label="Notificări" count={counts.notifications}>
            <BellIcon />
          </IconLink>
          <IconLink to="/chat" label="Mesaje" count={counts.chat}>
            <ChatIcon />
          </IconLink>
          <AccountMenu />
          <DarkModeToggle />
        </nav>
      </div>
    </header>
  );
}
