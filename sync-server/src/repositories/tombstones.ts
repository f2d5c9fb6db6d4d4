import type { Db } from '../plugins/db.ts';

/** Tombstones of these public tables are removed after the horizon; private ones are kept (see decisions). */
export const PURGED_TABLES = ['announcements', 'reviews'] as const;

export function tombstonesRepository(db: Db) {
  const remove = PURGED_TABLES.map((table) =>
    db.$client.prepare(`DELETE FROM ${table} WHERE deleted = 1 AND seq <= ?`),
  );
  return {
    /** Deletes the purged tables' tombstones up to `seq`; answers how many went. */
    purgeUpTo(seq: number): number {
      return remove.reduce((n, stmt) => n + stmt.run(seq).changes, 0);
    },
  };
}
export type TombstonesRepository = ReturnType<typeof tombstonesRepository>;
