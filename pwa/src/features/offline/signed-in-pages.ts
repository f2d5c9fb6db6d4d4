import { loadChatPopup, loadRatingDialog, loadReportDialog } from '../detail/dialogs.ts';
import { session } from '../session/session-store.ts';
import { handLoadedFilesToWorker } from './keep-loaded.ts';
import { NEXT_PAGES } from './next-pages.ts';

/**
 * The pages a signed-in person uses that a guest does not (every page under routes/_auth: publish and
 * edit, my announcements, chat, notifications, settings, profile…) and the place names the publish form's
 * picker reads. A guest's first visit does not download them; once someone signs in, they are fetched in
 * the background, one at a time, so a seller who loses the connection can still publish and chat. Fetched while the service worker
 * controls the page, each lands in its chunk cache; fetched before, the worker is handed the page's loaded
 * files when it takes control (sw-register.ts) — and after each page here, for one still in flight then.
 */
export const SIGNED_IN_PAGES: (() => Promise<unknown>)[] = [
  // The outbox the form's 'Publică' hands an announcement to when offline (its own lazy chunk), and the
  // signed-in part of the local database (db/member.ts: every outbox).
  () => import('../../db/publish-queue.ts'),
  // The favourites, which a signed-in person's hearts fill.
  NEXT_PAGES.favourites,
  // Every page of the signed-in branch, as the router splits them: a new page there is kept too.
  ...Object.values(import.meta.glob('../../routes/_auth/**/*.lazy.tsx')),
  () => import('../../../../schema/locations.ts'),
  NEXT_PAGES.listing,
  () => import('../../db/member.ts'),
  // The announcement page's dialogs a guest does not open (writing to the seller, rating, reporting).
  loadChatPopup,
  loadRatingDialog,
  loadReportDialog,
];

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2_000 });
    else setTimeout(resolve, 200);
  });
}

let running: Promise<boolean> | null = null;

/** Fetches every signed-in page's code, in idle time; resolves true once all are on the device. */
export function keepSignedInPages(pages = SIGNED_IN_PAGES): Promise<boolean> {
  running ??= (async () => {
    for (const load of pages) {
      await idle();
      try {
        await load();
        handLoadedFilesToWorker();
      } catch {
        running = null; // offline: try again at the next sign-in or page load
        return false;
      }
    }
    return true;
  })();
  return running;
}

/** Starts keepSignedInPages whenever the session says someone is signed in (now or later). */
export function keepSignedInPagesOnSignIn(): void {
  const check = () => {
    if (session.get().status === 'user') void keepSignedInPages();
  };
  session.subscribe(check);
  check();
}
