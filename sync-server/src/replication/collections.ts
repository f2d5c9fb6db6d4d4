import { LIMITS } from '../../../schema/constants.ts';
import { FAVORITE_MESSAGES } from '../../../schema/rules/favorites.ts';
import type { AnnouncementRow, DraftRow, FavoriteRow } from '../../../schema/db/tables.ts';
import {
  type AnnouncementDoc,
  DRAFT_ID,
  type DraftDoc,
  type FavoriteDoc,
  objectId,
} from '../../../schema/entities.ts';
import {
  type CollectionName,
  type PullResult,
  type PushRow,
  SYNC_LIMITS,
  type SyncCheckpoint,
  type WithDeleted,
} from '../../../schema/sync.ts';
import { type Db, nextSeq } from '../plugins/db.ts';
import { type AnnouncementsRepository, toDoc } from '../repositories/announcements.ts';
import type { DraftsRepository } from '../repositories/drafts.ts';
import type { FavoritesRepository } from '../repositories/favorites.ts';
import type { FavoritesService } from '../services/favorites.ts';
import type { RealtimeHub } from './hub.ts';
import { applyPush, type PushAdapter, type PushOutcome } from './push.ts';

export type ReplicationContext = { userId: string | null };

export type CollectionHandler = {
  /** Guests may replicate public collections only. */
  public: boolean;
  pull(ctx: ReplicationContext, checkpoint: SyncCheckpoint | null, batchSize: number): PullResult<unknown>;
  /** Writable collections only; called with a signed-in caller. */
  push?(ctx: ReplicationContext & { userId: string }, rows: PushRow<unknown>[]): PushOutcome<unknown>;
};

export function clampBatch(n: number): number {
  if (!Number.isInteger(n) || n < 1) return SYNC_LIMITS.defaultBatchSize;
  return Math.min(n, SYNC_LIMITS.maxBatchSize);
}

function page<R extends { seq: number }, D>(
  rows: R[],
  checkpoint: SyncCheckpoint | null,
  toDocument: (r: R) => D,
): PullResult<D> {
  const last = rows.at(-1);
  return {
    documents: rows.map(toDocument) as PullResult<D>['documents'],
    checkpoint: last ? { seq: last.seq } : checkpoint,
  };
}

/**
 * Announcements are public, but a deleted or deactivated one leaves everyone's view except its owner's:
 * they receive a tombstone whose content is blanked, so nothing hidden travels.
 */
function announcementForCaller(row: AnnouncementRow, ctx: ReplicationContext): WithDeleted<AnnouncementDoc> {
  const visible = !row.deleted && (row.active || row.ownerId === ctx.userId);
  if (visible) return { ...toDoc(row), _deleted: false };
  const blank = {
    title: '',
    description: '',
    contactPerson: '',
    contactEmail: '',
    contactPhone: '',
    images: [],
  };
  return { ...toDoc(row), ...blank, _deleted: true };
}

const favoriteDocOf = (r: FavoriteRow): WithDeleted<FavoriteDoc> => ({
  id: r.announcementId,
  createdAt: r.createdAt,
  _deleted: r.deleted,
});

const draftDocOf = (r: DraftRow): WithDeleted<DraftDoc> => ({
  id: DRAFT_ID,
  title: r.title,
  category: r.category,
  description: r.description,
  location: r.location,
  localitate: r.localitate,
  contactPerson: r.contactPerson,
  contactEmail: r.contactEmail,
  contactPhone: r.contactPhone,
  price: r.price,
  updatedAt: r.updatedAt,
  _deleted: r.deleted,
});

/** Longest a draft field may be while typing; the §5 rules apply only when publishing. */
const DRAFT_MAX = { description: LIMITS.descriptionMax + 1000, other: 500 } as const;

type Deps = {
  db: Db;
  announcements: AnnouncementsRepository;
  favorites: FavoritesRepository;
  favoritesService: FavoritesService;
  drafts: DraftsRepository;
  hub: RealtimeHub;
};

