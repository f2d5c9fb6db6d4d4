import { Workbox } from 'workbox-window';
import { handLoadedFilesToWorker } from './features/offline/keep-loaded.ts';

/**
 * Registers the Workbox service worker that precaches the app shell (offline start). On a first visit the
 * page loaded its chunks and the photos it shows before the worker existed: once the worker controls the
 * page, it is handed those too, so what the person saw opens offline.
 */
export function registerServiceWorker(): void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', handLoadedFilesToWorker, { once: true });
  }
  void wb.register().catch((err) => console.warn('Service worker neînregistrat', err));
}
