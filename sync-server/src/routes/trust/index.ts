import { apiError, apiMessage, routeParams } from '../../../../schema/api/common.ts';
import { hiddenOwn } from '../../../../schema/api/moderation.ts';
import {
  blockBody,
  blockedList,
  relationAnswer,
  reportAnswer,
  reportBody,
} from '../../../../schema/api/trust.ts';
import type { ReportRow } from '../../../../schema/db/tables.ts';
import { BLOCK_MESSAGES, parseReport, REPORT_MESSAGES } from '../../../../schema/rules/reports.ts';
import { networkOf } from '../../lib/network.ts';
import type { Api } from '../../lib/route-schema.ts';
import { callerOf, signedIn } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { httpError, unwrap } from '../../services/rest-http.ts';

const report = {
  body: reportBody,
  response: { 200: reportAnswer, 201: reportAnswer, '4xx': apiError },
};
const list = { response: { 200: blockedList, '4xx': apiError } };
const relation = { params: routeParams('userId'), response: { 200: relationAnswer, '4xx': apiError } };
const reviewRequest = { params: routeParams('id'), response: { 200: apiMessage, '4xx': apiError } };
const block = { body: blockBody, response: { 200: apiMessage, 201: apiMessage, '4xx': apiError } };
const unblock = { params: routeParams('userId'), response: { 200: apiMessage, '4xx': apiError } };
const doc = (tags: string[], summary: string) => ({ tags, summary, security: [{ bearer: [] }] });

const answer = (r: ReportRow, message: string) => ({
  id: r.id,
  targetType: r.targetType as 'announcement' | 'user' | 'message',
  targetId: r.targetId,
  reason: r.reason,
  details: r.details,
  status: r.status,
  createdAt: new Date(r.createdAt).toISOString(),
  message,
});

/**
 * Issue 24: `POST /api/reports` (201 new, 200 already there), and the caller's blocked people:
 * `GET/POST /api/users/blocked`, `DELETE /api/users/blocked/:userId`. Signed in only (a guest gets 401).
 */
export default signedIn(async (app: Api) => {
  app.post(
    '/api/reports',
    {
      config: writeLimit('reports'),
      schema: { ...report, ...doc(['reports'], 'Raportează un anunț, o persoană sau un mesaj') },
    },
    async (request, reply) => {
      const parsed = parseReport(request.body);
      if (!parsed.ok) throw httpError(400, parsed.error, 'validation');
      // The reporter's network goes with the report: the automatic hold counts networks, not accounts.
      const { report: row, created } = unwrap(
        await app.trust.report(callerOf(request), parsed.value, undefined, networkOf(request.ip)),
      );
      return reply
        .code(created ? 201 : 200)
        .send(answer(row, created ? REPORT_MESSAGES.sent : REPORT_MESSAGES.already));
    },
  );

  app.get(
    '/api/users/blocked',
    { schema: { ...list, ...doc(['users'], 'Utilizatorii blocați de mine') } },
    async (request) =>
      (await app.trust.list(callerOf(request))).map((b) => ({
        userId: b.userId,
        firstName: b.firstName,
        lastName: b.lastName,
        avatar: b.avatar,
        blockedAt: new Date(b.createdAt).toISOString(),
      })),
  );
  // The owner's side of moderation: which of my announcements are hidden and why; asking for another look.
  app.get(
    '/api/users/my-announcements/hidden',
    {
      schema: {
        ...{ response: { 200: hiddenOwn, '4xx': apiError } },
        ...doc(['my-announcements'], 'Anunțurile mele ascunse de moderare'),
      },
    },
    async (request) =>
      (await app.announcementsRepo.byOwner(callerOf(request)))
        .filter((a) => a.hiddenReason)
        .map((a) => ({ id: a.id, reason: a.hiddenReason })),
  );
  app.post(
    '/api/users/my-announcements/:id/review-request',
    {
      config: writeLimit('reports'),
      schema: { ...reviewRequest, ...doc(['my-announcements'], 'Cere o nouă verificare') },
    },
    async (request) => ({
      message: unwrap(await app.moderation.askReview(callerOf(request), request.params.id)),
    }),
  );

  app.get(
    '/api/users/relation/:userId',
    {
      schema: { ...relation, ...doc(['users'], 'Contul celuilalt șters, blocat de mine sau m-a blocat') },
    },
    async (request) => app.trust.relation(callerOf(request), request.params.userId),
  );
  app.post(
    '/api/users/blocked',
    { config: writeLimit('blocks'), schema: { ...block, ...doc(['users'], 'Blochează un utilizator') } },
    async (request, reply) => {
      const body = request.body as { userId?: unknown } | null;
      const userId = typeof body?.userId === 'string' ? body.userId : '';
      if (!userId) throw httpError(400, BLOCK_MESSAGES.notFound, 'validation');
      const { created } = unwrap(await app.trust.block(callerOf(request), userId));
      return reply.code(created ? 201 : 200).send({ message: BLOCK_MESSAGES.blocked });
    },
  );
  app.delete(
    '/api/users/blocked/:userId',
    {
      config: writeLimit('blocks'),
      schema: { ...unblock, ...doc(['users'], 'Deblochează un utilizator') },
    },
    async (request) => {
      await app.trust.unblock(callerOf(request), request.params.userId);
      return { message: BLOCK_MESSAGES.unblocked };
    },
  );
});
