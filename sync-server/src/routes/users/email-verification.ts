import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiError, apiMessage } from '../../../../schema/api/common.ts';
import { ACCOUNT_MESSAGES } from '../../../../schema/rules/account.ts';
import type { Api } from '../../lib/route-schema.ts';
import { callerOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { httpError, unwrap } from '../../services/rest-http.ts';

const confirmBody = z.object({ userId: z.string().max(64), token: z.string().max(128) });
const confirm = { body: confirmBody, response: { 200: apiMessage, '4xx': apiError } };
const resend = { response: { 200: apiMessage, '4xx': apiError } };
const doc = (summary: string, signedIn = false) => ({
  tags: ['users'],
  summary,
  ...(signedIn ? { security: [{ bearer: [] }] } : {}),
});

/** Where links in mails point: PUBLIC_URL, else the address this request came to. */
export const publicOrigin = (app: Api, request: FastifyRequest) =>
  app.config.publicUrl ?? `${request.protocol}://${request.host}`;

/** Opening the link of a confirmation mail (the page /confirmare-email posts it): no sign-in needed. */
export async function confirmEmailRoute(app: Api) {
  app.post(
    '/api/users/verify-email',
    {
      config: writeLimit('account'),
      schema: { ...confirm, ...doc('Confirmă adresa de e-mail (linkul din e-mail)') },
    },
    async (request) => unwrap(await app.emailVerification.confirm(request.body.userId, request.body.token)),
  );
}

/** 'Trimite din nou e-mailul de confirmare' (Setări), for the caller's current address. */
export async function resendConfirmationRoute(app: Api) {
  app.post(
    '/api/users/verify-email/resend',
    {
      config: writeLimit('account'),
      schema: { ...resend, ...doc('Trimite din nou linkul de confirmare', true) },
    },
    async (request) => {
      const user = await app.usersRepo.byId(callerOf(request));
      if (!user || user.deleted) throw httpError(401, ACCOUNT_MESSAGES.sessionExpired);
      if (user.emailVerifiedAt > 0) return { message: ACCOUNT_MESSAGES.emailVerified };
      await app.emailVerification.send(user, publicOrigin(app, request));
      return { message: ACCOUNT_MESSAGES.verifySent };
    },
  );
}
