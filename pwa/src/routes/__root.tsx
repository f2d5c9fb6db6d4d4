import { createRootRoute, Outlet, rootRouteId, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { GuestFavoritesDialog } from '../features/favorites/GuestFavoritesDialog.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { useSessionRefresh } from '../features/session/use-session.ts';
import { CookieBanner } from '../features/shell/CookieBanner.tsx';
import { DesktopHeader } from '../features/shell/DesktopHeader.tsx';
import { FlashToast } from '../features/shell/FlashToast.tsx';
import { MobileHeader } from '../features/shell/MobileHeader.tsx';
import { MobileNav } from '../features/shell/MobileNav.tsx';
import { SiteFooter } from '../features/shell/SiteFooter.tsx';
import { SyncNotices } from '../features/shell/SyncNotices.tsx';
import { SyncStatusChip } from '../features/shell/SyncStatusChip.tsx';
import { showsMobileHeader } from '../features/shell/shell-paths.ts';
import { BadgeCountsContext, useBadgeCounts } from '../features/shell/use-badge-counts.ts';

export const Route = createRootRoute({
  component: RootLayout,
  // Spec: any unknown path shows the home page.
  notFoundComponent: HomePage,
});

function RootLayout() {
  useSessionRefresh();
  const counts = useBadgeCounts();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Home is '/' or an unknown path (then only the root route matched).
  const isHome = useRouterState({
    select: (s) => {
      const leaf = s.matches[s.matches.length - 1]?.routeId;
      return leaf === undefined || leaf === '/' || leaf === rootRouteId;
    },
  });

  // Spec: the scroll position resets to the top on every path change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <BadgeCountsContext value={counts}>
      <div className={pathname.startsWith('/chat') ? 'app app--chat' : 'app'}>
        <a className="skip-link" href="#main">
          Sari la conținut
        </a>
        <DesktopHeader />
        {showsMobileHeader(pathname, isHome) && <MobileHeader />}
        <main id="main">
          <Outlet />
        </main>
        <SiteFooter home={isHome} />
        <MobileNav />
        <FlashToast />
        <SyncStatusChip />
        <SyncNotices />
        <GuestFavoritesDialog />
        <CookieBanner />
      </div>
    </BadgeCountsContext>
  );
}
