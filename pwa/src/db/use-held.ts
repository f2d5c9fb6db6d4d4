import { useEffect, useSyncExternalStore } from 'react';
import type { HeldDoc, HeldKind } from '../../../schema/sync.ts';
import { isCaughtUp, onCaughtUp, onWorkingSet } from './registry.ts';

/**
 * What a page keeps on the device, through the working set of the open database (a guest's too): held
 * documents stay readable offline and live. A failed hold is retried by the next visit; the page reads
 * what it has. Each function waits for the working set when the database is not open yet.
 */

/** Holds documents by id while a page shows them. */
export function useHeld(kind: HeldKind, ids: string[]): void {
  const key = [...new Set(ids.filter(Boolean))].sort().join(',');
  useEffect(() => {
    if (!key) return;
    return onWorkingSet((ws) => void ws?.hold(kind, key.split(',')).catch(() => undefined));
  }, [kind, key]);
}

/**
 * Stores and holds announcements the server sent over REST (the home carousel, a detail, a listing page
 * read while the socket was down), in this working set and the next one until the returned stop is called;
 * `once`: in the first working set that is up, then stops by itself.
 */
export function keepShown(items: HeldDoc[], once = false): () => void {
  const off = onWorkingSet((ws) => {
    if (!ws) return;
    void ws.show('announcements', items, false).catch(() => undefined);
    if (once) queueMicrotask(() => off());
  });
  return off;
}

/** Holds the announcements a server search finds (a seller's, on their profile) while a page shows them. */
export function useHeldSearch(params: Record<string, unknown>): void {
  const key = JSON.stringify(params);
  useEffect(() => onWorkingSet((ws) => void ws?.query(JSON.parse(key)).catch(() => undefined)), [key]);
}

/** Whether the open database has had the server's first answer for a collection (then it is the truth). */
export function useCaughtUp(collection: string): boolean {
  return useSyncExternalStore(onCaughtUp, () => isCaughtUp(collection));
}
