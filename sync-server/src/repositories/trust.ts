import { and, desc, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import {
  type BlockRow,
  blocks,
  type ModerationLogRow,
  moderationLog,
  type ReportRow,
  reports,
  users,
} from '../../../schema/db/tables.ts';
import { newId } from '../lib/ids.ts';
import type { Db } from '../plugins/db.ts';
import { hasStandingSql } from './standing.ts';

/** What an owner's request for another look at a hidden announcement reads in the queue. */
export const REVIEW_REQUEST = 'Cerere de reverificare (de la autor)';

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

/** Moderation (issue 24): roles, report states, the audit log, suspensions. */
export function moderationRepository(db: Db) {
  return {
    async role(userId: string): Promise<string> {
      const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.role ?? 'user';
    },
    /** Sets the role of the account with this address; false when there is none. */
    async setRoleByEmail(email: string, role: 'user' | 'moderator'): Promise<boolean> {
      const made = await db
        .update(users)
        .set({ role })
        .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.deleted, false)))
        .returning({ id: users.id });
      return made.length > 0;
    },
    /** Open reports, oldest first (bounded: the console groups them per target). */
    openReports: (limit: number): Promise<ReportRow[]> =>
      db.select().from(reports).where(eq(reports.status, 'open')).orderBy(reports.createdAt).limit(limit),
    reportsOf: (type: string, targetId: string): Promise<ReportRow[]> =>
      db
        .select()
        .from(reports)
        .where(and(eq(reports.targetType, type), eq(reports.targetId, targetId)))
        .orderBy(reports.createdAt),
    /** Closes the open reports of a target; answers their reporters. */
    async closeReports(type: string, targetId: string, status: 'dismissed' | 'actioned'): Promise<string[]> {
      const closed = await db
        .update(reports)
        .set({ status })
        .where(and(eq(reports.targetType, type), eq(reports.targetId, targetId), eq(reports.status, 'open')))
        .returning({ reporterId: reports.reporterId });
      return closed.map((r) => r.reporterId);
    },
    /**
     * Reporters of standing (issue 40) whose reports of the announcement since `since` (epoch ms) still
     * wait for a moderator, and the distinct networks they reported from — reports already decided do not
     * count again, nor the owner's request for a review, nor anyone without standing at `now`.
     */
    async reportersOfStandingSince(
      announcementId: string,
      ownerId: string,
      since: number,
      now: number,
    ): Promise<{ reporters: number; networks: number }> {
      const [row] = await db
        .select({
          reporters: sql<number>`count(DISTINCT ${reports.reporterId})`,
          // Reports made before networks were recorded ('') are no network at all.
          networks: sql<number>`count(DISTINCT NULLIF(${reports.network}, ''))`,
        })
        .from(reports)
        .where(
          and(
            eq(reports.targetType, 'announcement'),
            eq(reports.targetId, announcementId),
            eq(reports.status, 'open'),
            ne(reports.reporterId, ownerId),
            gte(reports.createdAt, since),
            hasStandingSql(sql`${reports.reporterId}`, now),
          ),
        );
      return { reporters: Number(row?.reporters ?? 0), networks: Number(row?.networks ?? 0) };
    },
    /** A moderator restored the announcement or dismissed its reports: they looked and kept it. */
    async keptByModerator(announcementId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: moderationLog.id })
        .from(moderationLog)
        .where(
          and(
            eq(moderationLog.targetType, 'announcement'),
            eq(moderationLog.targetId, announcementId),
            inArray(moderationLog.action, ['restore', 'dismiss']),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    async log(row: ModerationLogRow): Promise<void> {
      await db.insert(moderationLog).values(row);
    },
    recentLog: (limit: number): Promise<ModerationLogRow[]> =>
      db.select().from(moderationLog).orderBy(desc(moderationLog.createdAt)).limit(limit),
    logOf: (type: string, targetId: string): Promise<ModerationLogRow[]> =>
      db
        .select()
        .from(moderationLog)
        .where(and(eq(moderationLog.targetType, type), eq(moderationLog.targetId, targetId)))
        .orderBy(desc(moderationLog.createdAt)),
    /** The owner's request for another look: their one open report of the announcement, made anew. */
    async reopenReview(ownerId: string, announcementId: string, at: number): Promise<void> {
      await db
        .delete(reports)
        .where(
          and(
            eq(reports.reporterId, ownerId),
            eq(reports.targetType, 'announcement'),
            eq(reports.targetId, announcementId),
          ),
        );
      await db.insert(reports).values({
        id: newId(at),
        reporterId: ownerId,
        targetType: 'announcement',
        targetId: announcementId,
        reason: REVIEW_REQUEST,
        details: '',
        createdAt: at,
        status: 'open',
      });
    },
    async suspend(userId: string, until: number): Promise<void> {
      await db.update(users).set({ suspendedUntil: until }).where(eq(users.id, userId));
    },
  };
}
export type ModerationRepository = ReturnType<typeof moderationRepository>;
