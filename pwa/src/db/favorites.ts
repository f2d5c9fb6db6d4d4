import { useEffect, useState } from 'react';
import { canAddFavorite, FAVORITE_MESSAGES } from '../../../schema/rules/favorites.ts';
import { markDirty } from './pending-count.ts';
import { currentDatabase, onDatabase } from './registry.ts';

/** The ids of the current person's favourites (guest or account), live; null until the database is open. */
export function useFavoriteIds(): Set<string> | null {
  const [ids, setIds] = useState<Set<string> | null>(null);
  useEffect(() => {
    let sub: { unsubscribe(): void } | null = null;
    const off = onDatabase((db) => {
      sub?.unsubscribe();
      sub = db ? db.favorites.find().$.subscribe((docs) => setIds(new Set(docs.map((d) => d.id)))) : null;
      if (!db) setIds(null);
    });
    return () => {
      off();
      sub?.unsubscribe();
    };
  }, []);
  return ids;
}

/**
 * Adds or removes a favourite in the local database at once (works offline); replication takes it to the
 * account. Returns whether it is now a favourite; throws with a Romanian message when it cannot.
 */
export async function toggleFavorite(id: string): Promise<boolean> {
  const db = currentDatabase();
  if (!db) throw new Error(FAVORITE_MESSAGES.updateFailed);
  const existing = await db.favorites.findOne(id).exec();
  if (existing) {
    await existing.remove();
    markDirty('favorites', id);
    return false;
  }
  if (!canAddFavorite(await db.favorites.count().exec())) throw new Error(FAVORITE_MESSAGES.limit);
  await db.favorites.upsert({ id, createdAt: new Date().toISOString() });
  markDirty('favorites', id);
  return true;
}
