import { eq } from 'drizzle-orm';
import { passwordResets } from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';
import { firstRow } from './queries.ts';

export type PasswordResetRow = typeof passwordResets.$inferSelect;

/** Forgot-password codes (hashed), one live code per user. */
export function passwordResetsRepository(db: Db) {
  return {
    of: (userId: string): Promise<PasswordResetRow | undefined> =>
      firstRow(db, passwordResets, eq(passwordResets.userId, userId)),
    /** A new request replaces the previous code (and its attempt count). */
    async put(row: PasswordResetRow): Promise<void> {
      await db
        .insert(passwordResets)
        .values(row)
        .onConflictDoUpdate({
          target: passwordResets.userId,
          set: {
            codeHash: row.codeHash,
            createdAt: row.createdAt,
            expiresAt: row.expiresAt,
            attempts: row.attempts,
          },
        });
    },
    async setAttempts(userId: string, attempts: number): Promise<void> {
      await db.update(passwordResets).set({ attempts }).where(eq(passwordResets.userId, userId));
    },
    async remove(userId: string): Promise<void> {
      await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
    },
  };
}
export type PasswordResetsRepository = ReturnType<typeof passwordResetsRepository>;
