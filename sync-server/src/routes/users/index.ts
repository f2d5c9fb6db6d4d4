import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { apiError, apiMessage } from '../../../../schema/api/common.ts';
import { ownProfileAnswer } from '../../../../schema/api/profiles.ts';
import {
  type AuthCheck,
  authCheck,
  type confirmation,
  deleteAccountBody,
  loginAnswer,
  loginBody,
  registerAnswer,
  registerBody,
  updateEmailAnswer,
  updateEmailBody,
  updatePasswordBody,
} from '../../../../schema/api/users.ts';
import { RECENT_SIGN_IN_MINUTES } from '../../../../schema/constants.ts';
import { hasPasswordHash, toOwnProfile } from '../../../../schema/profile-api.ts';
import {
  ACCOUNT_MESSAGES,
  confirmationError,
  normalizeLogin,
  normalizeRegistration,
  validateEmailChange,
} from '../../../../schema/rules/account.ts';
import { deviceLabel } from '../../lib/device.ts';
import type { Api } from '../../lib/route-schema.ts';
import { callerOf, sessionOf, signedIn } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { isRefusal, type SignInAttempt } from '../../services/login-throttle.ts';
import { httpError, unwrap } from '../../services/rest-http.ts';
import { confirmEmailRoute, resendConfirmationRoute } from './email-verification.ts';
import notificationSettingsRoutes, { notificationSettingsOf } from './notification-settings.ts';
import passwordResetRoutes from './password-reset.ts';
import sessionRoutes from './sessions.ts';

const errors = { '4xx': apiError };
const registerRoute = { body: registerBody, response: { 201: registerAnswer, ...errors } };
const loginRoute = { body: loginBody, response: { 200: loginAnswer, ...errors } };
const updateEmailRoute = { body: updateEmailBody, response: { 200: updateEmailAnswer, ...errors } };
const updatePasswordRoute = { body: updatePasswordBody, response: { 200: apiMessage, ...errors } };
const deleteAccountRoute = { body: deleteAccountBody, response: { 200: apiMessage, ...errors } };
const messageRoute = { response: { 200: apiMessage, ...errors } };
const authCheckRoute = { response: { 200: authCheck } };
const profileRoute = { response: { 200: ownProfileAnswer, ...errors } };
type Confirmation = z.infer<typeof confirmation>;

/**
 * Reserves a sign-in attempt for this address and account (services/login-throttle.ts), or refuses it:
 * 429 with Retry-After and the Romanian reason.
 */
async function reserveAttempt(
  app: Api,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
): Promise<SignInAttempt> {
  const begun = await app.loginThrottle.begin(request.ip, email);
  if (!isRefusal(begun)) return begun;
  reply.header('Retry-After', String(begun.wait));
  throw httpError(429, begun.message, 'throttled');
}

/** Settles a reserved attempt by what the password check answered (also when it threw). */
async function settled<T extends { ok: boolean; status?: number }>(
  app: Api,
  attempt: SignInAttempt,
  run: () => Promise<T>,
  wrongStatus: number,
): Promise<T> {
  let result: T;
  try {
    result = await run();
  } catch (err) {
    await app.loginThrottle.void(attempt);
    throw err;
  }
  if (result.ok) await app.loginThrottle.succeeded(attempt);
  else if (result.status === wrongStatus) await app.loginThrottle.failed(attempt);
  else await app.loginThrottle.void(attempt);
  return result;
}

export default async function userRoutes(app: Api) {
  await app.register(passwordResetRoutes);
  await app.register(confirmEmailRoute);
  const register = { config: writeLimit('register'), schema: registerRoute };
  app.post('/api/users/register', register, async (request, reply) => {
    const input = normalizeRegistration(request.body);
    const { created, user } = unwrap(await app.accounts.register(input));
    // A new address is confirmed by a link (issue 21): the account works meanwhile. An address that
    // already had an account gets the same answer; its owner gets a mail instead (item 9).
    if (created) await app.emailVerification.send(user);
    else await app.emailVerification.sendAccountExists(user);
    return reply.code(201).send({ message: ACCOUNT_MESSAGES.registered });
  });

  const login = { schema: loginRoute };
  app.post('/api/users/login', login, async (request, reply) => {
    const input = normalizeLogin(request.body);
    const attempt = await reserveAttempt(app, request, reply, input.email);
    const device = deviceLabel(request.headers['user-agent']);
    return unwrap(await settled(app, attempt, () => app.accounts.login(input, device), 401));
  });

  app.get('/api/users/auth/check', { schema: authCheckRoute }, async (request): Promise<AuthCheck> => {
    if (!request.userId) return { isAuthenticated: false, avatar: null, googleAvatar: null };
    const user = await app.usersRepo.byId(request.userId);
    return {
      isAuthenticated: !!user,
      avatar: user?.avatar ?? null,
      googleAvatar: user?.googleAvatar ?? null,
    };
  });

  await app.register(signedIn(accountRoutes));
}

