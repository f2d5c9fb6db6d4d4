import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { CountersRepository } from '../repositories/counters.ts';
import type { TombstonesRepository } from '../repositories/tombstones.ts';

const DAY_MS = 86_400_000;
/** Longer than the longest offline period we support (a device 30 days away catches up normally). */
export const TOMBSTONE_HORIZON_DAYS = 90;

export type PurgeDeps = { uow: UnitOfWork; counters: CountersRepository; tombstones: TombstonesRepository };

/**
 * The purge horizon, kept with `seq` alone (no per-row timestamps needed): each run remembers the current
 * seq as a candidate; once that candidate is older than the horizon, tombstones up to it are deleted and it
 * becomes `purged_seq`. With runs every few hours the horizon is between 90 days and 90 days + one period.
 */
export function purgeTombstones(
  deps: PurgeDeps,
  now = Date.now(),
  horizonMs = TOMBSTONE_HORIZON_DAYS * DAY_MS,
): Promise<{ purged: number; purgedSeq: number }> {
  const { counters } = deps;
  return deps.uow.write(async () => {
    let purged = 0;
    const candidateSeq = await counters.get('purge_candidate_seq');
    const candidateAt = await counters.get('purge_candidate_at');
    if (candidateAt > 0 && now - candidateAt >= horizonMs) {
      purged = await deps.tombstones.purgeUpTo(candidateSeq);
      await counters.set('purged_seq', Math.max(candidateSeq, await counters.get('purged_seq')));
    }
    if (candidateAt === 0 || now - candidateAt >= horizonMs) {
      await counters.set('purge_candidate_seq', await counters.get('seq'));
      await counters.set('purge_candidate_at', now);
    }
    return { purged, purgedSeq: await counters.get('purged_seq') };
  });
}
