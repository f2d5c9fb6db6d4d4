import type { FavoriteRow } from '../../../../schema/db/tables.ts';
import { type FavoriteDoc, objectId } from '../../../../schema/entities.ts';
import { FAVORITE_MESSAGES } from '../../../../schema/rules/favorites.ts';
import type { PushRow, WithDeleted } from '../../../../schema/sync.ts';
import { saneClientTime } from '../../lib/ids.ts';
import type { Db } from '../../plugins/db.ts';
import type { FavoritesRepository } from '../../repositories/favorites.ts';
import type { FavoritesService } from '../../services/favorites.ts';
import { applyPush, type PushAdapter } from '../push.ts';
import { type CollectionHandler, clampBatch, page } from '../types.ts';

const docOf = (r: FavoriteRow): WithDeleted<FavoriteDoc> => ({
  id: r.announcementId,
  createdAt: r.createdAt,
  _deleted: r.deleted,
});

/** The caller's favourites: a toggle is a write to their own rows; counters are the service's. */
export function favoritesCollection(deps: {
  db: Db;
  seq: () => number;
  repo: FavoritesRepository;
  service: FavoritesService;
}): CollectionHandler {
  const adapter: PushAdapter<FavoriteDoc> = {
    limit: () => 'favorites',
    current: (ctx, id) => {
      const row = deps.repo.get(ctx.userId!, id);
      return row ? docOf(row) : null;
    },
    prepare: (ctx, wanted) => {
      if (!objectId.safeParse(wanted.id).success) return { ok: false, error: FAVORITE_MESSAGES.notFound };
      if (!wanted._deleted) {
        const refusal = deps.service.refusal(ctx.userId!, wanted.id);
        if (refusal) return { ok: false, error: refusal };
      }
      // A sane client timestamp is kept: the stored document is then the pushed one (no false conflicts).
      return {
        ok: true,
        doc: { id: wanted.id, createdAt: saneClientTime(wanted.createdAt), _deleted: wanted._deleted },
      };
    },
    write: (ctx, doc, _current, s) => {
      deps.repo.put({
        userId: ctx.userId!,
        announcementId: doc.id,
        createdAt: doc.createdAt,
        deleted: doc._deleted,
        seq: s,
      });
      // In the same transaction as the row: a crash cannot leave a counter that disagrees with the rows.
      deps.service.recount([doc.id]);
    },
    afterCommit: (ctx) => deps.service.publish(ctx.userId!),
  };
  return {
    public: false,
    pull: (ctx, checkpoint, batchSize) =>
      page(
        deps.repo.changedSince(ctx.userId!, checkpoint?.seq ?? 0, clampBatch(batchSize)),
        checkpoint,
        docOf,
      ),
    push: (ctx, rows) =>
      applyPush(deps.db, 'favorites', adapter, ctx, rows as PushRow<FavoriteDoc>[], deps.seq),
  };
}
