import { eq } from 'drizzle-orm';
import { announcements } from '../../../schema/db/tables.ts';
import { canAddFavorite, FAVORITE_MESSAGES } from '../../../schema/rules/favorites.ts';
import { type Db, nextSeq } from '../plugins/db.ts';
import type { RealtimeHub } from '../replication/hub.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';
import type { FavoritesRepository } from '../repositories/favorites.ts';

/**
 * Favourites, shared by replication and REST. A toggle is a write to the caller's own favourites;
 * `favoritesCount` is recounted here from the rows, never taken from a client.
 */
export function favoritesService(deps: {
  db: Db;
  hub: RealtimeHub;
  favorites: FavoritesRepository;
  announcements: AnnouncementsRepository;
}) {
  const { db, hub, favorites, announcements: annRepo } = deps;
  return {
    /** Why `userId` may not favourite `announcementId` now, or null when they may. */
    refusal(userId: string, announcementId: string): string | null {
      const ann = annRepo.byId(announcementId);
      if (!ann || ann.deleted || (!ann.active && ann.ownerId !== userId)) return FAVORITE_MESSAGES.notFound;
      const existing = favorites.get(userId, announcementId);
      if (existing && !existing.deleted) return null;
      if (!canAddFavorite(favorites.activeCount(userId))) return FAVORITE_MESSAGES.limit;
      return null;
    },

    /**
     * Recounts `favoritesCount` from the rows. Call it INSIDE the transaction that changed the rows, so a
     * crash can never leave a counter that disagrees with them.
     */
    recount(announcementIds: string[]): void {
      const ids = [...new Set(announcementIds)];
      const counts = favorites.countsFor(ids);
      for (const id of ids) {
        db.update(announcements)
          .set({ favoritesCount: counts.get(id) ?? 0, seq: nextSeq(db) })
          .where(eq(announcements.id, id))
          .run();
      }
    },

    /** After the commit: everyone's catalogue, and the owner's devices. */
    publish(userId: string): void {
      hub.poke(['announcements']);
      hub.poke(['favorites'], [userId]);
      hub.emit('favoritesUpdated', { favoriteIds: favorites.activeIds(userId) }, [userId]);
    },
  };
}
export type FavoritesService = ReturnType<typeof favoritesService>;
