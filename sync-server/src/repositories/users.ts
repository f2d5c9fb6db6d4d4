import { and, eq, inArray, sql } from 'drizzle-orm';
import { counters, passwordResets, type UserRow, users } from '../../../schema/db/tables.ts';
import type { NotificationSettings } from '../../../schema/rules/notification-settings.ts';
import type { Db } from '../plugins/db.ts';
import { changedAfter, firstRow, live, readInChunks, rowsById } from './queries.ts';

/**
 * Counter moved by every change to a seller card's fields (names, avatar), in the same transaction: kept
 * search pages hold the cards (services/search-cache.ts reads it through searchVocab.catalogueVersion).
 */
export const CARDS_VERSION = 'cards';

export function usersRepository(db: Db) {
  const cardsChanged = () =>
    db
      .insert(counters)
      .values({ name: CARDS_VERSION, value: 1 })
      .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } });

  const rows = rowsById(db, users);
  return {
    byId: rows.get,
    byEmail: (email: string): Promise<UserRow | undefined> =>
      firstRow(db, users, eq(users.email, email.toLowerCase())),
    insert: rows.insert,
    /** Last activity; replicated profiles take a new seq only when `seq` is given (see the auth plugin). */
    /** Private fields: no new seq (the replicated profile does not carry them). */
    /**
     * 'Schimbă email-ul' (issue 40, L1): the new address waits for its link; the account keeps `email`.
     * Private, no new seq (the replicated profile does not carry addresses).
     */
    async setPendingEmail(id: string, pendingEmail: string): Promise<void> {
      await db.update(users).set({ pendingEmail }).where(eq(users.id, id));
    },
    /**
     * The link of a pending address was opened: it becomes the account's address, confirmed `at`, when it
     * is still the pending one (false otherwise). Throws the unique violation when another account has it.
     */
    async takePendingEmail(id: string, pendingEmail: string, at: number): Promise<boolean> {
      const done = await db
        .update(users)
        .set({ email: pendingEmail, pendingEmail: null, emailVerifiedAt: at })
        .where(and(eq(users.id, id), eq(users.pendingEmail, pendingEmail), live(users)))
        .returning({ id: users.id });
      return done.length > 0;
    },
    /** The address was confirmed now (when it is still `email`: a link for an older address does nothing). */
    async setEmailVerified(id: string, email: string, at: number): Promise<boolean> {
      const done = await db
        .update(users)
        .set({ emailVerifiedAt: at })
        .where(and(eq(users.id, id), eq(users.email, email)))
        .returning({ id: users.id });
      return done.length > 0;
    },
    /**
     * A new password (a change, a reset, a social sign-in removing it) also cancels an address change that
     * waits for its link: it may be the work of whoever had the old password (issue 40).
     */
    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash, pendingEmail: null }).where(eq(users.id, id));
    },
    /** 'Ieși din cont de pe toate dispozitivele' cancels a waiting address change too (see setPasswordHash). */
    async clearPendingEmail(id: string): Promise<void> {
      await db.update(users).set({ pendingEmail: null }).where(eq(users.id, id));
    },
    async touchLastSeen(id: string, at: string, seq?: number): Promise<void> {
      await db
        .update(users)
        .set(seq === undefined ? { lastSeen: at } : { lastSeen: at, seq })
        .where(eq(users.id, id));
    },
    /** Own-profile fields; `seq` is given when a public field changed (see the profiles service). */
    async updateProfile(
      id: string,
      patch: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'localitate' | 'phone'>>,
      seq?: number,
    ): Promise<void> {
      await db
        .update(users)
        .set(seq === undefined ? patch : { ...patch, seq })
        .where(eq(users.id, id));
      if (seq !== undefined && (patch.firstName !== undefined || patch.lastName !== undefined))
        await cardsChanged();
    },
    /** The avatar is public: every change takes a new seq. */
    async setAvatar(id: string, avatar: string | null, seq: number): Promise<void> {
      await db.update(users).set({ avatar, seq }).where(eq(users.id, id));
      await cardsChanged();
    },
    /** A live account by its social sign-in id. */
    async byProviderId(provider: 'google' | 'facebook', providerId: string): Promise<UserRow | undefined> {
      const column = provider === 'google' ? users.googleId : users.facebookId;
      return firstRow(db, users, and(live(users), eq(column, providerId)));
    },
    /** Links a social account (and, for Google, remembers its picture); private fields, no new seq. */
    async linkProvider(
      id: string,
      provider: 'google' | 'facebook',
      providerId: string,
      picture?: string | null,
    ): Promise<void> {
      const set =
        provider === 'google'
          ? { googleId: providerId, ...(picture !== undefined ? { googleAvatar: picture } : {}) }
          : { facebookId: providerId };
      await db.update(users).set(set).where(eq(users.id, id));
    },
    /** Frees a provider id held by a deleted account, so the person can sign up again with it. */
    async releaseProviderId(provider: 'google' | 'facebook', providerId: string): Promise<void> {
      const column = provider === 'google' ? users.googleId : users.facebookId;
      await db
        .update(users)
        .set(provider === 'google' ? { googleId: null } : { facebookId: null })
        .where(and(eq(column, providerId), eq(users.deleted, true)));
    },
    /** Account deletion: social ids, the Google picture, a pending address and reset code go with the person. */
    async forgetPrivate(id: string): Promise<void> {
      await db
        .update(users)
        .set({ googleId: null, facebookId: null, googleAvatar: null, pendingEmail: null })
        .where(eq(users.id, id));
      await db.delete(passwordResets).where(eq(passwordResets.userId, id));
    },
    async notificationSettings(id: string): Promise<NotificationSettings | null> {
      const [row] = await db
        .select({
          messages: users.notifyMessages,
          reviews: users.notifyReviews,
          favorites: users.notifyFavorites,
        })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row ?? null;
    },
    /** Stores the switches given; one left out keeps its value. */
    async setNotificationSettings(id: string, s: Partial<NotificationSettings>): Promise<void> {
      const set = { notifyMessages: s.messages, notifyReviews: s.reviews, notifyFavorites: s.favorites };
      const given = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
      if (Object.keys(given).length > 0) await db.update(users).set(given).where(eq(users.id, id));
    },
    byIds: (ids: string[]): Promise<UserRow[]> =>
      readInChunks(ids, (part) => db.select().from(users).where(inArray(users.id, part))),
    changedBetween: (afterSeq: number, upToSeq: number, limit: number): Promise<UserRow[]> =>
      changedAfter(db, users, { afterSeq, upToSeq, limit }),
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
