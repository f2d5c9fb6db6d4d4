import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BellIcon, ChatIcon, HeartIcon, PlusIcon } from '../../ui/icons.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { DarkModeToggle } from './DarkModeToggle.tsx';
import { IconLink } from './IconLink.tsx';
import { useBadges } from './use-badge-counts.ts';

/**
 * Header from 1200 px (from 900 px on /chat); CSS decides when it shows, so nothing shifts. The sync
 * state sits at the start of the actions, where it covers nothing.
 */
export function DesktopHeader({ sync }: { sync: ReactNode }) {
  const counts = useBadges();
  return (
    <header className="hdr-desktop">
      <div className="hdr-inner">
        <Link to="/" className="hdr-logo" aria-label="Hobbiz — pagina principală">
          <Logo />
        </Link>
        {sync}
        <nav className="hdr-actions" aria-label="Cont și acțiuni">
          <Link to="/add-announcement" className="btn btn-primary">
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
