import { z } from 'zod';
import { apiError, apiMessage } from '../../../../schema/api/common.ts';
import type { Api } from '../../lib/route-schema.ts';
import { callerOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { unwrap } from '../../services/rest-http.ts';

const confirmBody = z.object({ userId: z.string().max(64), token: z.string().max(128) });
const confirm = { body: confirmBody, response: { 200: apiMessage, '4xx': apiError } };
const resend = { response: { 200: apiMessage, '4xx': apiError } };
const doc = (summary: string, signedIn = false) => ({
  tags: ['users'],
  summary,
  ...(signedIn ? { security: [{ bearer: [] }] } : {}),
});

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

/**
 * 'Trimite din nou e-mailul de confirmare' (Setări), for the caller's current address: a 429 with
 * Retry-After within a minute of the previous one; the address's own budget decides silently.
 */
export async function resendConfirmationRoute(app: Api) {
  app.post(
    '/api/users/verify-email/resend',
    {
      config: writeLimit('account'),
      schema: { ...resend, ...doc('Trimite din nou linkul de confirmare', true) },
    },
    async (request) => unwrap(await app.emailVerification.resend(callerOf(request))),
  );
}
