import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { pushJobs, pushSubscriptions, serverKeys } from '../../../schema/db/tables.ts';
import { rawAll } from '../lib/sql.ts';
import type { Db } from '../plugins/db.ts';

/** The e-mail fallback's once-a-day key: `${MAIL_KEY_PREFIX}<user>:<conversation>` in throttle_hits. */
export const MAIL_KEY_PREFIX = 'mail:messages:';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushJobRow = typeof pushJobs.$inferSelect;

/** Web Push storage (issue 23): subscriptions per device, the VAPID pair, the queue of pushes to send. */
export function pushRepository(db: Db) {
  return {
    serverKey: async (name: string): Promise<string | undefined> =>
      (await db.select().from(serverKeys).where(eq(serverKeys.name, name)).limit(1))[0]?.value,
    async keepServerKey(name: string, value: string): Promise<void> {
      await db.insert(serverKeys).values({ name, value }).onConflictDoNothing();
    },

    /**
     * Keeps a device's subscription: one per session (a browser that subscribes again with a new endpoint
     * replaces its old one, so a session cannot pile up rows), keyed by endpoint (it moves with a sign-in).
     */
    async subscribe(row: PushSubscriptionRow): Promise<void> {
      const { userId, sessionHash, p256dh, auth, createdAt } = row;
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.sessionHash, sessionHash), ne(pushSubscriptions.id, row.id)));
      await db.insert(pushSubscriptions).values(row).onConflictDoUpdate({
        target: pushSubscriptions.id,
        set: { userId, sessionHash, p256dh, auth, createdAt },
      });
    },
    subscription: async (id: string): Promise<PushSubscriptionRow | undefined> =>
      (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1))[0],
    async unsubscribe(userId: string, sessionHash: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.sessionHash, sessionHash)));
    },
    hasSubscription: async (userId: string): Promise<boolean> =>
      (
        await db
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .limit(1)
      ).length > 0,
    subscriptionsOf: (userId: string): Promise<PushSubscriptionRow[]> =>
      db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    async forgetSubscription(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    /** Queues a push (inside the unit of work of what it announces). */
    async enqueue(job: Omit<PushJobRow, 'attempts' | 'claimedUntil'>): Promise<void> {
      await db.insert(pushJobs).values({ ...job, attempts: 0, claimedUntil: 0 });
    },
    /**
     * Claims up to `limit` due jobs for `leaseMs` in one statement: another instance running the same
     * statement skips them (on PostgreSQL it waits for this one's commit, then finds the lease taken).
     */
    claimDue: (now: number, leaseMs: number, limit: number): Promise<PushJobRow[]> =>
      rawAll<PushJobRow>(
        db,
        sql`UPDATE push_jobs SET claimed_until = ${now + leaseMs}
            WHERE id IN (SELECT id FROM push_jobs WHERE next_at <= ${now} AND claimed_until <= ${now}
                         ORDER BY next_at LIMIT ${limit})
              AND claimed_until <= ${now}
            RETURNING id, user_id AS "userId", tag, payload, created_at AS "createdAt", next_at AS "nextAt",
                      attempts, claimed_until AS "claimedUntil"`,
      ),
    /** Keeps claimed jobs claimed while they wait behind a send of their group (another lease). */
    async extendLease(ids: readonly string[], until: number): Promise<void> {
      if (ids.length > 0)
        await db
          .update(pushJobs)
          .set({ claimedUntil: until })
          .where(inArray(pushJobs.id, [...ids]));
    },
    async done(ids: readonly string[]): Promise<void> {
      if (ids.length > 0) await db.delete(pushJobs).where(inArray(pushJobs.id, [...ids]));
    },
    async retryLater(ids: readonly string[], at: number): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(pushJobs)
        .set({ nextAt: at, claimedUntil: 0, attempts: sql`${pushJobs.attempts} + 1` })
        .where(inArray(pushJobs.id, [...ids]));
    },
    /** Whether any job is due and not claimed (a read, before the claiming write). */
    anyDue: async (now: number): Promise<boolean> =>
      (
        await db
          .select({ id: pushJobs.id })
          .from(pushJobs)
          .where(and(lte(pushJobs.nextAt, now), lte(pushJobs.claimedUntil, now)))
          .limit(1)
      ).length > 0,
    /**
     * Conversations where someone has had unread messages since before `before` (ISO) and after `after`,
     * who wants message notifications, has a confirmed address and no push subscription: the e-mail
     * fallback's candidates (services/message-mail.ts), oldest first, at most `limit`. Conversations already mailed
     * about in the last day are left out here (their `throttle_hits` key), so they never fill the limit
     * and starve the others.
     */
    unreadForMail: (before: string, after: string, now: number, limit = 200) =>
      rawAll<{
        conversationId: string;
        userId: string;
        senderId: string;
        announcementId: string;
        count: number;
      }>(
        db,
        sql`SELECT m.conversation_id AS "conversationId", m.recipient_id AS "userId",
                   MAX(m.sender_id) AS "senderId", MAX(m.announcement_id) AS "announcementId",
                   COUNT(*) AS "count"
            FROM messages m JOIN users u ON u.id = m.recipient_id
            WHERE m.is_read = 0 AND m.deleted = 0 AND m.created_at < ${before} AND m.created_at > ${after}
              AND u.notify_messages = 1 AND u.email_verified_at > 0 AND u.deleted = 0
              AND NOT EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = m.recipient_id)
              AND NOT EXISTS (SELECT 1 FROM throttle_hits t
                              WHERE t."key" = ${MAIL_KEY_PREFIX} || m.recipient_id || ':' || m.conversation_id
                                AND t.expires_at > ${now})
            GROUP BY m.conversation_id, m.recipient_id
            ORDER BY MIN(m.created_at)
            LIMIT ${limit}`,
      ),
    /** Jobs still waiting (tests, health). */
    pending: (now = Number.MAX_SAFE_INTEGER): Promise<PushJobRow[]> =>
      db.select().from(pushJobs).where(lte(pushJobs.nextAt, now)),
  };
}

export type PushRepository = ReturnType<typeof pushRepository>;
