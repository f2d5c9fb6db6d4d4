import { apiError, apiMessage } from '../../../../schema/api/common.ts';
import { forgotPasswordBody, resetPasswordBody } from '../../../../schema/api/users.ts';
import { ACCOUNT_MESSAGES } from '../../../../schema/rules/account.ts';
import type { Api } from '../../lib/route-schema.ts';
import { unwrap } from '../../services/rest-http.ts';

const forgot = { body: forgotPasswordBody, response: { 200: apiMessage, '4xx': apiError } };
const reset = { body: resetPasswordBody, response: { 200: apiMessage, '4xx': apiError } };
const doc = (summary: string) => ({ tags: ['users'], summary });

/** 'Ai uitat parola?': a code by email, then the code with a new password. */
export default async function passwordResetRoutes(app: Api) {
  const resets = app.passwordResets;
  app.addHook('preValidation', async (request) => {
    request.body ??= {};
  });

  const forgotSummary = 'Cere un cod de resetare a parolei (același răspuns pentru orice adresă)';
  app.post('/api/users/forgot-password', { schema: { ...forgot, ...doc(forgotSummary) } }, async (request) =>
    unwrap(await resets.request(request.body.email, request.ip)),
  );

  const resetSummary = 'Setează o parolă nouă cu codul primit pe email (închide toate sesiunile)';
  app.post('/api/users/reset-password', { schema: { ...reset, ...doc(resetSummary) } }, async (request) => {
    const result = await resets.confirm(request.body, request.ip);
    return unwrap(result.ok ? result : { ...result, error: result.error || ACCOUNT_MESSAGES.resetFailed });
  });
}
