import { useEffect, useState } from 'react';
import type { SyncClient, SyncStatus } from './sync-client.ts';

// Lives in the main chunk; only a type import of the client, so RxDB stays lazy.
let client: SyncClient | null = null;
const listeners = new Set<() => void>();

export function setSyncClient(c: SyncClient | null): void {
  client = c;
  for (const fn of listeners) fn();
}

export function currentSyncClient(): SyncClient | null {
  return client;
}

/** The sync connection state for the status indicator; 'connecting' until the database has booted. */
export function useSyncStatus(): SyncStatus {
  const [status, setStatus] = useState<SyncStatus>('connecting');
  useEffect(() => {
    let sub: { unsubscribe(): void } | null = null;
    const attach = () => {
      sub?.unsubscribe();
      // Between two clients (sign-in, sign-out) nothing is connected: never keep the old 'online'.
      if (client) sub = client.status$.subscribe(setStatus);
      else {
        sub = null;
        setStatus('connecting');
      }
    };
    listeners.add(attach);
    attach();
    return () => {
      listeners.delete(attach);
      sub?.unsubscribe();
    };
  }, []);
  return status;
}
