import { storedToken } from '../api/client.ts';
import { publishOutbox, syncAuthStore } from './device-outbox.ts';
import { DRAIN_MESSAGE, OUTBOX_SYNC_TAG } from './outbox-sync-names.ts';

/**
 * Background Sync for the device's outboxes (issue 22): when something is queued, the page asks the
 * browser for a `sync` event; the browser fires it once the connection is back, even with the app closed,
 * and the service worker (sw/outbox-worker.ts) drains the publish queue itself — or, when a window of the
 * app is open, asks it to (`hobbiz-drain`), so the page's drain (db/outbox-drain.ts) stays the one that
 * runs whenever it can. Browsers without Background Sync (Firefox, Safari) keep the page's drain only.
 *
 * The worker cannot read localStorage, so the session's token is copied into IndexedDB while something
 * waits, and removed once the queue is empty and at sign-out.
 */

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Something waits: let the worker send it when the connection is back, even if the app is closed by then. */
export async function requestBackgroundDrain(userId: string): Promise<void> {
  const token = storedToken();
  if (!token || !('serviceWorker' in navigator)) return;
  try {
    await syncAuthStore.put('auth', { userId, token });
    const reg = (await navigator.serviceWorker.ready) as SyncRegistration;
    await reg.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    /* no Background Sync here (or storage refused): the page's drain still runs */
  }
}

/** Nothing waits any more, or the person signed out: the copy of the token goes. */
export async function forgetBackgroundAuth(): Promise<void> {
  await syncAuthStore.delete('auth').catch(() => undefined);
}

/**
 * Follows the worker's requests to drain (a `sync` event while a window is open) and drops the token's
 * copy once the publish queue is empty. Started once at boot.
 */
export function startOutboxSync(drainAll: () => Promise<void>): void {
  navigator.serviceWorker?.addEventListener('message', (e: MessageEvent<{ type?: string }>) => {
    if (e.data?.type === DRAIN_MESSAGE) void drainAll();
  });
  const tidy = () =>
    void publishOutbox
      .list()
      .then((list) => (list.some((p) => !p.error) ? undefined : forgetBackgroundAuth()))
      .catch(() => undefined);
  publishOutbox.subscribe(tidy);
  tidy();
}
