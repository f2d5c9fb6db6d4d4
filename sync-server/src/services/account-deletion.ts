import type { FileStorage } from '../lib/file-storage.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { RealtimeHub } from '../replication/hub.ts';
import type { AccountDeletionRepository } from '../repositories/account-deletion.ts';
import type { UsersRepository } from '../repositories/users.ts';
import type { FavoritesService } from './favorites.ts';
import { removeUploads } from './images.ts';

/**
 * 'Șterge contul': the person's data become tombstones in one write (see repositories/account-deletion.ts),
 * the counters of what they liked are recounted, every device is told, their sockets close; the files go
 * once all of that has committed.
 */
export function accountDeletionService(deps: {
  uow: UnitOfWork;
  hub: RealtimeHub;
  erasure: AccountDeletionRepository;
  users: UsersRepository;
  favorites: FavoritesService;
  storage: FileStorage;
}) {
  return {
    async remove(userId: string): Promise<void> {
      const done = await deps.uow.write(async (tx) => {
        const result = await deps.erasure.erase(userId, tx.seq);
        // Social links, the Google picture and any reset code are the person's data too.
        await deps.users.forgetPrivate(userId);
        await deps.favorites.recount(tx, result.favoriteIds);
        for (const id of result.announcementIds) tx.emit('announcementDeleted', { id });
        tx.publicChanged(['announcements', 'reviews', 'profiles']);
        tx.effect(() => deps.hub.disconnect(userId));
        return result;
      });
      await removeUploads(deps.storage, done.files);
    },
  };
}
export type AccountDeletionService = ReturnType<typeof accountDeletionService>;
