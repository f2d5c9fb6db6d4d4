import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { SESSION_TTL_MS } from '../../../schema/constants.ts';
import { sessions } from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a revocation ended: one session (by token hash), or sessions of a user. */
export type Revocation = { tokenHash: string } | { userId: string };
export type LiveSession = { userId: string; tokenHash: string; createdAt: number; expiresAt: number };

/**
 * Bearer sessions. Every revocation is reported to `onRevoked` (the app closes the sync sockets of
 * sessions that are gone), so no revocation path can forget the sockets already open.
 */
export function sessionsRepository(db: Db, opts: { onRevoked?: (r: Revocation) => void } = {}) {
  const byHash = db
    .select({ userId: sessions.userId, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .prepare();
  const live = (tokenHash: string, now: number): LiveSession | null => {
    const row = byHash.get({ hash: tokenHash, now });
    return row ? { userId: row.userId, tokenHash, createdAt: row.createdAt, expiresAt: row.expiresAt } : null;
  };
  return {
    /** Issues a new random bearer token; only its hash is stored. */
    create(userId: string, now = Date.now()): string {
      const token = randomBytes(32).toString('base64url');
      db.insert(sessions)
        .values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt: now + SESSION_TTL_MS })
        .run();
      return token;
    },
    /** The live session of a token (unknown, revoked or expired: null). */
    session(token: string, now = Date.now()): LiveSession | null {
      return live(hashToken(token), now);
    },
    /** The user id of a live session, or null (unknown, revoked or expired). */
    userIdFor(token: string, now = Date.now()): string | null {
      return live(hashToken(token), now)?.userId ?? null;
    },
    /** Whether the session with this token hash is still live: one primary-key lookup. */
    isLive(tokenHash: string, now = Date.now()): boolean {
      return live(tokenHash, now) !== null;
    },
    revoke(token: string): void {
      const tokenHash = hashToken(token);
      db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).run();
      opts.onRevoked?.({ tokenHash });
    },
    revokeAllExcept(userId: string, keepToken: string): void {
      db.delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken))))
        .run();
      opts.onRevoked?.({ userId });
    },
    revokeAll(userId: string): void {
      db.delete(sessions).where(eq(sessions.userId, userId)).run();
      opts.onRevoked?.({ userId });
    },
    purgeExpired(now = Date.now()): void {
      db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
