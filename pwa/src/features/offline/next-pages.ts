import { handLoadedFilesToWorker } from './keep-loaded.ts';

/**
 * Pages one tap away from what the person is doing, kept for offline use before they are opened (a
 * guest's first visit precaches only the home and the announcement page: docs/decisions.md, "First visit's
 * bytes"). An announcement's page leads to its category's listing (the chip under the title); a heart leads
 * to the favourites. Fetched once, in idle time; offline it simply fails and is asked again next time.
 */
export const NEXT_PAGES = {
  listing: () => import('../../routes/anunturi-categorie/$category.lazy.tsx'),
  favourites: () => import('../../routes/favorite-announcements.lazy.tsx'),
};

const kept = new Set<keyof typeof NEXT_PAGES>();

export function keepNextPage(page: keyof typeof NEXT_PAGES): void {
  if (kept.has(page) || typeof window === 'undefined') return;
  kept.add(page);
  const load = () =>
    NEXT_PAGES[page]()
      .then(handLoadedFilesToWorker)
      .catch(() => kept.delete(page));
  if ('requestIdleCallback' in window) requestIdleCallback(() => void load(), { timeout: 2_000 });
  else setTimeout(() => void load(), 200);
}
