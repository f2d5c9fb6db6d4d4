import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  type AnnouncementRow,
  announcements,
  type FavoriteRow,
  favorites,
} from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';
import { changedAfter, firstRow, live, matching } from './queries.ts';

/** A live favourite of `userId` whose announcement they may still see: not deleted; active, or their own. */
const visibleFavorite = (userId: string) =>
  and(
    eq(favorites.userId, userId),
    eq(favorites.deleted, false),
    eq(announcements.deleted, false),
    or(eq(announcements.active, true), eq(announcements.ownerId, userId)),
  );

export function favoritesRepository(db: Db) {
  return {
    get: (userId: string, announcementId: string): Promise<FavoriteRow | undefined> =>
      firstRow(db, favorites, matching(favorites, { userId, announcementId })),
    /** Insert or rewrite the (user, announcement) row — a removal is a tombstone, not a delete. */
    async put(row: FavoriteRow): Promise<void> {
      await db
        .insert(favorites)
        .values(row)
        .onConflictDoUpdate({
          target: [favorites.userId, favorites.announcementId],
          set: { createdAt: row.createdAt, deleted: row.deleted, seq: row.seq },
        });
    },
    /**
     * What the favourites limit counts: live favourites whose announcement the user may still see (not
     * deleted; active, or their own) — the same set as visibleAnnouncementsOf. A favourite of an
     * announcement deleted or deactivated since takes no place (it is invisible, the user cannot remove it).
     */
    async activeCount(userId: string): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)` })
        .from(favorites)
        .innerJoin(announcements, eq(announcements.id, favorites.announcementId))
        .where(visibleFavorite(userId));
      return r?.n ?? 0;
    },
    async activeIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: favorites.announcementId })
        .from(favorites)
        .where(live(favorites, { userId }))
        .orderBy(asc(favorites.createdAt));
      return rows.map((r) => r.id);
    },
    /** Live favourites per announcement: the only source of `favoritesCount`. */
    async countsFor(announcementIds: string[]): Promise<Map<string, number>> {
      if (announcementIds.length === 0) return new Map();
      const rows = await db
        .select({ id: favorites.announcementId, n: sql<number>`count(*)` })
        .from(favorites)
        .where(and(live(favorites), inArray(favorites.announcementId, announcementIds)))
        .groupBy(favorites.announcementId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },
    /**
     * The announcements of a user's live favourites that they may still see (not deleted; active, or their
     * own), in the order they were added.
     */
    async visibleAnnouncementsOf(userId: string): Promise<AnnouncementRow[]> {
      const rows = await db
        .select({ a: announcements })
        .from(favorites)
        .innerJoin(announcements, eq(announcements.id, favorites.announcementId))
        .where(visibleFavorite(userId))
        .orderBy(asc(favorites.createdAt));
      return rows.map((r) => r.a);
    },
    changedSince: (userId: string, afterSeq: number, limit: number): Promise<FavoriteRow[]> =>
      changedAfter(db, favorites, { afterSeq, limit, scope: eq(favorites.userId, userId) }),
  };
}
export type FavoritesRepository = ReturnType<typeof favoritesRepository>;
