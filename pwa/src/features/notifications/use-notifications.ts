import { map } from 'rxjs';
import type { NotificationDoc } from '../../../../schema/entities.ts';
import { useRx } from '../../db/use-rx.ts';

/** The signed-in person's notifications, newest first, live from the local database. */
export function useNotifications(): NotificationDoc[] | undefined {
  return useRx(
    (db) =>
      db.collections.notifications
        ? db.notifications
            .find({ sort: [{ createdAt: 'desc' }] })
            .$.pipe(map((docs) => docs.map((d) => d.toJSON() as NotificationDoc)))
        : null,
    [],
  );
}
