import type { Db } from '../plugins/db.ts';

/**
 * Named counters: `seq` (the replication sequence), the purge horizon's bookkeeping, one-off markers.
 * The statements are prepared once: `get('seq')` is read on every cached REST answer (services/seq-cache.ts).
 */
export function countersRepository(db: Db) {
  const c = db.$client;
  const next = c.prepare("UPDATE counters SET value = value + 1 WHERE name = 'seq' RETURNING value").pluck();
  const read = c.prepare('SELECT value FROM counters WHERE name = ?').pluck();
  const write = c.prepare(
    'INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value',
  );
  return {
    /** Takes the next `seq`. Only the unit of work calls it, inside the write that uses the number. */
    nextSeq: (): number => next.get() as number,
    /** A counter's value, 0 when it was never set. */
    get: (name: string): number => (read.get(name) as number | undefined) ?? 0,
    set: (name: string, value: number): void => {
      write.run(name, value);
    },
    /** False once the database is closed (a pass scheduled just before shutdown then does nothing). */
    available: (): boolean => c.open,
  };
}
export type CountersRepository = ReturnType<typeof countersRepository>;
