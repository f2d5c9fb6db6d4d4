import { useEffect, useState } from 'react';
import { createStore } from '../lib/store.ts';
import type { SyncClient } from './sync-client.ts';
import type { SyncStatus } from './sync-wait.ts';

// Lives in the main chunk; only a type import of the client, so RxDB stays lazy.
const client = createStore<SyncClient | null>(null);

export const setSyncClient = client.set;
export const currentSyncClient = client.get;

/** Calls `fn` with the sync client now and whenever it changes (it appears once the database booted). */
export function withSyncClient(fn: (c: SyncClient | null) => void): () => void {
  fn(client.get());
  return client.subscribe(() => fn(client.get()));
}

/** The sync connection state for the status indicator; 'connecting' until the database has booted. */
export function useSyncStatus(): SyncStatus {
  const [status, setStatus] = useState<SyncStatus>('connecting');
  useEffect(() => {
    let sub: { unsubscribe(): void } | null = null;
    const attach = () => {
      sub?.unsubscribe();
      const current = client.get();
      // Between two clients (sign-in, sign-out) nothing is connected: never keep the old 'online'.
      if (current) sub = current.status$.subscribe(setStatus);
      else {
        sub = null;
        setStatus('connecting');
      }
    };
    const off = client.subscribe(attach);
    attach();
    return () => {
      off();
      sub?.unsubscribe();
    };
  }, []);
  return status;
}

/**
 * The real-time events (`newMessage`, `userTyping`, …) of whichever sync client is current, followed
 * across sign-in and sign-out; returns the stop.
 */
export function onSyncEvent(fn: (e: { name: string; payload: unknown }) => void): () => void {
  let sub: { unsubscribe(): void } | null = null;
  const attach = () => {
    sub?.unsubscribe();
    sub = client.get()?.events$.subscribe(fn) ?? null;
  };
  const off = client.subscribe(attach);
  attach();
  return () => {
    off();
    sub?.unsubscribe();
  };
}

/** Whether the server closed the socket for too many requests (the app waits, then tries again). */
export function useSyncLimited(): boolean {
  const [limited, setLimited] = useState(false);
  useEffect(() => {
    let sub: { unsubscribe(): void } | null = null;
    const off = withSyncClient((c) => {
      sub?.unsubscribe();
      sub = c?.limited$.subscribe(setLimited) ?? null;
      if (!c) setLimited(false);
    });
    return () => {
      off();
      sub?.unsubscribe();
    };
  }, []);
  return limited;
}
