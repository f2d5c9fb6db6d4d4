import { clear, createStore, del, entries, get, keys, promisifyRequest, set, setMany } from 'idb-keyval';
import { useEffect, useState } from 'react';
import type { MessageDoc } from '../../../schema/entities.ts';
import type { PendingAnnouncement } from './publish-queue.ts';
import { DEVICE_DB_PREFIX, DEVICE_STORE } from './publish-request.ts';

/**
 * What waits on this device and nowhere else (IndexedDB keeps Blobs, survives reloads and restarts): the
 * publish queue, the chat files attached offline, the draft's photos. One module over `idb-keyval` for
 * all three, so opening, errors, ordering and the move from the old databases behave the same everywhere.
 * Plain IndexedDB, not Dexie: RxDB bundles its own Dexie, and two copies may not live in one app.
 */
export type DeviceOutbox<T> = {
  get(key: string): Promise<T | undefined>;
  put(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every item, oldest first (by `order`, then by key). */
  list(): Promise<T[]>;
  clear(): Promise<void>;
  /** Called after every change made through this outbox in this page. */
  subscribe(fn: () => void): () => void;
};

/** A file attached to a chat message while offline (chat-file-outbox.ts sends it). */
export type QueuedAttachment = {
  id: string;
  userId: string;
  conversationId: string;
  announcementId: string;
  recipientId: string;
  text: string;
  replyTo: MessageDoc['replyTo'];
  file: Blob;
  name: string;
  queuedAt: string;
  /**
   * A full quota of stored bytes (413) or a full server (507) holds the file back until this time (ms),
   * kept on the device: the server's words say to try later, so the file is not lost (issue 40).
   */
  heldUntil?: number;
};

let lastQueuedMs = 0;
/**
 * The time an item joins an outbox, as the ISO text `list()` orders by. Never the same twice in this
 * page: two files attached in one millisecond would otherwise be sent in the order of their random ids.
 */
export function queuedAtNow(): string {
  lastQueuedMs = Math.max(Date.now(), lastQueuedMs + 1);
  return new Date(lastQueuedMs).toISOString();
}

/** A database of an earlier version of the app whose content moves here on first use. */
export type LegacyStore = { db: string; store: string };

export { DEVICE_DB_PREFIX };

const STORE = DEVICE_STORE;

/** Opens an existing database; null when there is none (and none is created by asking). */
function openExisting(name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name);
    req.onupgradeneeded = () => req.transaction?.abort();
    req.onsuccess = () => resolve(req.result);
    req.onerror = (e) => {
      if (req.error?.name !== 'AbortError') return reject(req.error);
      e.preventDefault();
      resolve(null);
    };
  });
}

/** Every [key, value] of a store, whether its keys are in the values (keyPath) or beside them. */
function readAll(db: IDBDatabase, store: string): Promise<[IDBValidKey, unknown][]> {
  if (!db.objectStoreNames.contains(store)) return Promise.resolve([]);
  const out: [IDBValidKey, unknown][] = [];
  const tx = db.transaction(store, 'readonly');
  tx.objectStore(store).openCursor().onsuccess = function () {
    const cursor = this.result;
    if (!cursor) return;
    out.push([cursor.primaryKey, cursor.value]);
    cursor.continue();
  };
  return promisifyRequest(tx).then(() => out);
}

/**
 * Moves what an old database holds into the new store, then deletes the old one. Keys the new store
 * already has are kept as they are (they are newer). A crash in between only repeats the move.
 */
async function moveLegacy(from: LegacyStore, to: ReturnType<typeof createStore>): Promise<void> {
  const old = await openExisting(from.db);
  if (!old) return;
  let items: [IDBValidKey, unknown][];
  try {
    items = await readAll(old, from.store);
  } finally {
    old.close();
  }
  const have = new Set((await keys(to)).map(String));
  const missing = items.filter(([k]) => !have.has(String(k)));
  if (missing.length > 0) await setMany(missing, to);
  // Another tab still running the old app may hold it open: then it goes when that tab closes.
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(from.db);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}

export function deviceOutbox<T>(
  name: string,
  opts: { legacy?: LegacyStore; order?: (value: T) => string } = {},
): DeviceOutbox<T> {
  const store = createStore(`${DEVICE_DB_PREFIX}${name}`, STORE);
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const fn of listeners) fn();
  };
  let migrated: Promise<void> | null = null;
  // Once per page: the old data is in place before the first read or write.
  const ready = () => {
    const { legacy } = opts;
    migrated ??= legacy
      ? moveLegacy(legacy, store).catch((err) => {
          console.error(`Mutarea datelor din ${legacy.db}`, err);
          migrated = null; // left where it was; tried again at the next use
        })
      : Promise.resolve();
    return migrated;
  };
  const order = opts.order;
  return {
    get: async (key) => {
      await ready();
      return get<T>(key, store);
    },
    put: async (key, value) => {
      await ready();
      await set(key, value, store);
      changed();
    },
    delete: async (key) => {
      await ready();
      await del(key, store);
      changed();
    },
    list: async () => {
      await ready();
      const all = await entries<string, T>(store);
      const rank = (e: [string, T]) => (order ? order(e[1]) : '');
      return all
        .sort((a, b) => rank(a).localeCompare(rank(b)) || String(a[0]).localeCompare(String(b[0])))
        .map(([, v]) => v);
    },
    clear: async () => {
      await ready();
      await clear(store);
      changed();
    },
    subscribe: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

/** The app's three outboxes, each with the database of earlier versions it replaces. */
export const publishOutbox = deviceOutbox<PendingAnnouncement>('publishes', {
  legacy: { db: 'hobbiz_outbox', store: 'announcements' },
  order: (p) => p.queuedAt,
});
export const chatFileOutbox = deviceOutbox<QueuedAttachment>('chat_files', {
  legacy: { db: 'hobbiz_chat_outbox', store: 'files' },
  order: (q) => q.queuedAt,
});
/**
 * The session a background drain may use (sw/outbox-worker.ts), key 'auth': written only while
 * something waits in the publish queue, removed when it is empty and at sign-out (db/outbox-sync.ts).
 */
export const syncAuthStore = deviceOutbox<{ userId: string; token: string }>('sync_auth');
/** The draft's photos, keyed by the person ('guest' or the user id). */
export const draftPhotoStore = deviceOutbox<(Blob | { blob: Blob; photoId: string })[]>('draft_photos', {
  legacy: { db: 'hobbiz_draft_photos', store: 'photos' },
});

/**
 * What a page shows of a device outbox, read again whenever the outbox changes (the one way components
 * follow IndexedDB, as `useRx` is for RxDB). `read` null: nothing to read (`empty`). `key` names what
 * `read` depends on.
 */
export function useOutbox<R>(
  outbox: Pick<DeviceOutbox<unknown>, 'subscribe'>,
  read: (() => Promise<R>) | null,
  empty: R,
  key: string,
): R {
  const [value, setValue] = useState<R>(empty);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for what `read` reads
  useEffect(() => {
    if (!read) return setValue(empty);
    let alive = true;
    const load = () =>
      void read()
        .then((v) => alive && setValue(v))
        .catch(() => undefined);
    const off = outbox.subscribe(load);
    load();
    return () => {
      alive = false;
      off();
    };
  }, [outbox, key]);
  return value;
}
