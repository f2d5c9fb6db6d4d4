import type { Db } from '../plugins/db.ts';

/** Tombstones of these public tables are removed after the horizon; private ones are kept (see decisions). */
const PURGED_TABLES = ['announcements', 'reviews'] as const;

const DAY_MS = 86_400_000;
/** Longer than the longest offline period we support (a device 30 days away catches up normally). */
export const TOMBSTONE_HORIZON_DAYS = 90;

export function counter(db: Db, name: string): number {
  const row = db.$client.prepare('SELECT value FROM counters WHERE name = ?').get(name) as
    | { value: number }
    | undefined;
  return row?.value ?? 0;
}

function setCounter(db: Db, name: string, value: number): void {
  db.$client
    .prepare(
      'INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value',
    )
    .run(name, value);
}

/**
 * The purge horizon, kept with `seq` alone (no per-row timestamps needed): each run remembers the current
 * seq as a candidate; once that candidate is older than the horizon, tombstones up to it are deleted and it
 * becomes `purged_seq`. With runs every few hours the horizon is between 90 days and 90 days + one period.
 */
export function purgeTombstones(
  db: Db,
  now = Date.now(),
  horizonMs = TOMBSTONE_HORIZON_DAYS * DAY_MS,
): { purged: number; purgedSeq: number } {
  return db.$client.transaction(() => {
    let purged = 0;
    const candidateSeq = counter(db, 'purge_candidate_seq');
    const candidateAt = counter(db, 'purge_candidate_at');
    if (candidateAt > 0 && now - candidateAt >= horizonMs) {
      for (const table of PURGED_TABLES) {
        purged += db.$client
          .prepare(`DELETE FROM ${table} WHERE deleted = 1 AND seq <= ?`)
          .run(candidateSeq).changes;
      }
      setCounter(db, 'purged_seq', Math.max(candidateSeq, counter(db, 'purged_seq')));
    }
    if (candidateAt === 0 || now - candidateAt >= horizonMs) {
      setCounter(db, 'purge_candidate_seq', counter(db, 'seq'));
      setCounter(db, 'purge_candidate_at', now);
    }
    return { purged, purgedSeq: counter(db, 'purged_seq') };
  })();
}
