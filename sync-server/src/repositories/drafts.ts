import { and, eq, gt } from 'drizzle-orm';
import { type DraftRow, drafts } from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';

export function draftsRepository(db: Db) {
  return {
    get(userId: string): DraftRow | undefined {
      return db.select().from(drafts).where(eq(drafts.userId, userId)).get();
    },
    put(row: DraftRow): void {
      const { userId: _u, ...rest } = row;
      db.insert(drafts).values(row).onConflictDoUpdate({ target: drafts.userId, set: rest }).run();
    },
    changedSince(userId: string, afterSeq: number): DraftRow[] {
      return db
        .select()
        .from(drafts)
        .where(and(eq(drafts.userId, userId), gt(drafts.seq, afterSeq)))
        .all();
    },
  };
}
export type DraftsRepository = ReturnType<typeof draftsRepository>;
