import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { apiError, apiMessage } from '../../../../schema/api/common.ts';
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
import { ownProfile } from '../../../../schema/entities.ts';
import {
  ACCOUNT_MESSAGES,
  confirmationError,
  normalizeLogin,
  normalizeRegistration,
  validateEmailChange,
} from '../../../../schema/rules/account.ts';
import { routeSchema, type Typed } from '../../lib/route-schema.ts';
import { requireUser } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { hasPasswordHash, toOwnProfile } from '../../repositories/users.ts';
import { LoginThrottle } from '../../services/login-throttle.ts';
import notificationSettingsRoutes from './notification-settings.ts';
import passwordResetRoutes from './password-reset.ts';

const errors = { '4xx': apiError };
const registerRoute = { body: registerBody, response: { 201: registerAnswer, ...errors } };
const loginRoute = { body: loginBody, response: { 200: loginAnswer, ...errors } };
const updateEmailRoute = { body: updateEmailBody, response: { 200: updateEmailAnswer, ...errors } };
const updatePasswordRoute = { body: updatePasswordBody, response: { 200: apiMessage, ...errors } };
const deleteAccountRoute = { body: deleteAccountBody, response: { 200: apiMessage, ...errors } };
const messageRoute = { response: { 200: apiMessage, ...errors } };
const authCheckRoute = { response: { 200: authCheck } };
const profileRoute = { response: { 200: ownProfile, ...errors } };
type Confirmation = z.infer<typeof confirmation>;

