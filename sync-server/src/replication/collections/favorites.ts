import type { FavoriteRow } from '../../../../schema/db/tables.ts';
import { type FavoriteDoc, objectId } from '../../../../schema/entities.ts';
import { FAVORITE_MESSAGES } from '../../../../schema/rules/favorites.ts';
import type { WithDeleted } from '../../../../schema/sync.ts';
import { saneClientTime } from '../../lib/ids.ts';
import type { FavoritesRepository } from '../../repositories/favorites.ts';
import type { FavoritesService } from '../../services/favorites.ts';
import type { PushAdapter } from '../push.ts';
import type { CollectionHandler } from '../types.ts';
import { type OwnDeps, ownCollection } from './own.ts';

const docOf = (r: FavoriteRow): WithDeleted<FavoriteDoc> => ({
  id: r.announcementId,
  createdAt: r.createdAt,
  _deleted: r.deleted,
});

/** The caller's favourites: a toggle is a write to their own rows; counters are the service's. */
export function favoritesCollection(deps: OwnDeps<FavoritesRepository, FavoritesService>): CollectionHandler {
  const adapter: PushAdapter<FavoriteDoc> = {
    limit: () => 'favorites',
    current: async (ctx, id) => {
      const row = await deps.repo.get(ctx.userId!, id);
      return row ? docOf(row) : null;
    },
    prepare: async (ctx, wanted) => {
      if (!objectId.safeParse(wanted.id).success) return { ok: false, error: FAVORITE_MESSAGES.notFound };
      if (!wanted._deleted) {
        const refusal = await deps.service.refusal(ctx.userId!, wanted.id);
        if (refusal) return { ok: false, error: refusal.error };
      }
      // A sane client timestamp is kept: the stored document is then the pushed one (no false conflicts).
      return {
        ok: true,
        doc: { id: wanted.id, createdAt: saneClientTime(wanted.createdAt), _deleted: wanted._deleted },
      };
    },
    // The same write as REST's (services/favorites.ts): row, counter and real-time effects.
    write: (ctx, doc) =>
      deps.service.write(ctx.userId!, doc.id, { createdAt: doc.createdAt, deleted: doc._deleted }),
  };
  return ownCollection({ name: 'favorites', uow: deps.uow, changes: deps.repo.changedSince, docOf, adapter });
}
