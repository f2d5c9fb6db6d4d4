import type { ReportRow } from '../../../schema/db/tables.ts';
import { isObjectId } from '../../../schema/ids.ts';
import { BLOCK_MESSAGES, REPORT_MESSAGES, type ReportRequest } from '../../../schema/rules/reports.ts';
import { newId } from '../lib/ids.ts';
import type { UnitOfWork, WriteTx } from '../lib/unit-of-work.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';
import type { MessagingRepository } from '../repositories/messaging.ts';
import type { TrustRepository } from '../repositories/trust.ts';
import type { UsersRepository } from '../repositories/users.ts';
import { fail, ok, type Refusal, type ServiceResult } from './result.ts';

const NOT_FOUND = fail(404, REPORT_MESSAGES.notFound, 'not_found');
const SELF = fail(400, REPORT_MESSAGES.self, 'validation');

/**
 * Reports and blocking (issue 24). A report names one announcement, person or message the reporter can
 * see (a message only of their own conversations), is stored once per reporter and target (a repeat, or
 * a retry with the same id, answers the stored one), and waits for a moderator. Blocking is one way in
 * storage and both ways in effect: `writeRefusal` stops either person writing to the other.
 */
export function trustService(deps: {
  uow: UnitOfWork;
  repo: TrustRepository;
  users: UsersRepository;
  announcements: AnnouncementsRepository;
  messaging: MessagingRepository;
  /** After a new report, inside its write (moderation's automatic hold). */
  onReported?: (tx: WriteTx, report: ReportRow) => Promise<void>;
}) {
  const { uow, repo } = deps;

  /** Why the reporter may not report this target, or null. */
  async function targetRefusal(
    reporterId: string,
    { type, id }: ReportRequest['target'],
  ): Promise<Refusal | null> {
    if (!isObjectId(id)) return NOT_FOUND;
    if (type === 'announcement') {
      const ann = await deps.announcements.byId(id);
      if (!ann || ann.deleted || !ann.active) return NOT_FOUND;
      return ann.ownerId === reporterId ? SELF : null;
    }
    if (type === 'user') {
      const user = await deps.users.byId(id);
      if (!user || user.deleted) return NOT_FOUND;
      return id === reporterId ? SELF : null;
    }
    const m = await deps.messaging.message(id);
    if (!m || (m.senderId !== reporterId && m.recipientId !== reporterId)) return NOT_FOUND;
    return m.senderId === reporterId ? SELF : null;
  }

  return {
    /** Stores a report: `created` false when it was already there (a repeat, or a retry). */
    async report(
      reporterId: string,
      req: ReportRequest,
      now = Date.now(),
      /** The reporter's network (lib/network.ts): the automatic hold counts networks, not accounts. */
      network = '',
    ): Promise<ServiceResult<{ report: ReportRow; created: boolean }>> {
      return await uow.write(async (tx) => {
        if (req.id) {
          const same = await repo.reportById(req.id);
          if (same) return same.reporterId === reporterId ? ok({ report: same, created: false }) : NOT_FOUND;
        }
        const refused = await targetRefusal(reporterId, req.target);
        if (refused) return refused;
        const earlier = await repo.reportOf(reporterId, req.target.type, req.target.id);
        if (earlier) return ok({ report: earlier, created: false });
        const row: ReportRow = {
          id: req.id ?? newId(now),
          reporterId,
          targetType: req.target.type,
          targetId: req.target.id,
          reason: req.reason,
          details: req.details,
          createdAt: now,
          status: 'open',
          network,
        };
        if (!(await repo.insertReport(row))) {
          const raced = await repo.reportOf(reporterId, req.target.type, req.target.id);
          return raced ? ok({ report: raced, created: false }) : NOT_FOUND;
        }
        await deps.onReported?.(tx, row);
        return ok({ report: row, created: true });
      });
    },

    async block(
      userId: string,
      blockedId: string,
      now = Date.now(),
    ): Promise<ServiceResult<{ created: boolean }>> {
      if (blockedId === userId) return fail(400, BLOCK_MESSAGES.self, 'validation');
      return await uow.write(async () => {
        const user = isObjectId(blockedId) ? await deps.users.byId(blockedId) : undefined;
        if (!user || user.deleted) return fail(404, BLOCK_MESSAGES.notFound, 'not_found');
        const { aBlockedB } = await repo.between(userId, blockedId);
        if (!aBlockedB) await repo.block({ userId, blockedId, createdAt: now });
        return ok({ created: !aBlockedB });
      });
    },
    async unblock(userId: string, blockedId: string): Promise<void> {
      await uow.write(() => repo.unblock(userId, blockedId));
    },
    list: (userId: string) => repo.blockedBy(userId),

    /**
     * Why `senderId` may not write to `recipientId` (a message, or anything that would notify them):
     * the recipient's account is gone, or one of them blocked the other. Null when they may.
     */
    async writeRefusal(senderId: string, recipientId: string): Promise<Refusal | null> {
      const recipient = await deps.users.byId(recipientId);
      if (!recipient || recipient.deleted) return fail(410, BLOCK_MESSAGES.deletedAccount, 'account_deleted');
      const { aBlockedB, bBlockedA } = await repo.between(senderId, recipientId);
      if (bBlockedA) return fail(403, BLOCK_MESSAGES.blockedByOther, 'blocked');
      if (aBlockedB) return fail(403, BLOCK_MESSAGES.youBlocked, 'you_blocked');
      return null;
    },
    /** What the chat shows in place of the composer: the other account gone, or a block either way. */
    async relation(userId: string, otherId: string) {
      const other = isObjectId(otherId) ? await deps.users.byId(otherId) : undefined;
      const { aBlockedB, bBlockedA } = await repo.between(userId, otherId);
      return { deleted: !other || other.deleted, blockedByMe: aBlockedB, blockedMe: bBlockedA };
    },
    /** Whether `userId` blocked `otherId` (their notifications from `otherId` are not made). */
    blocked: async (userId: string, otherId: string): Promise<boolean> =>
      (await repo.between(userId, otherId)).aBlockedB,
  };
}
export type TrustService = ReturnType<typeof trustService>;
