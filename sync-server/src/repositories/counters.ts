import { eq } from 'drizzle-orm';
import { counters } from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';

/**
 * Named counters: `seq` (the replication sequence, taken only by the unit of work), the purge horizon's
 * bookkeeping, one-off markers. `get('seq')` is read on every cached REST answer (services/seq-cache.ts).
 */
export function countersRepository(db: Db) {
  let closed = false;
  return {
    /** A counter's value, 0 when it was never set. */
    async get(name: string): Promise<number> {
      const [row] = await db
        .select({ value: counters.value })
        .from(counters)
        .where(eq(counters.name, name))
        .limit(1);
      return row?.value ?? 0;
    },
    async set(name: string, value: number): Promise<void> {
      await db
        .insert(counters)
        .values({ name, value })
        .onConflictDoUpdate({ target: counters.name, set: { value } });
    },
    /** False once the database is closed (a pass scheduled just before shutdown then does nothing). */
    available: (): boolean => !closed,
    /** Marks the counters as gone (the app calls it when it closes the database). */
    close: (): void => {
      closed = true;
    },
  };
}
export type CountersRepository = ReturnType<typeof countersRepository>;