/** The caller's own account: settings, e-mail, password, sessions, deletion, profile. */
async function accountRoutes(app: Api) {
  await app.register(notificationSettingsRoutes);
  await app.register(sessionRoutes);
  await app.register(resendConfirmationRoute);

  /**
   * The caller proves it owns the account (password, or e-mail for a social-only account). Wrong answers
   * count in the sign-in throttle (per IP, per account), so a stolen token cannot guess the password
   * here faster than at /login. Throws the refusal.
   */
  const confirmed = async (request: FastifyRequest, reply: FastifyReply, body: Confirmation | null) => {
    const input = { password: body?.password ?? '', confirmEmail: body?.confirmEmail ?? '' };
    const user = await app.usersRepo.byId(callerOf(request));
    if (!user || user.deleted) throw httpError(401, ACCOUNT_MESSAGES.sessionExpired);
    const hasPassword = hasPasswordHash(user.passwordHash);
    const missing = confirmationError(hasPassword, input);
    if (missing) throw httpError(400, missing, 'confirmation_required');
    // Without a password the address is no secret to a token holder: the session must be a fresh sign-in.
    const signedInAt = (await app.sessionsRepo.session(sessionOf(request)))?.createdAt ?? 0;
    if (!hasPassword && Date.now() - signedInAt > RECENT_SIGN_IN_MINUTES * 60_000)
      throw httpError(403, ACCOUNT_MESSAGES.recentSignInRequired, 'recent_sign_in_required');
    const attempt = await reserveAttempt(app, request, reply, user.email);
    const check = async () => ({ ok: await app.accounts.confirmsIdentity(user, input), status: 403 });
    if (!(await settled(app, attempt, check, 403)).ok) {
      const error = hasPassword ? ACCOUNT_MESSAGES.confirmPasswordWrong : ACCOUNT_MESSAGES.confirmEmailWrong;
      throw httpError(403, error, 'confirmation_wrong');
    }
  };

  app.put(
    '/api/users/update-email',
    { config: writeLimit('account'), schema: updateEmailRoute },
    async (request, reply) => {
      const { newEmail } = request.body;
      // The new address's own errors first (form order); its availability only after the proof, so a
      // token alone cannot probe which addresses have accounts.
      const invalid = validateEmailChange(newEmail?.trim() ?? '');
      if (invalid) throw httpError(400, invalid);
      await confirmed(request, reply, request.body);
      const change = unwrap(await app.accounts.changeEmail(callerOf(request), newEmail));
      const { user, pendingEmail, owner } = change;
      // The new address waits for its link; the account keeps its own. An address another account has:
      // its owner is told instead, and the caller's answer and state are the same (issue 40, L1).
      if (owner) await app.emailVerification.sendAccountExists(owner, 'change');
      else await app.emailVerification.sendChange(user, pendingEmail);
      await app.emailVerification.sendChangeNotice(user);
      return { message: ACCOUNT_MESSAGES.emailChangeSent, email: user.email, pendingEmail };
    },
  );

  app.put(
    '/api/users/update-password',
    { config: writeLimit('account'), schema: updatePasswordRoute },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const userId = callerOf(request);
      unwrap(await app.accounts.changePassword(userId, sessionOf(request), currentPassword, newPassword));
      return { message: ACCOUNT_MESSAGES.passwordUpdated };
    },
  );

  // 'Ieși din cont de pe toate dispozitivele': every session of the caller, this one included.
  const logoutAll = { config: writeLimit('account'), schema: messageRoute };
  app.post('/api/users/logout-all', logoutAll, async (request) => {
    // Revoking closes the sync sockets of every ended session, this device's too (sessions repository).
    await app.accounts.logoutAll(callerOf(request));
    return { message: ACCOUNT_MESSAGES.loggedOutEverywhere };
  });

  const deleteAccount = { config: writeLimit('account'), schema: deleteAccountRoute };
  app.delete('/api/users/delete-account', deleteAccount, async (request, reply) => {
    await confirmed(request, reply, request.body);
    await app.accountDeletion.remove(callerOf(request));
    return { message: ACCOUNT_MESSAGES.accountDeleted };
  });

  app.get('/api/users/profile', { schema: profileRoute }, async (request) => {
    const user = await app.usersRepo.byId(callerOf(request));
    if (!user) throw httpError(404, 'Utilizatorul nu a fost găsit.');
    return { ...toOwnProfile(user), notificationSettings: await notificationSettingsOf(app, user.id) };
  });
}
