import type { AnnouncementRow } from '../../../schema/db/tables.ts';
import type { AnnouncementDoc } from '../../../schema/entities.ts';
import {
  type CollectionName,
  type PullResult,
  SYNC_LIMITS,
  type SyncCheckpoint,
} from '../../../schema/sync.ts';
import { type AnnouncementsRepository, toDoc } from '../repositories/announcements.ts';

export type ReplicationContext = { userId: string | null };

export type CollectionHandler = {
  /** Guests may replicate public collections only. */
  public: boolean;
  pull(ctx: ReplicationContext, checkpoint: SyncCheckpoint | null, batchSize: number): PullResult<unknown>;
};

export function clampBatch(n: number): number {
  if (!Number.isInteger(n) || n < 1) return SYNC_LIMITS.defaultBatchSize;
  return Math.min(n, SYNC_LIMITS.maxBatchSize);
}

/**
 * Announcements are public, but a deleted or deactivated one leaves everyone's view except its owner's:
 * they receive a tombstone whose content is blanked, so nothing hidden travels.
 */
function announcementForCaller(
  row: AnnouncementRow,
  ctx: ReplicationContext,
): AnnouncementDoc & { _deleted: boolean } {
  const visible = !row.deleted && (row.active || row.ownerId === ctx.userId);
  if (visible) return { ...toDoc(row), _deleted: false };
  return {
    ...toDoc(row),
    title: '',
    description: '',
    contactPerson: '',
    contactEmail: '',
    contactPhone: '',
    images: [],
    _deleted: true,
  };
}

export function buildCollections(repos: {
  announcements: AnnouncementsRepository;
}): Record<CollectionName, CollectionHandler> {
  return {
    announcements: {
      public: true,
      pull(ctx, checkpoint, batchSize) {
        const rows = repos.announcements.changedSince(checkpoint?.seq ?? 0, clampBatch(batchSize));
        const last = rows.at(-1);
        return {
          documents: rows.map((r) => announcementForCaller(r, ctx)),
          checkpoint: last ? { seq: last.seq } : checkpoint,
        };
      },
    },
  };
}
