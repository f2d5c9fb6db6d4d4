import { and, eq, gt } from 'drizzle-orm';
import { type DraftRow, drafts } from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';

export function draftsRepository(db: Db) {
  return {
    async get(userId: string): Promise<DraftRow | undefined> {
      const [row] = await db.select().from(drafts).where(eq(drafts.userId, userId)).limit(1);
      return row;
    },
    async put(row: DraftRow): Promise<void> {
      const { userId: _u, ...rest } = row;
      await db.insert(drafts).values(row).onConflictDoUpdate({ target: drafts.userId, set: rest });
    },
    async changedSince(userId: string, afterSeq: number): Promise<DraftRow[]> {
      return await db
        .select()
        .from(drafts)
        .where(and(eq(drafts.userId, userId), gt(drafts.seq, afterSeq)));
    },
  };
}
export type DraftsRepository = ReturnType<typeof draftsRepository>;
