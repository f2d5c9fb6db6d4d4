import { useMemo } from 'react';
import { canAddFavorite, FAVORITE_MESSAGES } from '../../../schema/rules/favorites.ts';
import { markDirty } from './pending-count.ts';
import { currentDatabase } from './registry.ts';
import { useRx } from './use-rx.ts';

/** The ids of the current person's favourites (guest or account), live; null until the database is open. */
export function useFavoriteIds(): Set<string> | null {
  // Mapped here rather than with an rxjs operator: this runs in the first screen's chunk.
  const docs = useRx((db) => db.favorites.find().$, []);
  return useMemo(() => (docs ? new Set(docs.map((d) => d.id)) : null), [docs]);
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
