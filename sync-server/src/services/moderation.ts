import type { AnnouncementRow, ModerationLogRow, ReportRow } from '../../../schema/db/tables.ts';
import { BAN_UNTIL, MODERATION_MESSAGES as M, MODERATION } from '../../../schema/rules/moderation.ts';
import { AUTO_HOLD } from '../../../schema/rules/standing.ts';
import { newId } from '../lib/ids.ts';
import type { UnitOfWork, WriteTx } from '../lib/unit-of-work.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';
import type { MessagingRepository } from '../repositories/messaging.ts';
import type { SessionsRepository } from '../repositories/sessions.ts';
import type { ModerationRepository } from '../repositories/trust.ts';
import type { UsersRepository } from '../repositories/users.ts';
import { fail, ok, type ServiceResult } from './result.ts';

const NOT_FOUND = fail(404, M.notFound, 'not_found');
/** The automatic hold's name in the audit log. */
export const SYSTEM = 'system';
const SUSPENDED_PREFIX = 'Cont suspendat: ';

type TargetType = 'announcement' | 'user' | 'message';

/**
 * Moderation (issue 24): the queue of open reports grouped per target with what the public sees of it
 * and its history, and the actions — dismiss, hide/restore an announcement, suspend/ban/unsuspend an
 * account — each with a reason, in the audit log, told to the owner and to the reporters. A hidden
 * announcement is also inactive, so every rule that keeps an inactive one from everyone else applies
 * (REST 404, lists, search, other devices' working sets get a tombstone); its owner cannot turn it on.
 */