export default async function userRoutes(app: FastifyInstance) {
  await app.register(passwordResetRoutes);
  await app.register(notificationSettingsRoutes);
  const register = { config: writeLimit('register'), schema: routeSchema(registerRoute) };
  app.post<Typed<typeof registerRoute>>('/api/users/register', register, async (request, reply) => {
    const result = await app.accounts.register(normalizeRegistration(request.body));
    if (!result.ok) return reply.code(result.status).send({ error: result.error });
    return reply
      .code(201)
      .send({ message: 'Cont creat cu succes! Te poți autentifica.', userId: result.value.userId });
  });

  const throttle = new LoginThrottle(app.throttles);
  const login = { schema: routeSchema(loginRoute) };
  app.post<Typed<typeof loginRoute>>('/api/users/login', login, async (request, reply) => {
    const input = normalizeLogin(request.body);
    const wait = await throttle.waitSeconds(request.ip, input.email);
    if (wait > 0) {
      return reply
        .code(429)
        .header('Retry-After', String(wait))
        .send({ error: throttle.message(wait), code: 'throttled' });
    }
    const result = await app.accounts.login(input);
    if (!result.ok) {
      if (result.status === 401) await throttle.failed(request.ip, input.email);
      return reply.code(result.status).send({ error: result.error });
    }
    await throttle.succeeded(request.ip, input.email);
    return result.value;
  });

  /**
   * The caller proves it owns the account (password, or e-mail for a social-only account). Wrong answers
   * count in the sign-in throttle (per IP, per account), so a stolen token cannot guess the password
   * here faster than at /login. Answers the refusal itself and returns false.
   */
  const confirmed = async (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    body: Confirmation | null,
  ) => {
    const input = { password: body?.password ?? '', confirmEmail: body?.confirmEmail ?? '' };
    const user = await app.usersRepo.byId(userId);
    if (!user || user.deleted) {
      reply.code(401).send({ error: ACCOUNT_MESSAGES.sessionExpired });
      return false;
    }
    const hasPassword = hasPasswordHash(user.passwordHash);
    const missing = confirmationError(hasPassword, input);
    if (missing) {
      reply.code(400).send({ error: missing, code: 'confirmation_required' });
      return false;
    }
    // Without a password the address is no secret to a token holder: the session must be a fresh sign-in.
    const signedInAt = request.token ? ((await app.sessionsRepo.session(request.token))?.createdAt ?? 0) : 0;
    if (!hasPassword && Date.now() - signedInAt > RECENT_SIGN_IN_MINUTES * 60_000) {
      reply.code(403).send({ error: ACCOUNT_MESSAGES.recentSignInRequired, code: 'recent_sign_in_required' });
      return false;
    }
    const wait = await throttle.waitSeconds(request.ip, user.email);
    if (wait > 0) {
      reply
        .code(429)
        .header('Retry-After', String(wait))
        .send({ error: throttle.message(wait), code: 'throttled' });
      return false;
    }
    if (!(await app.accounts.confirmsIdentity(user, input))) {
      await throttle.failed(request.ip, user.email);
      const error = hasPassword ? ACCOUNT_MESSAGES.confirmPasswordWrong : ACCOUNT_MESSAGES.confirmEmailWrong;
      reply.code(403).send({ error, code: 'confirmation_wrong' });
      return false;
    }
    await throttle.succeeded(request.ip, user.email);
    return true;
  };

  app.put<Typed<typeof updateEmailRoute>>(
    '/api/users/update-email',
    { config: writeLimit('account'), schema: routeSchema(updateEmailRoute) },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const { newEmail } = request.body;
      // The new address's own errors first (form order); its availability only after the proof, so a
      // token alone cannot probe which addresses have accounts.
      const invalid = validateEmailChange(newEmail?.trim() ?? '');
      if (invalid) return reply.code(400).send({ error: invalid });
      if (!(await confirmed(request, reply, userId, request.body))) return reply;
      const result = await app.accounts.changeEmail(userId, newEmail);
      if (!result.ok) return reply.code(result.status).send({ error: result.error });
      return { message: ACCOUNT_MESSAGES.emailUpdated, email: result.value.email };
    },
  );

  app.put<Typed<typeof updatePasswordRoute>>(
    '/api/users/update-password',
    { config: writeLimit('account'), schema: routeSchema(updatePasswordRoute) },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId || !request.token) return reply;
      const body = request.body;
      const result = await app.accounts.changePassword(
        userId,
        request.token,
        body.currentPassword,
        body.newPassword,
      );
      if (!result.ok) return reply.code(result.status).send({ error: result.error });
      return { message: ACCOUNT_MESSAGES.passwordUpdated };
    },
  );

  // 'Ieși din cont de pe toate dispozitivele': every session of the caller, this one included.
  const logoutAll = { config: writeLimit('account'), schema: routeSchema(messageRoute) };
  app.post('/api/users/logout-all', logoutAll, async (request, reply) => {
    const userId = requireUser(request, reply);
    if (!userId) return reply;
    // Revoking closes the sync sockets of every ended session, this device's too (sessions repository).
    await app.accounts.logoutAll(userId);
    return { message: ACCOUNT_MESSAGES.loggedOutEverywhere };
  });

  const deleteAccount = { config: writeLimit('account'), schema: routeSchema(deleteAccountRoute) };
  app.delete<Typed<typeof deleteAccountRoute>>(
    '/api/users/delete-account',
    deleteAccount,
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      if (!(await confirmed(request, reply, userId, request.body))) return reply;
      await app.accountDeletion.remove(userId);
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );

  app.get(
    '/api/users/auth/check',
    { schema: routeSchema(authCheckRoute) },
    async (request): Promise<AuthCheck> => {
      if (!request.userId) return { isAuthenticated: false, avatar: null, googleAvatar: null };
      const user = await app.usersRepo.byId(request.userId);
      return {
        isAuthenticated: !!user,
        avatar: user?.avatar ?? null,
        googleAvatar: user?.googleAvatar ?? null,
      };
    },
  );

  app.get('/api/users/profile', { schema: routeSchema(profileRoute) }, async (request, reply) => {
    const userId = requireUser(request, reply);
    if (!userId) return reply;
    const user = await app.usersRepo.byId(userId);
    if (!user) return reply.code(404).send({ error: 'Utilizatorul nu a fost găsit.' });
    return toOwnProfile(user);
  });
}
