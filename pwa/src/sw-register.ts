import { handLoadedFilesToWorker } from './features/offline/keep-loaded.ts';

/**
 * Registers the service worker (Workbox's precache and routes, plus pwa/src/sw/) after the page has
 * painted. On a first visit the page loaded its chunks and the photos it shows before the worker existed:
 * once the worker controls the page, it is handed those too, so what the person saw opens offline.
 *
 * The browser's own `register` rather than workbox-window's `Workbox` class: the worker skips waiting and
 * claims its clients itself, so the class's update prompts and messaging are unused, and its 3 kB were
 * more than 1 % of a first visit's budget (docs/decisions.md, "First visit's bytes").
 */
export function registerServiceWorker(): void {
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', handLoadedFilesToWorker, { once: true });
  }
  void navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .catch((err) => console.warn('Service worker neînregistrat', err));
}
