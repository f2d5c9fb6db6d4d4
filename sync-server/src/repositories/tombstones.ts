import { and, eq, lte } from 'drizzle-orm';
import { announcements, reviews } from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';

/**
 * Tombstones of the public tables (announcements, reviews) are removed after the horizon; private ones are
 * kept (see docs/decisions.md).
 */
export function tombstonesRepository(db: Db) {
  return {
    /** Deletes the purged tables' tombstones up to `seq`; answers how many went. */
    async purgeUpTo(seq: number): Promise<number> {
      const anns = await db
        .delete(announcements)
        .where(and(eq(announcements.deleted, true), lte(announcements.seq, seq)))
        .returning({ id: announcements.id });
      const revs = await db
        .delete(reviews)
        .where(and(eq(reviews.deleted, true), lte(reviews.seq, seq)))
        .returning({ id: reviews.id });
      return anns.length + revs.length;
    },
  };
}
export type TombstonesRepository = ReturnType<typeof tombstonesRepository>;
