/// <reference lib="webworker" />
import { createStore, del, entries, get, set } from 'idb-keyval';
import { DRAIN_MESSAGE, OUTBOX_SYNC_TAG } from '../db/outbox-sync-names.ts';
import type { PendingAnnouncement } from '../db/publish-queue.ts';
import {
  announcementFormData,
  DEVICE_DB_PREFIX,
  DEVICE_STORE,
  PUBLISH_URL,
  photoFormData,
  photoUrl,
} from '../db/publish-request.ts';

/**
 * The service worker's part of the device outboxes (issue 22), loaded into the generated worker with
 * importScripts (vite.config.ts builds it on its own). On the `sync` event the page asked for
 * (db/outbox-sync.ts): if a window of the app is open, it is told to drain (the page's drain is the
 * one rule, db/outbox-drain.ts); with the app closed, the worker sends the publish queue itself — each
 * announcement's photos (asked first, sent only if missing), then the announcement naming them — by the
 * same rule: 401 stops, no answer or a 5xx fails the event (the browser tries again later), 429 too, any
 * other refusal is kept with its reason for 'Anunțurile mele'. Chat files wait for the page: a message
 * goes through the sync socket, which only a page holds.
 */
declare const self: ServiceWorkerGlobalScope;
type SyncEvent = ExtendableEvent & { tag: string };

const publishes = createStore(`${DEVICE_DB_PREFIX}publishes`, DEVICE_STORE);
const auth = createStore(`${DEVICE_DB_PREFIX}sync_auth`, DEVICE_STORE);

class Retry extends Error {}

async function send(url: string, init: RequestInit, token: string): Promise<Response | null> {
  const res = await fetch(url, { ...init, headers: { Authorization: `Bearer ${token}` } }).catch(() => {
    throw new Retry('offline');
  });
  if (res.status === 401) return null;
  if (res.status >= 500 || res.status === 429) throw new Retry(String(res.status));
  return res;
}

/** Why the server refused, in its words. */
async function reason(res: Response): Promise<string> {
  const body = (await res.json().catch(() => ({}))) as { error?: string };
  return body.error ?? 'Anunțul nu a putut fi publicat.';
}

async function drainPublishes(): Promise<void> {
  const session = await get<{ userId: string; token: string }>('auth', auth);
  if (!session) return;
  const waiting = (await entries<string, PendingAnnouncement>(publishes))
    .map(([, p]) => p)
    .filter((p) => p.userId === session.userId && !p.error && p.photoIds)
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  for (const p of waiting) {
    const photoIds = p.photoIds!;
    let refused: string | null = null;
    for (const [i, id] of photoIds.entries()) {
      const there = await send(photoUrl(id), {}, session.token);
      if (!there) return;
      if (there.ok) continue;
      const put = await send(
        photoUrl(id),
        { method: 'PUT', body: photoFormData(p.images[i]!) },
        session.token,
      );
      if (!put) return;
      if (!put.ok) {
        refused = await reason(put);
        break;
      }
    }
    if (!refused) {
      const fields = { id: p.id, ...p.fields, photoIds: JSON.stringify(photoIds) };
      const res = await send(
        PUBLISH_URL,
        { method: 'POST', body: announcementFormData(fields, []) },
        session.token,
      );
      if (!res) return;
      if (res.ok) {
        await del(p.id, publishes);
        continue;
      }
      refused = await reason(res);
    }
    await set(p.id, { ...p, error: refused }, publishes);
  }
}

async function onSync(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window' });
  if (windows.length > 0) {
    for (const w of windows) w.postMessage({ type: DRAIN_MESSAGE });
    return;
  }
  await drainPublishes();
}

self.addEventListener('sync', (event) => {
  const e = event as SyncEvent;
  if (e.tag === OUTBOX_SYNC_TAG) e.waitUntil(onSync());
});
