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

/**
 * Hands the worker controlling the page the chunks and photos the page has loaded (Workbox's
 * `CACHE_URLS` message, served by its CacheFirst routes). They come from the browser's HTTP cache (hashed,
 * immutable): nothing is downloaded again. Without a controlling worker, nothing happens.
 */
export function handLoadedFilesToWorker(): void {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!worker) return;
  const urlsToCache = loadedFiles(performance.getEntriesByType('resource'), location.origin);
  if (urlsToCache.length > 0) worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
}
