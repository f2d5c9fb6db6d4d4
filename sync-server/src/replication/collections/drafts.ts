import type { DraftRow } from '../../../../schema/db/tables.ts';
import { DRAFT_ID, type DraftDoc } from '../../../../schema/entities.ts';
import { DRAFT_FIELDS } from '../../../../schema/fields.ts';
import { DRAFT_MESSAGES, draftPush } from '../../../../schema/rules/draft.ts';
import type { WithDeleted } from '../../../../schema/sync.ts';
import type { DraftsRepository } from '../../repositories/drafts.ts';
import type { DraftsService } from '../../services/drafts.ts';
import type { PushAdapter } from '../push.ts';
import type { CollectionHandler } from '../types.ts';
import { type OwnDeps, ownCollection } from './own.ts';

const FIELDS = [...DRAFT_FIELDS, 'updatedAt'] as const;

const docOf = (r: DraftRow): WithDeleted<DraftDoc> =>
  ({
    id: DRAFT_ID,
    ...Object.fromEntries(FIELDS.map((f) => [f, r[f]])),
    _deleted: r.deleted,
  }) as WithDeleted<DraftDoc>;

/** The seller's single draft: it follows them to their other devices, and to nobody else. */
export function draftsCollection(deps: OwnDeps<DraftsRepository, DraftsService>): CollectionHandler {
  const adapter: PushAdapter<DraftDoc> = {
    limit: () => 'drafts',
    current: async (ctx) => {
      const row = await deps.repo.get(ctx.userId!);
      return row ? docOf(row) : null;
    },
    prepare: (_ctx, wanted) => {
      if (wanted.id !== DRAFT_ID) return { ok: false, error: DRAFT_MESSAGES.invalid };
      const parsed = draftPush.safeParse(wanted);
      if (!parsed.success) return { ok: false, error: DRAFT_MESSAGES.fields };
      return { ok: true, doc: { ...parsed.data, _deleted: !!wanted._deleted } };
    },
    write: async (ctx, doc) => {
      const { id: _id, _deleted, ...fields } = doc;
      await deps.service.save(ctx.userId!, { ...fields, deleted: _deleted });
    },
  };
  return ownCollection({ name: 'drafts', uow: deps.uow, changes: deps.repo.changedSince, docOf, adapter });
}
