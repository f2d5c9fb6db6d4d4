import { Workbox } from 'workbox-window';

/** Registers the Workbox service worker that precaches the app shell (offline start). */
export function registerServiceWorker(): void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  void wb.register().catch((err) => console.warn('Service worker neînregistrat', err));
}
