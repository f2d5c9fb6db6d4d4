import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { SESSION_TTL_MS } from '../../../schema/constants.ts';
import { sessions } from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sessionsRepository(db: Db) {
  return {
    /** Issues a new random bearer token; only its hash is stored. */
    create(userId: string, now = Date.now()): string {
      const token = randomBytes(32).toString('base64url');
      db.insert(sessions)
        .values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt: now + SESSION_TTL_MS })
        .run();
      return token;
    },
    /** The user id of a live session, or null (unknown, revoked or expired). */
    userIdFor(token: string, now = Date.now()): string | null {
      const row = db
        .select({ userId: sessions.userId })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
        .get();
      return row?.userId ?? null;
    },
    revoke(token: string): void {
      db.delete(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
        .run();
    },
    revokeAllExcept(userId: string, keepToken: string): void {
      db.delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken))))
        .run();
    },
    revokeAll(userId: string): void {
      db.delete(sessions).where(eq(sessions.userId, userId)).run();
    },
    purgeExpired(now = Date.now()): void {
      db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
