import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import {
  type AnnouncementRow,
  announcements,
  type FavoriteRow,
  favorites,
} from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';

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
    get(userId: string, announcementId: string): FavoriteRow | undefined {
      return db
        .select()
        .from(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.announcementId, announcementId)))
        .get();
    },
    /** Insert or rewrite the (user, announcement) row — a removal is a tombstone, not a delete. */
    put(row: FavoriteRow): void {
      db.insert(favorites)
        .values(row)
        .onConflictDoUpdate({
          target: [favorites.userId, favorites.announcementId],
          set: { createdAt: row.createdAt, deleted: row.deleted, seq: row.seq },
        })
        .run();
    },
    /**
     * What the favourites limit counts: live favourites whose announcement the user may still see (not
     * deleted; active, or their own) — the same set as visibleAnnouncementsOf. A favourite of an
     * announcement deleted or deactivated since takes no place (it is invisible, the user cannot remove it).
     */
    activeCount(userId: string): number {
      const r = db
        .select({ n: sql<number>`count(*)` })
        .from(favorites)
        .innerJoin(announcements, eq(announcements.id, favorites.announcementId))
        .where(visibleFavorite(userId))
        .get();
      return r?.n ?? 0;
    },
    activeIds(userId: string): string[] {
      return db
        .select({ id: favorites.announcementId })
        .from(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.deleted, false)))
        .orderBy(asc(favorites.createdAt))
        .all()
        .map((r) => r.id);
    },
    /** Live favourites per announcement: the only source of `favoritesCount`. */
    countsFor(announcementIds: string[]): Map<string, number> {
      if (announcementIds.length === 0) return new Map();
      const rows = db
        .select({ id: favorites.announcementId, n: sql<number>`count(*)` })
        .from(favorites)
        .where(and(inArray(favorites.announcementId, announcementIds), eq(favorites.deleted, false)))
        .groupBy(favorites.announcementId)
        .all();
      return new Map(rows.map((r) => [r.id, r.n]));
    },
    /**
     * The announcements of a user's live favourites that they may still see (not deleted; active, or their
     * own), in the order they were added.
     */
    visibleAnnouncementsOf(userId: string): AnnouncementRow[] {
      return db
        .select({ a: announcements })
        .from(favorites)
        .innerJoin(announcements, eq(announcements.id, favorites.announcementId))
        .where(visibleFavorite(userId))
        .orderBy(asc(favorites.createdAt))
        .all()
        .map((r) => r.a);
    },
    changedSince(userId: string, afterSeq: number, limit: number): FavoriteRow[] {
      return db
        .select()
        .from(favorites)
        .where(and(eq(favorites.userId, userId), gt(favorites.seq, afterSeq)))
        .orderBy(asc(favorites.seq))
        .limit(limit)
        .all();
    },
  };
}
export type FavoritesRepository = ReturnType<typeof favoritesRepository>;
