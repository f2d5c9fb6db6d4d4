import { formatDate } from '../../../schema/format.ts';
import { hasPasswordHash } from '../../../schema/profile-api.ts';
import {
  ACCOUNT_MESSAGES,
  type LoginInput,
  type RegistrationInput,
  validateEmailChange,
  validateLogin,
  validatePasswordChange,
  validateRegistration,
} from '../../../schema/rules/account.ts';
import { suspensionMessage } from '../../../schema/rules/moderation.ts';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
} from '../../../schema/rules/notification-settings.ts';
import { newId } from '../lib/ids.ts';
import { isUniqueViolation } from '../lib/sql.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { SessionsRepository } from '../repositories/sessions.ts';
import type { UsersRepository } from '../repositories/users.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.ts';
import { fail, ok, type ServiceResult } from './result.ts';

/** Whom a registration concerns: the new account, or the one the address already had. */
export type Registration = { created: boolean; user: { id: string; email: string; firstName: string } };
const cardOf = (u: { id: string; email: string; firstName: string }) => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
});

/** Account operations shared by every transport. Rules come from schema/rules/account.ts. */
export function accountsService(users: UsersRepository, sessions: SessionsRepository, uow: UnitOfWork) {
  return {
    /**
     * A new account, or — the address already has one — nothing created and that account named, so the
     * route can mail its owner (issue 21, item 9). Both cost one password hash: the answer's time does not
     * tell them apart either.
     */
    async register(input: RegistrationInput): Promise<ServiceResult<Registration>> {
      const errors = Object.values(validateRegistration(input));
      if (errors.length > 0) return fail(400, errors[0]!);
      const passwordHash = await hashPassword(input.password);
      const existing = async () => {
        const user = await users.byEmail(input.email);
        return user ? ok({ created: false, user: cardOf(user) }) : null;
      };
      const known = await existing();
      if (known) return known;
      const now = new Date();
      const id = newId(now);
      try {
        await uow.write((tx) =>
          users.insert({
            id,
            email: input.email,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone,
            localitate: '',
            avatar: null,
            createdAt: now.toISOString(),
            lastSeen: now.toISOString(),
            // The public profile replicates from its first moment.
            seq: tx.seq(),
          }),
        );
      } catch (err) {
        // Two sign-ups racing for one address: the unique index decides; the other one is told as above.
        if (isUniqueViolation(err)) return (await existing()) ?? fail(409, ACCOUNT_MESSAGES.emailTaken);
        throw err;
      }
      return ok({ created: true, user: { id, email: input.email, firstName: input.firstName } });
    },

    /** `device`: the sign-in's browser and system in words ('Dispozitive conectate'), '' when unknown. */
    async login(input: LoginInput, device = ''): Promise<ServiceResult<{ token: string; userId: string }>> {
      const errors = Object.values(validateLogin(input));
      if (errors.length > 0) return fail(400, errors[0]!);
      const user = await users.byEmail(input.email);
      // Verify against a dummy hash for unknown emails so the answer time does not reveal accounts.
      const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !valid) return fail(401, ACCOUNT_MESSAGES.invalidCredentials);
      // Issue 24: a suspended or banned account is told so (only after the right password).
      const suspended = suspensionMessage(user.suspendedUntil, Date.now(), formatDate);
      if (suspended) return fail(403, suspended, 'suspended');
      const token = await uow.write(() => sessions.create(user.id, Date.now(), device));
      return { ok: true, value: { token, userId: user.id } };
    },

    /**
     * 'Schimbă email-ul' (issue 40, L1): the new address waits as the account's pending one and the
     * account keeps its address (sign-in, mail) until the link mailed there is opened (email-verification
     * service, `confirm`). Whether another account has that address changes nothing stored or answered:
     * `owner` names that account, so the route mails its owner instead of a link.
     */
    async changeEmail(
      userId: string,
      raw: unknown,
    ): Promise<
      ServiceResult<{
        user: Registration['user'] & { emailVerifiedAt: number };
        pendingEmail: string;
        owner: Registration['user'] | null;
      }>
    > {
      const email = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
      const error = validateEmailChange(email);
      if (error) return fail(400, error);
      const user = await users.byId(userId);
      if (!user || user.deleted) return fail(404, ACCOUNT_MESSAGES.emailUpdateFailed);
      if (user.email === email) return fail(400, ACCOUNT_MESSAGES.emailSame);
      await uow.write(() => users.setPendingEmail(userId, email));
      const owner = await users.byEmail(email);
      return ok({
        user: { ...cardOf(user), emailVerifiedAt: user.emailVerifiedAt },
        pendingEmail: email,
        owner: owner ? cardOf(owner) : null,
      });
    },

    /**
     * Is the caller the owner (issue 12 item 15)? The current password, or, without one (social sign-in),
     * the account's e-mail address typed again. The route counts wrong answers in the sign-in throttle.
     */
    async confirmsIdentity(
      user: { email: string; passwordHash: string },
      input: { password: string; confirmEmail: string },
    ): Promise<boolean> {
      if (hasPasswordHash(user.passwordHash)) return verifyPassword(input.password, user.passwordHash);
      return input.confirmEmail.trim().toLowerCase() === user.email;
    },

    /** Needs the current password; every other session is revoked (the device that asked stays in). */
    async changePassword(
      userId: string,
      keepToken: string,
      current: unknown,
      next: unknown,
    ): Promise<ServiceResult<null>> {
      const cur = typeof current === 'string' ? current : '';
      const nxt = typeof next === 'string' ? next : '';
      const user = await users.byId(userId);
      const error = validatePasswordChange(cur, nxt, user?.email ?? '');
      if (error) return fail(400, error);
      if (!user || !(await verifyPassword(cur, user.passwordHash)))
        return fail(400, ACCOUNT_MESSAGES.currentPasswordWrong);
      const passwordHash = await hashPassword(nxt);
      await uow.write(async () => {
        await users.setPasswordHash(userId, passwordHash);
        await sessions.revokeAllExcept(userId, keepToken);
      });
      return { ok: true, value: null };
    },

    /**
     * 'Last seen' for public profiles. The replicated value moves only when `replicate` (a coarser grain,
     * so activity does not flood every device): then it takes a new seq.
     */
    async touchLastSeen(userId: string, at: string, replicate: boolean): Promise<void> {
      await uow.write((tx) => users.touchLastSeen(userId, at, replicate ? tx.seq() : undefined));
    },

    /** Ends the presented session (its sync sockets close: sessions repository). */
    async logout(token: string): Promise<void> {
      await uow.write(() => sessions.revoke(token));
    },

    /**
     * 'Dispozitive conectate' → 'Deconectează': one of the caller's own sessions ends (its sync sockets
     * close); another person's session, or one already ended, is not found.
     */
    async endDevice(userId: string, sessionId: string): Promise<ServiceResult<{ message: string }>> {
      const ended = await uow.write(() => sessions.revokeOf(userId, sessionId));
      if (!ended) return fail(404, ACCOUNT_MESSAGES.deviceNotFound, 'not_found');
      return ok({ message: ACCOUNT_MESSAGES.deviceSignedOut });
    },

    /** 'Ieși din cont de pe toate dispozitivele': every session of the caller, this one included. */
    async logoutAll(userId: string): Promise<void> {
      await uow.write(async () => {
        await sessions.revokeAll(userId);
        await users.clearPendingEmail(userId);
      });
    },

    /** Changes the switches given (a client's missing one keeps its value); answers all of them. */
    async setNotificationSettings(
      userId: string,
      change: Partial<NotificationSettings>,
    ): Promise<NotificationSettings> {
      return await uow.write(async () => {
        await users.setNotificationSettings(userId, change);
        return (await users.notificationSettings(userId)) ?? DEFAULT_NOTIFICATION_SETTINGS;
      });
    },
  };
}
export type AccountsService = ReturnType<typeof accountsService>;
