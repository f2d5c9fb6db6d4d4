import { and, desc, eq, or } from 'drizzle-orm';
import { type BlockRow, blocks, type ReportRow, reports, users } from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';

/** Reports and blocks (issue 24): server-only rows, never replicated. */
export function trustRepository(db: Db) {
  return {
    reportById: async (id: string): Promise<ReportRow | undefined> =>
      (await db.select().from(reports).where(eq(reports.id, id)).limit(1))[0],
    /** The reporter's report of this target, if they made one. */
    reportOf: async (reporterId: string, type: string, targetId: string): Promise<ReportRow | undefined> =>
      (
        await db
          .select()
          .from(reports)
          .where(
            and(
              eq(reports.reporterId, reporterId),
              eq(reports.targetType, type),
              eq(reports.targetId, targetId),
            ),
          )
          .limit(1)
      )[0],
    /** Stores a report; false when this reporter already reported this target (the unique index). */
    async insertReport(row: ReportRow): Promise<boolean> {
      const made = await db.insert(reports).values(row).onConflictDoNothing().returning({ id: reports.id });
      return made.length > 0;
    },

    async block(row: BlockRow): Promise<void> {
      await db.insert(blocks).values(row).onConflictDoNothing();
    },
    async unblock(userId: string, blockedId: string): Promise<void> {
      await db.delete(blocks).where(and(eq(blocks.userId, userId), eq(blocks.blockedId, blockedId)));
    },
    /** Whom `userId` blocked, the newest first, with the public name of each. */
    blockedBy: (userId: string) =>
      db
        .select({
          userId: blocks.blockedId,
          firstName: users.firstName,
          lastName: users.lastName,
          avatar: users.avatar,
          createdAt: blocks.createdAt,
        })
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.blockedId))
        .where(eq(blocks.userId, userId))
        .orderBy(desc(blocks.createdAt)),
    /** Who blocked whom between two people: `aBlockedB`, `bBlockedA`. */
    async between(a: string, b: string): Promise<{ aBlockedB: boolean; bBlockedA: boolean }> {
      const rows = await db
        .select({ userId: blocks.userId })
        .from(blocks)
        .where(
          or(
            and(eq(blocks.userId, a), eq(blocks.blockedId, b)),
            and(eq(blocks.userId, b), eq(blocks.blockedId, a)),
          ),
        );
      return { aBlockedB: rows.some((r) => r.userId === a), bBlockedA: rows.some((r) => r.userId === b) };
    },
    /** An account goes: the blocks it made and those made of it. */
    async forgetUser(userId: string): Promise<void> {
      await db.delete(blocks).where(or(eq(blocks.userId, userId), eq(blocks.blockedId, userId)));
    },
  };
}
export type TrustRepository = ReturnType<typeof trustRepository>;
