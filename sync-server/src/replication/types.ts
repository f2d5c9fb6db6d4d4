import type { WriteKind } from '../../../schema/constants.ts';
import type { PullResult, PushRow, SyncCheckpoint } from '../../../schema/sync.ts';
import { SYNC_LIMITS } from '../../../schema/sync.ts';
import type { PushOutcome } from './push.ts';

/**
 * Spends one write of `kind` from the caller's budget (per account and per IP, shared with REST):
 * null when allowed, else the seconds to wait. Absent when write limits are off.
 */
export type WriteBudget = (kind: WriteKind) => number | null | Promise<number | null>;

export type ReplicationContext = { userId: string | null; budget?: WriteBudget };

export type CollectionHandler = {
  /** Guests may replicate public collections only. */
  public: boolean;
  pull(
    ctx: ReplicationContext,
    checkpoint: SyncCheckpoint | null,
    batchSize: number,
  ): PullResult<unknown> | Promise<PullResult<unknown>>;
  /** Writable collections only; called with a signed-in caller. */
  push?(
    ctx: ReplicationContext & { userId: string },
    rows: PushRow<unknown>[],
  ): PushOutcome<unknown> | Promise<PushOutcome<unknown>>;
};

export function clampBatch(n: number): number {
  if (!Number.isInteger(n) || n < 1) return SYNC_LIMITS.defaultBatchSize;
  return Math.min(n, SYNC_LIMITS.maxBatchSize);
}

/** One pull answer: rows in seq order, the checkpoint of the last (or the same one when none). */
export function page<R extends { seq: number }, D>(
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
