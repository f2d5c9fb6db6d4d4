import { useEffect, useState } from 'react';
import type { AnnouncementInput } from '../../../schema/rules/announcement.ts';
import { ApiError, api, isWriteLimited, NetworkError, retryLater } from '../api/client.ts';
import { showToast } from '../features/shell/toast.ts';
import { localId } from './messages.ts';

/**
 * Announcements published with no network: the fields and the photos (as Blobs) wait in IndexedDB and
 * go out when the connection is back, across reloads and restarts. The id is made on the device and sent
 * along, so a retry after a lost answer creates nothing twice: the server returns the same announcement.
 */
export type PendingAnnouncement = {
  id: string;
  userId: string;
  fields: AnnouncementInput;
  images: Blob[];
  queuedAt: string;
  /** Set when the server refused it (e.g. a rule changed): shown in 'Anunțurile mele', never retried blindly. */
  error: string | null;
};

// Plain IndexedDB, not Dexie: RxDB bundles its own Dexie, and two copies may not live in one app.
const STORE = 'announcements';
let opened: Promise<IDBDatabase> | null = null;
function idb(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open('hobbiz_outbox', 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  return opened;
}
async function request<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await idb();
  return new Promise<T>((resolve, reject) => {
    const req = run(db.transaction(STORE, mode).objectStore(STORE));
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}
const outbox = {
  put: (p: PendingAnnouncement) => request('readwrite', (s) => s.put(p)),
  remove: (id: string) => request('readwrite', (s) => s.delete(id)),
  all: () => request<PendingAnnouncement[]>('readonly', (s) => s.getAll()),
};

const listeners = new Set<() => void>();
const changed = () => {
  for (const fn of listeners) fn();
};
/** Called whenever the queue changes (queued, sent, refused, discarded). */
export function onPendingChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export async function queueAnnouncement(
  userId: string,
  fields: AnnouncementInput,
  images: Blob[],
): Promise<string> {
  const id = localId();
  await outbox.put({ id, userId, fields, images, queuedAt: new Date().toISOString(), error: null });
  changed();
  void flushOutbox(userId);
  return id;
}

export async function pendingAnnouncements(userId: string): Promise<PendingAnnouncement[]> {
  const all = await outbox.all();
  return all.filter((p) => p.userId === userId).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

/** At sign-out: what a person queued (text, photos, contact details) leaves the device with them. */
export async function clearPendingAnnouncements(userId: string): Promise<void> {
  const mine = await pendingAnnouncements(userId);
  for (const p of mine) await outbox.remove(p.id);
  if (mine.length > 0) changed();
}

export async function discardPending(id: string): Promise<void> {
  await outbox.remove(id);
  changed();
}

function form(p: PendingAnnouncement): FormData {
  const f = new FormData();
  f.set('id', p.id);
  for (const [k, v] of Object.entries(p.fields)) f.set(k, v);
  p.images.forEach((blob, i) => {
    f.append('images', blob, `foto-${i + 1}.jpg`);
  });
  return f;
}

let flushing: Promise<void> | null = null;

/** Sends what waits, oldest first. Stops at the first network failure; a refusal is kept with its reason. */
export function flushOutbox(userId: string): Promise<void> {
  flushing ??= (async () => {
    try {
      for (const p of await pendingAnnouncements(userId)) {
        if (p.error) continue;
        try {
          await api('/api/users/my-announcements', { method: 'POST', body: form(p) });
          await outbox.remove(p.id);
          showToast(`Anunțul „${p.fields.title}” a fost publicat.`, 'success', 4000);
        } catch (err) {
          if (err instanceof NetworkError) return;
          if (err instanceof ApiError && (err.status >= 500 || err.status === 401)) return;
          // Past the publish limit: not a refusal of this announcement; it waits and goes when allowed.
          if (isWriteLimited(err)) {
            showToast(err.message, 'error', 6000);
            return retryLater('publish-queue', () => void flushOutbox(userId), err.retryAfterSeconds);
          }
          const reason = err instanceof Error ? err.message : String(err);
          await outbox.put({ ...p, error: reason });
          showToast(`Anunțul „${p.fields.title}” nu a putut fi publicat: ${reason}`, 'error', 6000);
        } finally {
          changed();
        }
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** The signed-in user's announcements still waiting for the network ('Anunțurile mele' shows them). */
export function usePendingAnnouncements(userId: string | null): PendingAnnouncement[] {
  const [list, setList] = useState<PendingAnnouncement[]>([]);
  useEffect(() => {
    if (!userId) return setList([]);
    const load = () => void pendingAnnouncements(userId).then(setList);
    listeners.add(load);
    load();
    return () => {
      listeners.delete(load);
    };
  }, [userId]);
  return list;
}
