import { apiError, apiMessage, routeParams } from '../../../../schema/api/common.ts';
import { deviceSessions } from '../../../../schema/api/users.ts';
import { ACCOUNT_MESSAGES } from '../../../../schema/rules/account.ts';
import type { Api } from '../../lib/route-schema.ts';
import { callerOf, sessionOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { hashToken } from '../../repositories/sessions.ts';
import { unwrap } from '../../services/rest-http.ts';

const list = { response: { 200: deviceSessions, '4xx': apiError } };
const end = { params: routeParams('id'), response: { 200: apiMessage, '4xx': apiError } };
const doc = (summary: string) => ({ tags: ['users'], summary, security: [{ bearer: [] }] });

/**
 * 'Dispozitive conectate' in Setări (issue 21): where the account is signed in (device, when it was last
 * used) and signing one of them out. Signed in (users/index.ts); only the caller's own sessions.
 */
export default async function sessionRoutes(app: Api) {
  app.get(
    '/api/users/sessions',
    { schema: { ...list, ...doc('Dispozitivele pe care contul este conectat') } },
    async (request) => {
      const current = hashToken(sessionOf(request));
      const rows = await app.sessionsRepo.devicesOf(callerOf(request));
      return {
        sessions: rows.map((r) => ({
          id: r.id,
          device: r.device || ACCOUNT_MESSAGES.unknownDevice,
          createdAt: new Date(r.createdAt).toISOString(),
          lastSeen: new Date(r.lastSeen).toISOString(),
          current: r.id === current,
        })),
      };
    },
  );

  // Ending one session: its sync sockets close (sessions repository → hub), as at a logout there.
  app.delete(
    '/api/users/sessions/:id',
    { config: writeLimit('account'), schema: { ...end, ...doc('Deconectează un dispozitiv') } },
    async (request) => unwrap(await app.accounts.endDevice(callerOf(request), request.params.id)),
  );
}