export function moderationService(deps: {
  uow: UnitOfWork;
  repo: ModerationRepository;
  users: UsersRepository;
  announcements: AnnouncementsRepository;
  messaging: MessagingRepository;
  sessions: SessionsRepository;
  now?: () => number;
}) {
  const { uow, repo, users, announcements } = deps;
  const now = deps.now ?? Date.now;

  async function notify(tx: WriteTx, userId: string, message: string, link: string): Promise<void> {
    await deps.messaging.insertNotification({
      id: newId(),
      userId,
      senderId: '',
      conversationId: '',
      link,
      message,
      read: false,
      createdAt: new Date(now()).toISOString(),
      deleted: false,
      seq: tx.seq(),
    });
    tx.poke(['notifications'], [userId]);
  }

  const log = (
    moderatorId: string,
    action: string,
    targetType: TargetType,
    targetId: string,
    reason: string,
  ) => repo.log({ id: newId(), moderatorId, action, targetType, targetId, reason, createdAt: now() });

  /**
   * Closes the target's open reports and tells each reporter the outcome — not the owner whose request for
   * another review was among them (they are told about their announcement itself).
   */
  async function answerReporters(
    tx: WriteTx,
    type: TargetType,
    id: string,
    actioned: boolean,
    what: string,
    owner = '',
  ) {
    const reporters = await repo.closeReports(type, id, actioned ? 'actioned' : 'dismissed');
    for (const reporter of new Set(reporters.filter((r) => r !== owner)))
      await notify(tx, reporter, actioned ? M.reportActioned(what) : M.reportDismissed(what), '/notificari');
  }

  const whatOf = (type: TargetType, title?: string) =>
    type === 'announcement'
      ? `anunțul „${title ?? ''}”`
      : type === 'user'
        ? 'contul raportat'
        : 'mesajul raportat';

  /** Hides an announcement (moderator or the automatic hold) inside the caller's write. */
  async function hideIn(
    tx: WriteTx,
    moderatorId: string,
    ann: AnnouncementRow,
    reason: string,
  ): Promise<void> {
    await announcements.update(ann.id, { active: false, hiddenReason: reason, seq: tx.seq() });
    tx.publicChanged(['announcements']);
    await notify(tx, ann.ownerId, M.hiddenToOwner(ann.title, reason), '/anunturile-mele');
    if (moderatorId !== SYSTEM)
      await answerReporters(tx, 'announcement', ann.id, true, whatOf('announcement', ann.title), ann.ownerId);
    await log(moderatorId, moderatorId === SYSTEM ? 'auto-hide' : 'hide', 'announcement', ann.id, reason);
  }

  /** Makes a hidden announcement visible again and tells its owner. */
  async function bringBack(tx: WriteTx, ann: AnnouncementRow): Promise<void> {
    await announcements.update(ann.id, { active: true, hiddenReason: '', seq: tx.seq() });
    tx.publicChanged(['announcements']);
    await notify(tx, ann.ownerId, M.restoredToOwner(ann.title), `/announcement/${ann.id}`);
  }

  /** What the public (and the moderator) sees of a reported thing. */
  async function describe(type: string, id: string) {
    if (type === 'announcement') {
      const a = await announcements.byId(id);
      if (!a) return null;
      const owner = await users.byId(a.ownerId);
      return {
        title: a.title,
        description: a.description,
        images: a.images,
        price: a.price,
        ownerId: a.ownerId,
        ownerName: owner ? `${owner.firstName} ${owner.lastName}`.trim() : '',
        active: a.active,
        deleted: a.deleted,
        hiddenReason: a.hiddenReason,
      };
    }
    if (type === 'user') {
      const u = await users.byId(id);
      if (!u) return null;
      return {
        name: `${u.firstName} ${u.lastName}`.trim(),
        deleted: u.deleted,
        suspendedUntil: u.suspendedUntil,
      };
    }
    const m = await deps.messaging.message(id);
    if (!m) return null;
    const sender = await users.byId(m.senderId);
    return {
      text: m.text,
      image: m.image,
      senderId: m.senderId,
      senderName: sender ? `${sender.firstName} ${sender.lastName}`.trim() : '',
      deleted: m.deleted,
    };
  }

  /** Log rows as the console reads them, each naming its moderator (issue 45: not just an id). */
  async function logApi(rows: ModerationLogRow[]) {
    const names = new Map<string, string>([[SYSTEM, M.systemName]]);
    for (const id of new Set(rows.map((r) => r.moderatorId))) {
      if (names.has(id)) continue;
      const u = await users.byId(id);
      names.set(id, (u && !u.deleted && `${u.firstName} ${u.lastName}`.trim()) || M.deletedModerator);
    }
    return rows.map((r) => ({
      ...r,
      moderatorName: names.get(r.moderatorId)!,
      createdAt: new Date(r.createdAt).toISOString(),
    }));
  }
  const reportApi = (r: ReportRow) => ({
    id: r.id,
    reason: r.reason,
    details: r.details,
    createdAt: new Date(r.createdAt).toISOString(),
  });

  return {
    isModerator: async (userId: string): Promise<boolean> => (await repo.role(userId)) === 'moderator',

    /** Open reports grouped per target, the most reported first, with the target and its history. */
    async queue() {
      const open = await repo.openReports(MODERATION.queueLimit);
      const groups = new Map<string, ReportRow[]>();
      for (const r of open) {
        const key = `${r.targetType}:${r.targetId}`;
        groups.set(key, [...(groups.get(key) ?? []), r]);
      }
      const out = [];
      for (const list of groups.values()) {
        const { targetType, targetId } = list[0]!;
        const reasons: Record<string, number> = {};
        for (const r of list) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
        out.push({
          targetType,
          targetId,
          count: list.length,
          reasons,
          lastAt: new Date(Math.max(...list.map((r) => r.createdAt))).toISOString(),
          reports: list.map(reportApi),
          target: await describe(targetType, targetId),
          history: await logApi(await repo.logOf(targetType, targetId)),
        });
      }
      return out.sort((a, b) => b.count - a.count || b.lastAt.localeCompare(a.lastAt));
    },

    recentLog: async (limit = 100) => logApi(await repo.recentLog(limit)),

    async hide(moderatorId: string, id: string, reason: string): Promise<ServiceResult<null>> {
      return await uow.write(async (tx) => {
        const ann = await announcements.byId(id);
        if (!ann || ann.deleted) return NOT_FOUND;
        await hideIn(tx, moderatorId, ann, reason);
        return ok(null);
      });
    },

    async restore(moderatorId: string, id: string, reason: string): Promise<ServiceResult<null>> {
      return await uow.write(async (tx) => {
        const ann = await announcements.byId(id);
        if (!ann || ann.deleted) return NOT_FOUND;
        // Only what moderation hid comes back here: not one its owner turned off, nor one hidden with
        // its owner's suspension (lifting the suspension brings those back).
        if (!ann.hiddenReason) return fail(409, M.notHidden, 'not_hidden');
        if (ann.hiddenReason.startsWith(SUSPENDED_PREFIX))
          return fail(409, M.hiddenBySuspension, 'suspended');
        await bringBack(tx, ann);
        await answerReporters(tx, 'announcement', id, false, whatOf('announcement', ann.title), ann.ownerId);
        await log(moderatorId, 'restore', 'announcement', id, reason);
        return ok(null);
      });
    },

    async dismiss(
      moderatorId: string,
      type: TargetType,
      id: string,
      reason: string,
    ): Promise<ServiceResult<null>> {
      return await uow.write(async (tx) => {
        const target = await describe(type, id);
        if (!target) return NOT_FOUND;
        const owner = 'ownerId' in target ? target.ownerId : '';
        // Nothing wrong found with an announcement the automatic hold hid: it comes back.
        const ann = type === 'announcement' ? await announcements.byId(id) : undefined;
        if (ann && !ann.deleted && ann.hiddenReason === M.autoHold) await bringBack(tx, ann);
        await answerReporters(
          tx,
          type,
          id,
          false,
          whatOf(type, 'title' in target ? target.title : ''),
          owner,
        );
        await log(moderatorId, 'dismiss', type, id, reason);
        return ok(null);
      });
    },

    /**
     * Suspends an account for `days` (null: a ban): it cannot sign in, every session ends (its sockets
     * close), its live announcements are hidden with the reason.
     */
    async suspend(moderatorId: string, userId: string, days: number | null, reason: string) {
      if (userId === moderatorId) return fail(400, M.self, 'validation');
      return await uow.write(async (tx) => {
        const user = await users.byId(userId);
        if (!user || user.deleted) return NOT_FOUND;
        await repo.suspend(userId, days ? now() + days * 86_400_000 : BAN_UNTIL);
        await deps.sessions.revokeAll(userId);
        for (const ann of await announcements.byOwner(userId)) {
          if (!ann.active) continue;
          await announcements.update(ann.id, {
            active: false,
            hiddenReason: SUSPENDED_PREFIX + reason,
            seq: tx.seq(),
          });
        }
        tx.publicChanged(['announcements']);
        await answerReporters(tx, 'user', userId, true, whatOf('user'));
        await log(
          moderatorId,
          days ? 'suspend' : 'ban',
          'user',
          userId,
          days ? `${days} zile: ${reason}` : reason,
        );
        return ok(null);
      });
    },

    /** Ends a suspension or ban; the announcements it hid come back. */
    async unsuspend(moderatorId: string, userId: string, reason: string): Promise<ServiceResult<null>> {
      return await uow.write(async (tx) => {
        const user = await users.byId(userId);
        if (!user || user.deleted) return NOT_FOUND;
        await repo.suspend(userId, 0);
        for (const ann of await announcements.byOwner(userId)) {
          if (!ann.hiddenReason.startsWith(SUSPENDED_PREFIX)) continue;
          await announcements.update(ann.id, { active: true, hiddenReason: '', seq: tx.seq() });
        }
        tx.publicChanged(['announcements']);
        await log(moderatorId, 'unsuspend', 'user', userId, reason);
        return ok(null);
      });
    },

    /**
     * After a report (inside its write): an announcement reported within the window by enough people of
     * standing from enough distinct networks (AUTO_HOLD, schema/rules/standing.ts) is hidden until a
     * moderator looks. Reports from anyone else only queue. Once a moderator restored it or dismissed its
     * reports, the hold never hides it again: further reports queue, and a person decides.
     */
    async autoHold(tx: WriteTx, announcementId: string): Promise<void> {
      const ann = await announcements.byId(announcementId);
      if (!ann || ann.deleted || ann.hiddenReason || !ann.active) return;
      if (await repo.keptByModerator(announcementId)) return;
      const at = now();
      const { reporters, networks } = await repo.reportersOfStandingSince(
        announcementId,
        ann.ownerId,
        at - AUTO_HOLD.windowMs,
        at,
      );
      if (reporters >= AUTO_HOLD.reportersOfStanding && networks >= AUTO_HOLD.distinctNetworks)
        await hideIn(tx, SYSTEM, ann, M.autoHold);
    },

    /** The owner asks for another look at a hidden announcement: it joins the queue again (once). */
    async askReview(ownerId: string, id: string, now_ = now()): Promise<ServiceResult<string>> {
      return await uow.write(async () => {
        const ann = await announcements.byId(id);
        if (!ann || ann.deleted || ann.ownerId !== ownerId) return NOT_FOUND;
        if (!ann.hiddenReason) return fail(400, M.reviewNotHidden, 'validation');
        // One open request at a time (issue 45): a second tap answers like the first and leaves the queue
        // as it was (no new entry, no jump to the top). After a moderator decides, the owner may ask again.
        const open = (await repo.reportsOf('announcement', id)).some(
          (r) => r.reporterId === ownerId && r.status === 'open',
        );
        if (open) return ok(M.reviewAsked);
        await repo.reopenReview(ownerId, id, now_);
        return ok(M.reviewAsked);
      });
    },
  };
}
export type ModerationService = ReturnType<typeof moderationService>;
