import { useSyncExternalStore } from 'react';

/**
 * Local writes not yet confirmed by the server, for the "n changes waiting" status. RxDB keeps the real
 * queue (and replays it after a reload); this only counts it, per user, across reloads. Announcements
 * in the publish queue (boot.ts keeps that number current) and chat files waiting on the device
 * (chat-file-outbox.ts) are counted beside it.
 */
type Entry = `${string}/${string}`;
let key: string | null = null;
let entries = new Set<Entry>();
let queuedPublishes = 0;
let queuedChatFiles = 0;
const listeners = new Set<() => void>();

function save() {
  if (!key) return;
  try {
    localStorage.setItem(key, JSON.stringify([...entries]));
  } catch {
    /* storage full: the count may be off, the data is not */
  }
  for (const fn of listeners) fn();
}

export function selectOutbox(userId: string | null): void {
  key = userId ? `hobbiz_outbox_${userId}` : null;
  try {
    entries = new Set(key ? (JSON.parse(localStorage.getItem(key) ?? '[]') as Entry[]) : []);
  } catch {
    entries = new Set();
  }
  queuedPublishes = 0;
  for (const fn of listeners) fn();
}

/** How many announcements wait in the publish queue to go out (refused ones do not wait). */
export function setQueuedPublishes(n: number): void {
  if (n === queuedPublishes) return;
  queuedPublishes = n;
  for (const fn of listeners) fn();
}

/** How many chat files of the signed-in person wait on the device to be sent (chat-file-outbox.ts). */
export function setQueuedChatFiles(n: number): void {
  if (n === queuedChatFiles) return;
  queuedChatFiles = n;
  for (const fn of listeners) fn();
}

export function markDirty(collection: string, id: string): void {
  if (!key) return;
  entries.add(`${collection}/${id}`);
  save();
}

export function markPushed(collection: string, ids: string[]): void {
  let changed = false;
  for (const id of ids) changed = entries.delete(`${collection}/${id}`) || changed;
  if (changed) save();
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
/** How many local changes (RxDB writes) of the signed-in person wait for the server. */
export function pendingChangeCount(): number {
  return entries.size;
}

/** Everything of the signed-in person that waits for the server: changes, queued publishes and files. */
export function waitingCount(): number {
  return entries.size + queuedPublishes + queuedChatFiles;
}

export function usePendingChanges(): number {
  return useSyncExternalStore(subscribe, waitingCount, () => 0);
}
