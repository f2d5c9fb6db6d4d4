import { Workbox } from 'workbox-window';

/** What the worker keeps for offline use, by path: hashed chunks, announcement photos. */
const KEPT = ['/assets/', '/uploads/'];

/** Same-origin files the page has loaded whose path the worker keeps (read from Resource Timing). */
export function loadedFiles(entries: readonly { name: string }[], origin: string): string[] {
  const urls = new Set<string>();
  for (const { name } of entries) {
    const url = new URL(name, origin);
    if (url.origin === origin && KEPT.some((p) => url.pathname.startsWith(p))) urls.add(url.href);
  }
  return [...urls];
}

let wb: Workbox | null = null;

/**
 * Asks the worker to keep files (its CacheFirst routes: chunks under /assets/, photos under /uploads/).
 * Files the page has loaded come from the browser's HTTP cache (hashed, immutable): no new download.
 */
export function keepOffline(urls: string[]): void {
  if (!wb || urls.length === 0) return;
  void wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: urls } }).catch(() => {});
}

/**
 * Registers the Workbox service worker that precaches the app shell (offline start). On a first visit the
 * page loaded its chunks and the photos it shows before the worker existed: once the worker controls the
 * page, it is asked to keep those too, so what the person saw opens offline.
 */
export function registerServiceWorker(): void {
  wb = new Workbox('/sw.js', { scope: '/' });
  const firstControl = !navigator.serviceWorker.controller;
  if (firstControl) {
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => keepOffline(loadedFiles(performance.getEntriesByType('resource'), location.origin)),
      { once: true },
    );
  }
  void wb.register().catch((err) => console.warn('Service worker neînregistrat', err));
}
