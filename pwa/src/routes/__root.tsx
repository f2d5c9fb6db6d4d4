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
import { MobilePageBar } from '../features/shell/MobilePageBar.tsx';
import { PushOffer } from '../features/shell/PushOffer.tsx';
import { SiteFooter } from '../features/shell/SiteFooter.tsx';
import { SyncNotices } from '../features/shell/SyncNotices.tsx';
import { SyncStatusChip, useSyncState } from '../features/shell/SyncStatusChip.tsx';
import { mobileBar, showsBackArrow } from '../features/shell/shell-paths.ts';
import { BadgeCountsContext, useBadgeCounts } from '../features/shell/use-badge-counts.ts';
import { useMediaQuery } from '../features/shell/use-media-query.ts';

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

  const onChat = pathname.startsWith('/chat');
  const wide = useMediaQuery(onChat ? '(min-width: 901px)' : '(min-width: 1200px)');
  const bar = mobileBar(pathname, isHome);
  // The sync state lives in whichever header shows (one element, so it is announced once). Phones on a
  // top-level section have no bar: there it is a line at the top only while something waits or fails
  // (not in the mobile chat, whose messages show their own 'În așteptare').
  const syncState = useSyncState();
  const sync = syncState && <SyncStatusChip state={syncState} />;
  const strip = !wide && bar === 'none' && !onChat && syncState && syncState.tone !== 'ok';

  // Spec: the scroll position resets to the top on every path change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <BadgeCountsContext value={counts}>
      <div className={onChat ? 'app app--chat' : 'app'}>
        <a className="skip-link" href="#main">
          Sari la conținut
        </a>
        <DesktopHeader sync={wide && sync} />
        {bar === 'search' && <MobileHeader back={showsBackArrow(pathname, isHome)} sync={!wide && sync} />}
        {bar === 'page' && <MobilePageBar sync={!wide && sync} />}
        {strip && <div className="sync-strip">{sync}</div>}
        <main id="main">
          <Outlet />
        </main>
        <SiteFooter home={isHome} />
        <MobileNav />
        <FlashToast />
        <PushOffer />
        <SyncNotices />
        <GuestFavoritesDialog />
        <CookieBanner />
      </div>
    </BadgeCountsContext>
  );
}
