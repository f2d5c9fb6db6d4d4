import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { SESSION_TTL_MS, SIGN_IN_LIMITS } from '../../../schema/constants.ts';
import { pushSubscriptions, sessions } from '../../../schema/db/tables.ts';
import { rawRun } from '../lib/sql.ts';
import { type Db, sideWrite } from '../plugins/db.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a revocation ended: one session (by token hash), or sessions of a user. */
export type Revocation = { tokenHash: string } | { userId: string };
export type LiveSession = { userId: string; tokenHash: string; createdAt: number; expiresAt: number };

/**
 * Bearer sessions. Every revocation is reported to `onRevoked` (the app closes the sync sockets of
 * sessions that are gone, after the write commits), so no revocation path can forget the sockets already open.
 * The push subscriptions of the sessions that end go in the same statement group (issue 23): a device
 * that logged out, or whose sessions were ended elsewhere, gets no more notifications.
 */
export function sessionsRepository(db: Db, opts: { onRevoked?: (r: Revocation) => void } = {}) {
  const live = async (tokenHash: string, now: number): Promise<LiveSession | null> => {
    const [row] = await db
      .select({ userId: sessions.userId, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
      .limit(1);
    return row ? { userId: row.userId, tokenHash, createdAt: row.createdAt, expiresAt: row.expiresAt } : null;
  };
  return {
    /**
     * Issues a new random bearer token; only its hash is stored. An account keeps at most
     * SIGN_IN_LIMITS.sessionsPerAccount sessions: the oldest beyond them are revoked (their sockets close).
     */
    async create(userId: string, now = Date.now(), device = ''): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        createdAt: now,
        expiresAt: now + SESSION_TTL_MS,
        device,
        lastSeen: now,
      });
      const stale = await db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt), desc(sessions.tokenHash))
        .limit(1000)
        .offset(SIGN_IN_LIMITS.sessionsPerAccount);
      if (stale.length > 0) {
        const hashes = stale.map((r) => r.tokenHash);
        await db.delete(sessions).where(inArray(sessions.tokenHash, hashes));
        await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionHash, hashes));
        for (const tokenHash of hashes) opts.onRevoked?.({ tokenHash });
      }
      return token;
    },
    /** The live session of a token (unknown, revoked or expired: null). */
    session(token: string, now = Date.now()): Promise<LiveSession | null> {
      return live(hashToken(token), now);
    },
    /** The user id of a live session, or null (unknown, revoked or expired). */
    async userIdFor(token: string, now = Date.now()): Promise<string | null> {
      return (await live(hashToken(token), now))?.userId ?? null;
    },
    /** Whether the session with this token hash is still live: one primary-key lookup. */
    async isLive(tokenHash: string, now = Date.now()): Promise<boolean> {
      return (await live(tokenHash, now)) !== null;
    },
    /** The token hashes of a user's live sessions (which sync sockets may stay open after a revocation). */
    async liveHashesOf(userId: string, now = Date.now()): Promise<string[]> {
      const rows = await db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
      return rows.map((r) => r.tokenHash);
    },
    /** A session was used now ('Dispozitive conectate': last seen). */
    async touch(token: string, device: string, now = Date.now()): Promise<void> {
      // Not replicated: outside the unit of work (plugins/db.ts, sideWrite).
      await sideWrite(db, async () => {
        await db
          .update(sessions)
          .set({
            lastSeen: now,
            // Named once, by the first request that used it (a sign-in of any kind).
            device: sql`CASE WHEN ${sessions.device} = '' THEN ${device} ELSE ${sessions.device} END`,
          })
          .where(eq(sessions.tokenHash, hashToken(token)));
      });
    },
    /** A user's live sessions, the most recently used first (id = the token's hash, never the token). */
    async devicesOf(userId: string, now = Date.now()) {
      const rows = await db
        .select({
          id: sessions.tokenHash,
          device: sessions.device,
          createdAt: sessions.createdAt,
          lastSeen: sessions.lastSeen,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastSeen), desc(sessions.createdAt));
      return rows.map((r) => ({ ...r, lastSeen: Math.max(r.lastSeen, r.createdAt) }));
    },
    /** Ends one of the user's sessions by its id (its sockets close); false when it is not theirs. */
    async revokeOf(userId: string, tokenHash: string): Promise<boolean> {
      const gone = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.tokenHash, tokenHash)))
        .returning({ tokenHash: sessions.tokenHash });
      if (gone.length > 0) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionHash, tokenHash));
        opts.onRevoked?.({ tokenHash });
      }
      return gone.length > 0;
    },
    async revoke(token: string): Promise<void> {
      const tokenHash = hashToken(token);
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionHash, tokenHash));
      opts.onRevoked?.({ tokenHash });
    },
    async revokeAllExcept(userId: string, keepToken: string): Promise<void> {
      await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken))));
      await db
        .delete(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.sessionHash, hashToken(keepToken))),
        );
      opts.onRevoked?.({ userId });
    },
    async revokeAll(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      opts.onRevoked?.({ userId });
    },
    async purgeExpired(now = Date.now()): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
      await rawRun(
        db,
        sql`DELETE FROM push_subscriptions WHERE session_hash NOT IN (SELECT token_hash FROM sessions)`,
      );
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
