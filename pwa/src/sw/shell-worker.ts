/// <reference lib="webworker" />

/**
 * The app's HTML in the service worker (loaded with importScripts beside Workbox's precache; see
 * vite.config.ts). Every navigation inside the app is answered with the same document — the prerendered
 * home, which routes itself — from this cache, so the app opens at once on a weak link and offline.
 *
 * Not in Workbox's precache, because Workbox fetches a revisioned file with `cache: 'reload'`: a first
 * visit would download the HTML it has just received a second time (10 kB as sent). Here the worker asks
 * for `/` with `cache: 'no-cache'`: the browser revalidates the copy the page loaded (its ETag) and a first
 * visit pays a 304. The build writes the HTML's revision into this script (`self.__HOBBIZ_SHELL__`, from
 * index.html's content): a new release changes it, which makes the browser install the new worker, whose
 * install fetches the new HTML before it takes over; the old copy is dropped when it activates.
 */
declare const self: ServiceWorkerGlobalScope & { __HOBBIZ_SHELL__?: string };

export const SHELL_CACHE = 'hobbiz-shell';
/** Addresses the server answers itself, never with the app's HTML. */
const NOT_THE_APP = [/^\/api\//, /^\/uploads\//, /^\/auth\//];

const shellKey = () => new URL(`/?shell=${self.__HOBBIZ_SHELL__ ?? 'dev'}`, self.location.href).href;

async function keepShell(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  const key = shellKey();
  if (await cache.match(key)) return;
  const response = await fetch(new Request('/', { cache: 'no-cache', credentials: 'same-origin' }));
  // Installing without the HTML would leave the app unable to start offline: the install fails instead
  // (the worker in charge stays), as Workbox's precache does.
  if (!response.ok || response.redirected) throw new Error(`Pagina aplicației: ${response.status}`);
  await cache.put(key, response);
}

async function dropOldShells(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  const key = shellKey();
  for (const request of await cache.keys()) if (request.url !== key) await cache.delete(request);
}

async function answerNavigation(request: Request): Promise<Response> {
  const kept = await caches.open(SHELL_CACHE).then((cache) => cache.match(shellKey()));
  return kept ?? fetch(request);
}

self.addEventListener('install', (event) => event.waitUntil(keepShell()));
self.addEventListener('activate', (event) => event.waitUntil(dropOldShells()));
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NOT_THE_APP.some((re) => re.test(url.pathname))) return;
  event.respondWith(answerNavigation(request));
});
