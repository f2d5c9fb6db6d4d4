import type { PullResult } from '../../../schema/sync.ts';

/**
 * The server restarts a pull from the beginning (`reset`) when a device was away longer than the tombstone
 * horizon: deletions it missed no longer exist as tombstones. Ids seen during that fresh pass are kept;
 * once it is caught up (a page shorter than the batch), every other local document is stale and removed.
 * Used for pull-only collections only, where a local removal is never pushed back.
 */
export function createResetPass(removeAllBut: (keep: ReadonlySet<string>) => Promise<void>) {
  let seen: Set<string> | null = null;
  return async function observe<T extends PullResult<{ id: string }>>(
    result: T,
    batchSize: number,
  ): Promise<T> {
    if (result.reset) seen = new Set();
    if (!seen) return result;
    for (const d of result.documents) seen.add(d.id);
    if (result.documents.length < batchSize) {
      const keep = seen;
      seen = null;
      await removeAllBut(keep);
    }
    return result;
  };
}
