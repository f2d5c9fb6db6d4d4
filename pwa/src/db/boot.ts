import { storedToken } from '../api/client.ts';
import { session } from '../features/session/session-store.ts';
import { openDatabase } from './database.ts';
import { setCurrentDatabase } from './registry.ts';
import { startReplication } from './replication.ts';
import { SyncClient } from './sync-client.ts';
import { setSyncClient } from './sync-status.ts';
import type { HobbizDatabase } from './types.ts';

type Running = { key: string; db: HobbizDatabase; client: SyncClient; stop: () => Promise<void> };
let running: Running | null = null;
let switching: Promise<void> = Promise.resolve();

async function start(userId: string | null): Promise<void> {
  const key = userId ?? 'guest';
  if (running?.key === key) return;
  const previous = running;
  running = null;
  setCurrentDatabase(null);
  setSyncClient(null);
  if (previous) {
    await previous.stop();
    // The person signed out: their local data leaves the device with them.
    if (previous.key !== 'guest' && !userId) await previous.db.remove();
  }
  const db = await openDatabase(userId);
  const client = new SyncClient(userId ? storedToken() : null);
  const replications = startReplication(db, client);
  running = {
    key,
    db,
    client,
    stop: async () => {
      await Promise.all(replications.map((r) => r.cancel()));
      client.close();
      await db.close();
    },
  };
  setSyncClient(client);
  setCurrentDatabase(db);
}

/**
 * Opens the local database of whoever is using the app and keeps it in step with the session:
 * guest → user after login, user → guest after logout (which also deletes the user's local data).
 */
export function bootDatabase(): void {
  const follow = () => {
    const { status, userId } = session.get();
    if (status === 'loading') return;
    const want = status === 'user' && storedToken() ? userId : null;
    switching = switching.then(() => start(want)).catch((err) => console.error('Baza de date locală', err));
  };
  session.subscribe(follow);
  follow();
}
