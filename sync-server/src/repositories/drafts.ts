import { eq } from 'drizzle-orm';
import { type DraftRow, drafts } from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';
import { changedAfter, firstRow } from './queries.ts';

export function draftsRepository(db: Db) {
  return {
    get: (userId: string): Promise<DraftRow | undefined> => firstRow(db, drafts, eq(drafts.userId, userId)),
    async put(row: DraftRow): Promise<void> {
      const { userId: _u, ...rest } = row;
      await db.insert(drafts).values(row).onConflictDoUpdate({ target: drafts.userId, set: rest });
    },
    /** The user's one draft, when written after `afterSeq`. */
    changedSince: (userId: string, afterSeq: number): Promise<DraftRow[]> =>
      changedAfter(db, drafts, { afterSeq, limit: 1, scope: eq(drafts.userId, userId) }),
  };
}
export type DraftsRepository = ReturnType<typeof draftsRepository>;
