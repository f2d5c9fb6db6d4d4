import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../../../schema/rules/account.ts';
import { passwordResetsRepository } from '../../repositories/password-resets.ts';
import { createMailer } from '../../services/mailer.ts';
import { passwordResetService } from '../../services/password-reset.ts';
import { fail } from '../../services/rest-http.ts';

const text = { type: 'string', maxLength: 1000 } as const;
const message = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;
const error = {
  type: 'object',
  properties: { error: { type: 'string' }, code: { type: 'string' } },
  required: ['error'],
} as const;

/** 'Ai uitat parola?': a code by email, then the code with a new password. */
export default async function passwordResetRoutes(app: FastifyInstance) {
  const resets = passwordResetService({
    uow: app.uow,
    users: app.usersRepo,
    sessions: app.sessionsRepo,
    resets: passwordResetsRepository(app.db),
    throttles: app.throttles,
    mailer: createMailer({
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      dataDir: app.config.dataDir,
    }),
    log: (err) => app.log.error({ err }, 'password reset mail failed'),
  });

  app.addHook('preValidation', async (request) => {
    request.body ??= {};
  });

  app.post<{ Body: { email?: unknown } }>(
    '/api/users/forgot-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Cere un cod de resetare a parolei (același răspuns pentru orice adresă)',
        body: { type: 'object', properties: { email: text } },
        response: { 200: message, '4xx': error },
      },
    },
    async (request, reply) => {
      const result = await resets.request(request.body.email, request.ip);
      if (!result.ok) return fail(reply, result.status, result.error, result.code);
      return result.value;
    },
  );

  app.post<{ Body: { email?: unknown; code?: unknown; password?: unknown } }>(
    '/api/users/reset-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Setează o parolă nouă cu codul primit pe email (închide toate sesiunile)',
        body: { type: 'object', properties: { email: text, code: text, password: text } },
        response: { 200: message, '4xx': error },
      },
    },
    async (request, reply) => {
      const result = await resets.confirm(request.body, request.ip);
      if (!result.ok)
        return fail(reply, result.status, result.error || ACCOUNT_MESSAGES.resetFailed, result.code);
      return result.value;
    },
  );
}