export function buildCollections(deps: Deps): Record<CollectionName, CollectionHandler> {
  const seq = () => nextSeq(deps.db);

  const favoritesAdapter: PushAdapter<FavoriteDoc> = {
    current: (ctx, id) => {
      const row = deps.favorites.get(ctx.userId!, id);
      return row ? favoriteDocOf(row) : null;
    },
    prepare: (ctx, wanted) => {
      if (!objectId.safeParse(wanted.id).success) return { ok: false, error: FAVORITE_MESSAGES.notFound };
      if (!wanted._deleted) {
        const refusal = deps.favoritesService.refusal(ctx.userId!, wanted.id);
        if (refusal) return { ok: false, error: refusal };
      }
      // createdAt is the server's: the client's clock decides nothing.
      return {
        ok: true,
        doc: { id: wanted.id, createdAt: new Date().toISOString(), _deleted: wanted._deleted },
      };
    },
    write: (ctx, doc, _current, s) =>
      deps.favorites.put({
        userId: ctx.userId!,
        announcementId: doc.id,
        createdAt: doc.createdAt,
        deleted: doc._deleted,
        seq: s,
      }),
    afterCommit: (ctx, written) =>
      deps.favoritesService.afterChange(
        ctx.userId!,
        written.map((d) => d.id),
      ),
  };

  const draftsAdapter: PushAdapter<DraftDoc> = {
    current: (ctx) => {
      const row = deps.drafts.get(ctx.userId!);
      return row ? draftDocOf(row) : null;
    },
    prepare: (_ctx, wanted) => {
      if (wanted.id !== DRAFT_ID) return { ok: false, error: 'Ciornă invalidă.' };
      const fields = [
        'title',
        'category',
        'description',
        'location',
        'localitate',
        'contactPerson',
        'contactEmail',
        'contactPhone',
        'price',
        'updatedAt',
      ] as const;
      for (const f of fields) {
        const v = wanted[f];
        const max = f === 'description' ? DRAFT_MAX.description : DRAFT_MAX.other;
        if (typeof v !== 'string' || v.length > max)
          return { ok: false, error: 'Ciorna conține câmpuri invalide.' };
      }
      const doc = Object.fromEntries([
        ['id', DRAFT_ID],
        ...fields.map((f) => [f, wanted[f]]),
        ['_deleted', !!wanted._deleted],
      ]);
      return { ok: true, doc: doc as WithDeleted<DraftDoc> };
    },
    write: (ctx, doc, _current, s) => {
      const { id: _id, _deleted, ...fields } = doc;
      deps.drafts.put({ userId: ctx.userId!, ...fields, deleted: _deleted, seq: s });
    },
    // The draft follows the seller: their other open devices pull it at once.
    afterCommit: (ctx) => deps.hub.poke(['drafts'], [ctx.userId!]),
  };

  return {
    announcements: {
      public: true,
      pull: (ctx, checkpoint, batchSize) =>
        page(deps.announcements.changedSince(checkpoint?.seq ?? 0, clampBatch(batchSize)), checkpoint, (r) =>
          announcementForCaller(r, ctx),
        ),
    },
    favorites: {
      public: false,
      pull: (ctx, checkpoint, batchSize) =>
        page(
          deps.favorites.changedSince(ctx.userId!, checkpoint?.seq ?? 0, clampBatch(batchSize)),
          checkpoint,
          favoriteDocOf,
        ),
      push: (ctx, rows) =>
        applyPush(deps.db, 'favorites', favoritesAdapter, ctx, rows as PushRow<FavoriteDoc>[], seq),
    },
    drafts: {
      public: false,
      pull: (ctx, checkpoint) =>
        page(deps.drafts.changedSince(ctx.userId!, checkpoint?.seq ?? 0), checkpoint, draftDocOf),
      push: (ctx, rows) => applyPush(deps.db, 'drafts', draftsAdapter, ctx, rows as PushRow<DraftDoc>[], seq),
    },
  };
}
