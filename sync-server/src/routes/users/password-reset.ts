import type { FastifyInstance } from 'fastify';
import { apiError, apiMessage } from '../../../../schema/api/common.ts';
import { forgotPasswordBody, resetPasswordBody } from '../../../../schema/api/users.ts';
import { ACCOUNT_MESSAGES } from '../../../../schema/rules/account.ts';
import { routeSchema, type Typed } from '../../lib/route-schema.ts';
import { passwordResetsRepository } from '../../repositories/password-resets.ts';
import { createMailer } from '../../services/mailer.ts';
import { passwordResetService } from '../../services/password-reset.ts';
import { fail } from '../../services/rest-http.ts';

const forgot = { body: forgotPasswordBody, response: { 200: apiMessage, '4xx': apiError } };
const reset = { body: resetPasswordBody, response: { 200: apiMessage, '4xx': apiError } };
const doc = (summary: string) => ({ tags: ['users'], summary });

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

  app.post<Typed<typeof forgot>>(
    '/api/users/forgot-password',
    {
      schema: routeSchema(
        forgot,
        doc('Cere un cod de resetare a parolei (același răspuns pentru orice adresă)'),
      ),
    },
    async (request, reply) => {
      const result = await resets.request(request.body.email, request.ip);
      if (!result.ok) return fail(reply, result.status, result.error, result.code);
      return result.value;
    },
  );

  app.post<Typed<typeof reset>>(
    '/api/users/reset-password',
    {
      schema: routeSchema(
        reset,
        doc('Setează o parolă nouă cu codul primit pe email (închide toate sesiunile)'),
      ),
    },
    async (request, reply) => {
      const result = await resets.confirm(request.body, request.ip);
      if (!result.ok)
        return fail(reply, result.status, result.error || ACCOUNT_MESSAGES.resetFailed, result.code);
      return result.value;
    },
  );
}
