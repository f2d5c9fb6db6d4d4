import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { MessagingRepository } from '../repositories/messaging.ts';

/** A person's notifications: created by other services (messages, reviews); here they are read or go. */
export function notificationsService(deps: { uow: UnitOfWork; repo: MessagingRepository }) {
  const { uow, repo } = deps;
  return {
    /**
     * The recipient marks a notification read or deletes it (REST and the sync collection); neither
     * comes back. Someone else's notification, or an unknown id, answers false and changes nothing.
     */
    async set(userId: string, id: string, wanted: { read: boolean; deleted: boolean }): Promise<boolean> {
      return await uow.write(async (tx) => {
        const n = await repo.notification(id);
        if (!n || n.userId !== userId) return false;
        const state = { read: n.read || wanted.read, deleted: n.deleted || wanted.deleted };
        await repo.updateNotification(id, { ...state, seq: tx.seq() });
        tx.poke(['notifications'], [userId]);
        return true;
      });
    },
  };
}
export type NotificationsService = ReturnType<typeof notificationsService>;
