import { canAddFavorite, FAVORITE_MESSAGES } from '../../../schema/rules/favorites.ts';
import type { UnitOfWork, WriteTx } from '../lib/unit-of-work.ts';
import type { RealtimeHub } from '../replication/hub.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';
import type { FavoritesRepository } from '../repositories/favorites.ts';
import type { UsersRepository } from '../repositories/users.ts';
import type { PushSender } from './push-sender.ts';
import { fail, ok, type Refusal, type ServiceResult } from './result.ts';
import type { TrustService } from './trust.ts';

const NOT_FOUND = fail(404, FAVORITE_MESSAGES.notFound, 'not_found');
const OVER_LIMIT = fail(400, FAVORITE_MESSAGES.limit, 'favorites_limit');

/**
 * Favourites, shared by replication and REST: the one favourite write lives here (`write`), and both
 * transports reach it. `favoritesCount` is recounted here from the rows, never taken from a client.
 */
export function favoritesService(deps: {
  uow: UnitOfWork;
  hub: RealtimeHub;
  favorites: FavoritesRepository;
  announcements: AnnouncementsRepository;
  users: UsersRepository;
  /** Web Push (issue 23): the owner hears of a new favourite on their announcement. */
  pushes?: PushSender;
  /** Issue 24: someone the owner blocked notifies them of nothing. */
  trust?: Pick<TrustService, 'blocked'>;
}) {
  const { uow, hub, favorites, announcements: annRepo } = deps;

  /** Why `userId` may not favourite `announcementId` now, or null when they may. */
  async function refusal(userId: string, announcementId: string): Promise<Refusal | null> {
    const ann = await annRepo.byId(announcementId);
    if (!ann || ann.deleted || (!ann.active && ann.ownerId !== userId)) return NOT_FOUND;
    const existing = await favorites.get(userId, announcementId);
    if (existing && !existing.deleted) return null;
    if (!canAddFavorite(await favorites.activeCount(userId))) return OVER_LIMIT;
    return null;
  }

  /**
   * Recounts `favoritesCount` from the rows, in the write that changed them, so a crash can never leave a
   * counter that disagrees with them. The devices holding those announcements get them after the commit
   * (`tx.publicChanged`).
   */
  async function recount(tx: WriteTx, announcementIds: string[]): Promise<void> {
    const ids = [...new Set(announcementIds)];
    const counts = await favorites.countsFor(ids);
    for (const id of ids) await annRepo.update(id, { favoritesCount: counts.get(id) ?? 0, seq: tx.seq() });
    if (ids.length > 0) tx.publicChanged(['announcements']);
  }

  /**
   * Queues a push to the announcement's owner (not for their own favourite, not when they turned
   * favourites off): one notification per announcement (its tag), saying how many people saved it.
   */
  async function tellOwner(tx: WriteTx, userId: string, announcementId: string): Promise<void> {
    if (!deps.pushes) return;
    const ann = await annRepo.byId(announcementId);
    if (!ann || ann.ownerId === userId) return;
    const owner = ann.ownerId;
    if (!(await deps.users.notificationSettings(owner))?.favorites) return;
    if (await deps.trust?.blocked(owner, userId)) return;
    await deps.pushes.queue(tx, owner, `fav-${announcementId}`, async () => ({
      kind: 'favorite',
      announcementId,
      announcementTitle: ann.title,
    }));
  }

  /**
   * The favourite write: stores the caller's row as `state`, recounts the announcement, and after the
   * commit tells the owner's devices (once per unit, however many favourites it wrote). Rules are the
   * caller's to check first (`refusal`): the sync collection does it in its `prepare`, `toggle` below.
   */
  async function write(
    userId: string,
    announcementId: string,
    state: { deleted: boolean; createdAt: string },
  ): Promise<void> {
    await uow.write(async (tx) => {
      const before = await favorites.get(userId, announcementId);
      await favorites.put({ userId, announcementId, ...state, seq: tx.seq() });
      // Only a first favourite pushes: removing and adding again cannot buzz the owner's phone.
      if (!before && !state.deleted) await tellOwner(tx, userId, announcementId);
      await recount(tx, [announcementId]);
      tx.poke(['favorites'], [userId]);
      tx.effect(
        async () =>
          hub.emit('favoritesUpdated', { favoriteIds: await favorites.activeIds(userId) }, [userId]),
        `favoritesUpdated:${userId}`,
      );
    });
  }

  return {
    refusal,
    recount,
    write,

    /**
     * Adds (wanted = true) or removes a favourite, idempotently: adding twice keeps one row, removing a
     * non-favourite is a no-op. Removing is always allowed (even for a since-deleted announcement).
     */
    async toggle(
      userId: string,
      announcementId: string,
      wanted: boolean,
    ): Promise<ServiceResult<{ changed: boolean }>> {
      return await uow.write(async () => {
        const existing = await favorites.get(userId, announcementId);
        const live = !!existing && !existing.deleted;
        if (live === wanted) return ok({ changed: false });
        if (wanted) {
          const refused = await refusal(userId, announcementId);
          if (refused) return refused;
        }
        await write(userId, announcementId, {
          createdAt: wanted ? new Date().toISOString() : existing!.createdAt,
          deleted: !wanted,
        });
        return ok({ changed: true });
      });
    },
  };
}
export type FavoritesService = ReturnType<typeof favoritesService>;
