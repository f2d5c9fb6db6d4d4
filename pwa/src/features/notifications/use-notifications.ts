import { map } from 'rxjs';
import type { NotificationDoc } from '../../../../schema/entities.ts';
import { useLive } from '../chat/use-live.ts';

/** The signed-in person's notifications, newest first, live from the local database. */
export function useNotifications(): NotificationDoc[] | undefined {
  return useLive(
    (db) =>
      db.collections.notifications
        ? db.notifications
            .find({ sort: [{ createdAt: 'desc' }] })
            .$.pipe(map((docs) => docs.map((d) => d.toJSON() as NotificationDoc)))
        : null,
    [],
  );
}
