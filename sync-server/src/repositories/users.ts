import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { passwordResets, type UserRow, users } from '../../../schema/db/tables.ts';
import type { OwnProfile, PublicUser } from '../../../schema/entities.ts';
import type { NotificationSettings } from '../../../schema/rules/notification-settings.ts';
import type { Db } from '../plugins/db.ts';
import { chunks } from './announcements.ts';

/** A chosen password (scrypt); accounts made by social sign-in hold a marker that no password matches. */
export const hasPasswordHash = (hash: string): boolean => hash.startsWith('scrypt$');

export function toOwnProfile(u: UserRow): OwnProfile {
  return {
    _id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    localitate: u.localitate,
    avatar: u.avatar,
    createdAt: u.createdAt,
    lastSeen: u.lastSeen,
    hasPassword: hasPasswordHash(u.passwordHash),
  };
}

/** Only the public fields: no email, phone, password material or tokens. */
export function toPublicUser(u: UserRow): PublicUser {
  return {
    _id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    avatar: u.avatar,
    localitate: u.localitate,
    createdAt: u.createdAt,
    lastSeen: u.lastSeen,
  };
}

export function usersRepository(db: Db) {
  return {
    byId(id: string): UserRow | undefined {
      return db.select().from(users).where(eq(users.id, id)).get();
    },
    byEmail(email: string): UserRow | undefined {
      return db.select().from(users).where(eq(users.email, email.toLowerCase())).get();
    },
    insert(row: typeof users.$inferInsert): void {
      db.insert(users).values(row).run();
    },
    /** Last activity; replicated profiles take a new seq only when `seq` is given (see the auth plugin). */
    /** Private fields: no new seq (the replicated profile does not carry them). */
    setEmail(id: string, email: string): void {
      db.update(users).set({ email }).where(eq(users.id, id)).run();
    },
    setPasswordHash(id: string, passwordHash: string): void {
      db.update(users).set({ passwordHash }).where(eq(users.id, id)).run();
    },
    touchLastSeen(id: string, at: string, seq?: number): void {
      db.update(users)
        .set(seq === undefined ? { lastSeen: at } : { lastSeen: at, seq })
        .where(eq(users.id, id))
        .run();
    },
    /** Own-profile fields; `seq` is given when a public field changed (see the profiles service). */
    updateProfile(
      id: string,
      patch: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'localitate' | 'phone'>>,
      seq?: number,
    ): void {
      db.update(users)
        .set(seq === undefined ? patch : { ...patch, seq })
        .where(eq(users.id, id))
        .run();
    },
    /** The avatar is public: every change takes a new seq. */
    setAvatar(id: string, avatar: string | null, seq: number): void {
      db.update(users).set({ avatar, seq }).where(eq(users.id, id)).run();
    },
    /** A live account by its social sign-in id. */
    byProviderId(provider: 'google' | 'facebook', providerId: string): UserRow | undefined {
      const column = provider === 'google' ? users.googleId : users.facebookId;
      return db
        .select()
        .from(users)
        .where(and(eq(column, providerId), eq(users.deleted, false)))
        .get();
    },
    /** Links a social account (and, for Google, remembers its picture); private fields, no new seq. */
    linkProvider(
      id: string,
      provider: 'google' | 'facebook',
      providerId: string,
      picture?: string | null,
    ): void {
      const set =
        provider === 'google'
          ? { googleId: providerId, ...(picture !== undefined ? { googleAvatar: picture } : {}) }
          : { facebookId: providerId };
      db.update(users).set(set).where(eq(users.id, id)).run();
    },
    /** Frees a provider id held by a deleted account, so the person can sign up again with it. */
    releaseProviderId(provider: 'google' | 'facebook', providerId: string): void {
      const column = provider === 'google' ? users.googleId : users.facebookId;
      db.update(users)
        .set(provider === 'google' ? { googleId: null } : { facebookId: null })
        .where(and(eq(column, providerId), eq(users.deleted, true)))
        .run();
    },
    /** Account deletion: social ids, the Google picture and a pending reset code go with the person. */
    forgetPrivate(id: string): void {
      db.update(users)
        .set({ googleId: null, facebookId: null, googleAvatar: null })
        .where(eq(users.id, id))
        .run();
      db.delete(passwordResets).where(eq(passwordResets.userId, id)).run();
    },
    notificationSettings(id: string): NotificationSettings | null {
      const row = db
        .select({ messages: users.notifyMessages, reviews: users.notifyReviews })
        .from(users)
        .where(eq(users.id, id))
        .get();
      return row ?? null;
    },
    setNotificationSettings(id: string, s: NotificationSettings): void {
      db.update(users)
        .set({ notifyMessages: s.messages, notifyReviews: s.reviews })
        .where(eq(users.id, id))
        .run();
    },
    byIds(ids: string[]): UserRow[] {
      return chunks(ids).flatMap((part) => db.select().from(users).where(inArray(users.id, part)).all());
    },
    changedBetween(afterSeq: number, upToSeq: number, limit: number): UserRow[] {
      return db
        .select()
        .from(users)
        .where(and(gt(users.seq, afterSeq), lte(users.seq, upToSeq)))
        .orderBy(asc(users.seq))
        .limit(limit)
        .all();
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
