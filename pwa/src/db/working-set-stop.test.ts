import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { BehaviorSubject, Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import type { SyncClient } from './sync-client.ts';
import type { HobbizDatabase } from './types.ts';
import { WorkingSet } from './working-set.ts';

/** Signing out stops the working set, then closes the database: a write in flight is not a page error. */
let db: HobbizDatabase | null = null;
afterEach(async () => {
  if (db && !db.closed) await db.close();
  db = null;
});

const fakeClient = () =>
  ({
    status$: new BehaviorSubject('offline'),
    events$: new Subject(),
    request: async () => ({}),
  }) as unknown as SyncClient;

describe('the working set at sign-out', () => {
  it('starts no write once stopped, and a write the closing database cut short is not reported', async () => {
    db = await openDatabase(`u${Date.now()}`, undefined, getRxStorageMemory());
    const ws = new WorkingSet(db, fakeClient(), 'me', { pendingIds: async () => [] });
    // Queued behind the constructor's first pass, then the database closes under it.
    const inFlight = ws.hold('announcements', ['6a00000000000000000000c1']);
    ws.stop();
    await db.close();
    await expect(inFlight).resolves.toBeUndefined();
    await expect(ws.hold('announcements', ['6a00000000000000000000c2'])).resolves.toBeUndefined();
  });
});
