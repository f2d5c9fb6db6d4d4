import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RECENT_SIGN_IN_MINUTES } from '../../../../schema/constants.ts';
import type { AuthCheck } from '../../../../schema/entities.ts';
import {
  ACCOUNT_MESSAGES,
  confirmationError,
  normalizeLogin,
  normalizeRegistration,
  validateEmailChange,
} from '../../../../schema/rules/account.ts';
import { requireUser } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { hasPasswordHash, toOwnProfile } from '../../repositories/users.ts';
import { LoginThrottle } from '../../services/login-throttle.ts';
import notificationSettingsRoutes from './notification-settings.ts';
import passwordResetRoutes from './password-reset.ts';

// Declared fields only: anything else a client sends is dropped before the handler sees it. Types are
// loose on purpose: the shared schema/ rules answer with the spec's Romanian messages.
const text = { type: 'string', maxLength: 1000 } as const;
const registerBody = {
  type: 'object',
  properties: { firstName: text, lastName: text, email: text, password: text, phone: text },
} as const;
const loginBody = { type: 'object', properties: { email: text, password: text } } as const;
/** Changing the e-mail and deleting the account: who asks proves it is the owner (issue 12 item 15). */
const confirmation = {
  password: { ...text, description: 'Parola actuală (obligatorie pentru un cont cu parolă).' },
  confirmEmail: {
    ...text,
    description:
      'Pentru un cont creat cu Google/Facebook, fără parolă: adresa de email a contului (și o autentificare din ultimele 10 minute).',
  },
} as const;
const updateEmailBody = {
  type: 'object',
  properties: { newEmail: text, ...confirmation },
} as const;
const deleteAccountBody = { type: ['object', 'null'], properties: confirmation } as const;

export default async function userRoutes(app: FastifyInstance) {
  await app.register(passwordResetRoutes);
  await app.register(notificationSettingsRoutes);
  const register = { config: writeLimit('register'), schema: { body: registerBody } };
  app.post('/api/users/register', register, async (request, reply) => {
    const result = await app.accounts.register(
      normalizeRegistration(request.body as Record<string, unknown>),
    );
    if (!result.ok) return reply.code(result.status).send({ error: result.error });
    return reply
      .code(201)
      .send({ message: 'Cont creat cu succes! Te poți autentifica.', userId: result.value.userId });
  });

  const throttle = new LoginThrottle(app.throttles);
  app.post('/api/users/login', { schema: { body: loginBody } }, async (request, reply) => {
    const input = normalizeLogin(request.body as Record<string, unknown>);
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
  const confirmed = async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    const body = (request.body ?? {}) as { password?: unknown; confirmEmail?: unknown };
    const input = {
      password: typeof body.password === 'string' ? body.password : '',
      confirmEmail: typeof body.confirmEmail === 'string' ? body.confirmEmail : '',
    };
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

  app.put(
    '/api/users/update-email',
    { config: writeLimit('account'), schema: { body: updateEmailBody } },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const newEmail = (request.body as { newEmail?: unknown } | null)?.newEmail;
      // The new address's own errors first (form order); its availability only after the proof, so a
      // token alone cannot probe which addresses have accounts.
      const invalid = validateEmailChange(typeof newEmail === 'string' ? newEmail.trim() : '');
      if (invalid) return reply.code(400).send({ error: invalid });
      if (!(await confirmed(request, reply, userId))) return reply;
      const result = await app.accounts.changeEmail(userId, newEmail);
      if (!result.ok) return reply.code(result.status).send({ error: result.error });
      return { message: ACCOUNT_MESSAGES.emailUpdated, email: result.value.email };
    },
  );

  app.put(
    '/api/users/update-password',
    {
      config: writeLimit('account'),
      schema: { body: { type: 'object', properties: { currentPassword: text, newPassword: text } } },
    },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId || !request.token) return reply;
      const body = (request.body ?? {}) as { currentPassword?: unknown; newPassword?: unknown };
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
  app.post('/api/users/logout-all', { config: writeLimit('account') }, async (request, reply) => {
    const userId = requireUser(request, reply);
    if (!userId) return reply;
    // Revoking closes the sync sockets of every ended session, this device's too (sessions repository).
    await app.accounts.logoutAll(userId);
    return { message: ACCOUNT_MESSAGES.loggedOutEverywhere };
  });

  const deleteAccount = { config: writeLimit('account'), schema: { body: deleteAccountBody } };
  app.delete('/api/users/delete-account', deleteAccount, async (request, reply) => {
    const userId = requireUser(request, reply);
    if (!userId) return reply;
    if (!(await confirmed(request, reply, userId))) return reply;
    await app.accountDeletion.remove(userId);
    return { message: ACCOUNT_MESSAGES.accountDeleted };
  });

  app.get('/api/users/auth/check', async (request): Promise<AuthCheck> => {
    if (!request.userId) return { isAuthenticated: false, avatar: null, googleAvatar: null };
    const user = await app.usersRepo.byId(request.userId);
    return {
      isAuthenticated: !!user,
      avatar: user?.avatar ?? null,
      googleAvatar: user?.googleAvatar ?? null,
    };
  });

  app.get('/api/users/profile', async (request, reply) => {
    const userId = requireUser(request, reply);
    if (!userId) return reply;
    const user = await app.usersRepo.byId(userId);
    if (!user) return reply.code(404).send({ error: 'Utilizatorul nu a fost găsit.' });
    return toOwnProfile(user);
  });
}
