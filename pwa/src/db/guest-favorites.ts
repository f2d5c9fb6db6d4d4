import type { RxReplicationState } from 'rxdb/plugins/replication';
import { STORAGE_KEYS } from '../../../schema/constants.ts';
import { isObjectId } from '../../../schema/ids.ts';
import { canAddFavorite, FAVORITE_MESSAGES } from '../../../schema/rules/favorites.ts';
import type { SyncCheckpoint } from '../../../schema/sync.ts';
import { openDatabase } from './database.ts';
import { setGuestMergeOffer } from './guest-merge.ts';
import { markDirty } from './pending-count.ts';
import type { HobbizDatabase, Notify } from './types.ts';

/**
 * Favourites saved as a guest (a database of their own, on the device): the spec's older localStorage
 * list is moved into it, and after login the ones the account lacks are offered to the account
 * ('Sincronizează favoritele salvate înainte de login'). Loaded with the database, like boot.ts.
 */

/** The spec's guest list (favoriteAnnouncements_guest: {id, addedAt} or legacy plain ids) moves into RxDB. */
export async function importLegacyGuestFavorites(db: HobbizDatabase): Promise<void> {
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
      .filter((e): e is { id: string; addedAt: string } => typeof e?.id === 'string' && isObjectId(e.id))
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
export async function offerGuestFavorites(
  db: HobbizDatabase,
  favorites: RxReplicationState<unknown, SyncCheckpoint>,
  notify: Notify,
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
          notify(FAVORITE_MESSAGES.limit, 'error', 4000);
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
