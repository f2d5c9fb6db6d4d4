import type { NotificationDoc } from '../../../../schema/entities.ts';
import { useRxFind } from '../../db/use-rx.ts';

/** The signed-in person's notifications, newest first, live from the local database. */
export function useNotifications(): NotificationDoc[] | undefined {
  return useRxFind('notifications', { sort: [{ createdAt: 'desc' }] }, []);
}
