import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { apiError, apiMessage, routeParams } from '../../../../schema/api/common.ts';
import {
  dismissBody as dismissDoc,
  moderationBody,
  moderationLog,
  reportQueue,
  suspendBody as suspendDoc,
} from '../../../../schema/api/moderation.ts';
import {
  dismissBody,
  MODERATION_MESSAGES,
  reasonBody,
  suspendBody,
} from '../../../../schema/rules/moderation.ts';
import type { Api } from '../../lib/route-schema.ts';
import { callerOf, signedIn } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { httpError, unwrap } from '../../services/rest-http.ts';

const doc = (summary: string) => ({ tags: ['moderation'], summary, security: [{ bearer: [] }] });
const done = { response: { 200: apiMessage, '4xx': apiError } };
const onAnnouncement = { params: routeParams('id'), body: moderationBody, ...done };
const onUser = { params: routeParams('id'), body: suspendDoc, ...done };
const onUserReason = { params: routeParams('id'), body: moderationBody, ...done };
const dismiss = { body: dismissDoc, ...done };

/** The body checked by a shared rule, or a 400 with the rule's first Romanian message. */
function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success)
    throw httpError(400, result.error.issues[0]?.message ?? MODERATION_MESSAGES.reason, 'validation');
  return result.data;
}

/**
 * The moderation console's API (issue 24): signed in (401) and a moderator (403 for everyone else, the
 * role read from the database at each request, so `npm run moderator -- remove` takes effect at once).
 */
export default signedIn(async (app: Api) => {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!(await app.moderation.isModerator(callerOf(request))))
      throw httpError(403, MODERATION_MESSAGES.forbidden, 'forbidden');
  });
  const writes = { config: writeLimit('account') };

  app.get(
    '/api/moderation/reports',
    {
      schema: {
        ...{ response: { 200: reportQueue, '4xx': apiError } },
        ...doc('Raportările deschise, pe ținte'),
      },
    },
    () => app.moderation.queue(),
  );
  app.get(
    '/api/moderation/log',
    {
      schema: {
        ...{ response: { 200: moderationLog, '4xx': apiError } },
        ...doc('Jurnalul acțiunilor de moderare'),
      },
    },
    () => app.moderation.recentLog(),
  );
  app.post(
    '/api/moderation/reports/dismiss',
    { ...writes, schema: { ...dismiss, ...doc('Respinge raportările unei ținte') } },
    async (request) => {
      const b = parsed(dismissBody, request.body);
      unwrap(await app.moderation.dismiss(callerOf(request), b.targetType, b.targetId, b.reason));
      return { message: 'Raportările au fost respinse.' };
    },
  );
  app.post(
    '/api/moderation/announcements/:id/hide',
    { ...writes, schema: { ...onAnnouncement, ...doc('Ascunde un anunț') } },
    async (request) => {
      const { reason } = parsed(reasonBody, request.body);
      unwrap(await app.moderation.hide(callerOf(request), request.params.id, reason));
      return { message: 'Anunțul a fost ascuns.' };
    },
  );
  app.post(
    '/api/moderation/announcements/:id/restore',
    { ...writes, schema: { ...onAnnouncement, ...doc('Repune un anunț ascuns') } },
    async (request) => {
      const { reason } = parsed(reasonBody, request.body);
      unwrap(await app.moderation.restore(callerOf(request), request.params.id, reason));
      return { message: 'Anunțul este din nou vizibil.' };
    },
  );
  app.post(
    '/api/moderation/users/:id/suspend',
    { ...writes, schema: { ...onUser, ...doc('Suspendă (zile) sau închide (fără zile) un cont') } },
    async (request) => {
      const { reason, days } = parsed(suspendBody, request.body);
      unwrap(await app.moderation.suspend(callerOf(request), request.params.id, days ?? null, reason));
      return { message: days ? `Contul a fost suspendat pentru ${days} zile.` : 'Contul a fost închis.' };
    },
  );
  app.post(
    '/api/moderation/users/:id/unsuspend',
    { ...writes, schema: { ...onUserReason, ...doc('Ridică suspendarea unui cont') } },
    async (request) => {
      const { reason } = parsed(reasonBody, request.body);
      unwrap(await app.moderation.unsuspend(callerOf(request), request.params.id, reason));
      return { message: 'Suspendarea a fost ridicată.' };
    },
  );
});
