import { index, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { epochMs, id, str, strOrEmpty } from './columns.ts';

/**
 * Trust (issue 24): reports of announcements, people and messages, and who blocked whom. Server only,
 * never replicated. Exported again by ./tables.ts, the module drizzle-kit reads.
 */

/** One person's report of one thing: a repeat changes nothing (the unique index). */
export const reports = sqliteTable(
  'reports',
  {
    /** Made by the reporter's device before the first attempt, so a retry after a lost answer is the same. */
    id: id(),
    reporterId: str('reporter_id'),
    /** 'announcement' | 'user' | 'message' */
    targetType: str('target_type'),
    targetId: str('target_id'),
    /** One of REPORT_REASONS (schema/rules/reports.ts), in its canonical spelling. */
    reason: str('reason'),
    details: strOrEmpty('details'),
    createdAt: epochMs('created_at'),
    /** 'open' until a moderator decides: 'dismissed' or 'actioned'. */
    status: text('status').notNull().default('open'),
    /**
     * Issue 40: the reporter's network when they reported (IPv4 /24, IPv6 /48; lib/network.ts): the
     * automatic hold counts distinct networks, not accounts. '' for reports made before it was recorded.
     */
    network: strOrEmpty('network'),
  },
  (t) => [
    uniqueIndex('reports_reporter_target').on(t.reporterId, t.targetType, t.targetId),
    index('reports_target').on(t.targetType, t.targetId, t.createdAt),
    index('reports_status').on(t.status, t.createdAt),
  ],
);

/** `userId` blocked `blockedId`: neither may write to the other, and the blocked one notifies nothing. */
export const blocks = sqliteTable(
  'blocks',
  {
    userId: str('user_id'),
    blockedId: str('blocked_id'),
    createdAt: epochMs('created_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blockedId] }), index('blocks_blocked').on(t.blockedId)],
);

/** Every moderation action (who, what, when, why): the console shows it; nothing is ever removed. */
export const moderationLog = sqliteTable(
  'moderation_log',
  {
    id: id(),
    /** The moderator's account id; 'system' for the automatic hold. */
    moderatorId: str('moderator_id'),
    /** 'hide' | 'restore' | 'dismiss' | 'suspend' | 'ban' | 'unsuspend' | 'auto-hide' */
    action: str('action'),
    targetType: str('target_type'),
    targetId: str('target_id'),
    reason: str('reason'),
    createdAt: epochMs('created_at'),
  },
  (t) => [
    index('moderation_log_time').on(t.createdAt),
    index('moderation_log_target').on(t.targetType, t.targetId),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
export type ModerationLogRow = typeof moderationLog.$inferSelect;
export type BlockRow = typeof blocks.$inferSelect;
