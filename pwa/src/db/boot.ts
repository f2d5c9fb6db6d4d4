import type { RxReplicationState } from 'rxdb/plugins/replication';
import { STORAGE_KEYS } from '../../../schema/constants.ts';
import { canAddFavorite, FAVORITE_MESSAGES } from '../../../schema/rules/favorites.ts';
import type { SyncCheckpoint, SyncRejection } from '../../../schema/sync.ts';
import { storedToken } from '../api/client.ts';
import { session } from '../features/session/session-store.ts';
import { showToast } from '../features/shell/toast.ts';
import { openDatabase } from './database.ts';
import { clearDraftImages } from './draft-images.ts';
import { setGuestMergeOffer } from './guest-merge.ts';
import { markDirty, selectOutbox } from './outbox.ts';
import { flushOutbox } from './publish-queue.ts';
import { setCurrentDatabase } from './registry.ts';
import { startReplication } from './replication.ts';
import { SyncClient } from './sync-client.ts';
import { setSyncClient } from './sync-status.ts';
import type { HobbizDatabase } from './types.ts';

type Running = { key: string; db: HobbizDatabase; stop: () => Promise<void> };
let running: Running | null = null;
let switching: Promise<void> = Promise.resolve();

/** The spec's guest list (favoriteAnnouncements_guest: {id, addedAt} or legacy plain ids) moves into RxDB. */
async function importLegacyGuestFavorites(db: HobbizDatabase): Promise<void> {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(STORAGE_KEYS.guestFavorites);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const list = JSON.parse(raw) as unknown[];
    const docs = list
      .map((e) => (typeof e === 'string' ? { id: e, addedAt: '' } : (e as { id?: string; addedAt?: string })))
      .filter(
        (e): e is { id: string; addedAt: string } => typeof e?.id === 'string' && /^[0-9a-f]{24}$/.test(e.id),
      )
      .map((e) => ({ id: e.id, createdAt: e.addedAt || new Date().toISOString() }));
    if (docs.length > 0) await db.favorites.bulkUpsert(docs);
    localStorage.removeItem(STORAGE_KEYS.guestFavorites);
  } catch {
    /* unreadable legacy list: leave it */
  }
}

async function clearGuestFavorites(): Promise<void> {
  const guest = await openDatabase(null, ['favorites']);
  try {
    await guest.favorites.find().remove();
  } finally {
    await guest.close();
  }
}

/** After login: offer the guest favourites the account lacks (once the account's own have arrived). */
async function offerGuestFavorites(
  db: HobbizDatabase,
  favorites: RxReplicationState<unknown, SyncCheckpoint>,
) {
  await Promise.race([favorites.awaitInitialReplication(), new Promise((r) => setTimeout(r, 5000))]);
  const guest = await openDatabase(null, ['favorites']);
  let missing: string[];
  try {
    const guestIds = (await guest.favorites.find().exec()).map((d) => d.id);
    if (guestIds.length === 0) return;
    const mine = new Set((await db.favorites.find().exec()).map((d) => d.id));
    missing = guestIds.filter((id) => !mine.has(id));
  } finally {
    await guest.close();
  }
  if (missing.length === 0) return clearGuestFavorites();
  setGuestMergeOffer({
    ids: missing,
    async accept() {
      setGuestMergeOffer(null);
      let count = await db.favorites.count().exec();
      const now = new Date().toISOString();
      for (const id of missing) {
        if (!canAddFavorite(count)) {
          showToast(FAVORITE_MESSAGES.limit, 'error', 4000);
          break;
        }
        await db.favorites.upsert({ id, createdAt: now });
        markDirty('favorites', id);
        count++;
      }
      await clearGuestFavorites();
    },
    async discard() {
      setGuestMergeOffer(null);
      await clearGuestFavorites();
    },
  });
}

async function start(userId: string | null): Promise<void> {
  const key = userId ?? 'guest';
  if (running?.key === key) return;
  const previous = running;
  running = null;
  setCurrentDatabase(null);
  setSyncClient(null);
  setGuestMergeOffer(null);
  if (previous) {
    await previous.stop();
    // The person signed out: their local data leaves the device with them.
    if (previous.key !== 'guest' && !userId) {
      await previous.db.remove();
      await clearDraftImages(previous.key);
      try {
        localStorage.removeItem(`hobbiz_outbox_${previous.key}`);
      } catch {
        /* nothing to clean */
      }
    }
  }
  const db = await openDatabase(userId);
  selectOutbox(userId);
  if (!userId) await importLegacyGuestFavorites(db);
  const client = new SyncClient(userId ? storedToken() : null);
  const replications = startReplication(db, client, !!userId);
  const events = client.events$.subscribe((e) => {
    if (e.name === 'syncRejected') showToast((e.payload as SyncRejection).error, 'error', 4000);
  });
  // Announcements published offline go out whenever the connection is (back) up.
  const publishing = userId
    ? client.status$.subscribe((s) => {
        if (s === 'online') void flushOutbox(userId);
      })
    : null;
  running = {
    key,
    db,
    stop: async () => {
      events.unsubscribe();
      publishing?.unsubscribe();
      await Promise.all(replications.map((r) => r.cancel()));
      client.close();
      await db.close();
    },
  };
  setSyncClient(client);
  setCurrentDatabase(db);
  const favoritesReplication = replications.find((r) => r.collection.name === 'favorites');
  if (userId && favoritesReplication)
    void offerGuestFavorites(db, favoritesReplication).catch(() => undefined);
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
