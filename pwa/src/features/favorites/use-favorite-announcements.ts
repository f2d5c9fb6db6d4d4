import { combineLatest, map, of, switchMap } from 'rxjs';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import { useRx } from '../../db/use-rx.ts';

export type FavoriteEntry = { id: string; addedAt: string; announcement: AnnouncementDoc | null };

/**
 * The person's favourites (guest or account), newest first, each with its announcement from the local
 * catalogue (null when it is no longer available). Live and offline; undefined while the database opens.
 */
export function useFavoriteAnnouncements(): FavoriteEntry[] | undefined {
  return useRx(
    (db) =>
      db.favorites.find({ sort: [{ createdAt: 'desc' }] }).$.pipe(
        switchMap((favs) => {
          const ids = favs.map((f) => f.id);
          const anns = ids.length ? db.announcements.findByIds(ids).$ : of(new Map());
          return combineLatest([of(favs), anns]);
        }),
        map(([favs, anns]) =>
          favs.map((f) => {
            const a = anns.get(f.id);
            const announcement = a?.active ? (a.toMutableJSON() as AnnouncementDoc) : null;
            return { id: f.id, addedAt: f.createdAt, announcement };
          }),
        ),
      ),
    [],
  );
}
