import type { CollectionName, PushRow, WithDeleted } from '../../../../schema/sync.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { applyPush, type PushAdapter } from '../push.ts';
import { type CollectionHandler, clampBatch, page } from '../types.ts';

/** What a collection of one's own is built from: the unit of work, its repository and its service. */
export type OwnDeps<Repo, Service> = { uow: UnitOfWork; repo: Repo; service: Service };

/**
 * A collection each signed-in person replicates for themselves: a pull pages through `changes` (the
 * caller's rows written after the checkpoint, in seq order), a push goes through `adapter`'s rules in one
 * unit of work per batch. The collection modules say only what differs: scoping, documents and rules.
 */
export function ownCollection<R extends { seq: number }, T extends { id: string }>(spec: {
  name: CollectionName;
  uow: UnitOfWork;
  changes: (userId: string, afterSeq: number, limit: number) => Promise<R[]>;
  docOf: (row: R) => WithDeleted<T>;
  adapter: PushAdapter<T>;
}): CollectionHandler {
  return {
    public: false,
    pull: async (ctx, checkpoint, batchSize) =>
      page(
        await spec.changes(ctx.userId!, checkpoint?.seq ?? 0, clampBatch(batchSize)),
        checkpoint,
        spec.docOf,
      ),
    push: (ctx, rows) => applyPush(spec.uow, spec.name, spec.adapter, ctx, rows as PushRow<T>[]),
  };
}
