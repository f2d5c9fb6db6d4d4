import { eq } from 'drizzle-orm';
import { passwordResets } from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';

export type PasswordResetRow = typeof passwordResets.$inferSelect;

/** Forgot-password codes (hashed), one live code per user. */
export function passwordResetsRepository(db: Db) {
  return {
    of(userId: string): PasswordResetRow | undefined {
      return db.select().from(passwordResets).where(eq(passwordResets.userId, userId)).get();
    },
    /** A new request replaces the previous code (and its attempt count). */
    put(row: PasswordResetRow): void {
      db.insert(passwordResets)
        .values(row)
        .onConflictDoUpdate({
          target: passwordResets.userId,
          set: {
            codeHash: row.codeHash,
            createdAt: row.createdAt,
            expiresAt: row.expiresAt,
            attempts: row.attempts,
          },
        })
        .run();
    },
    setAttempts(userId: string, attempts: number): void {
      db.update(passwordResets).set({ attempts }).where(eq(passwordResets.userId, userId)).run();
    },
    remove(userId: string): void {
      db.delete(passwordResets).where(eq(passwordResets.userId, userId)).run();
    },
  };
}
export type PasswordResetsRepository = ReturnType<typeof passwordResetsRepository>;
