import type { FastifyInstance } from 'fastify';
import { apiError, apiMessage } from '../../../../schema/api/common.ts';
import { pushKeyAnswer, pushSubscriptionBody } from '../../../../schema/api/push.ts';
import { routeSchema, type Typed } from '../../lib/route-schema.ts';
import { callerOf, sessionOf, signedIn } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { hashToken } from '../../repositories/sessions.ts';
import { PUSH_MESSAGES } from '../../services/push.ts';
import { unwrap } from '../../services/rest-http.ts';

/**
 * Web Push (issue 23): the server's public key for `pushManager.subscribe`, and this device's
 * subscription (kept with the session it was made in: it ends with that session).
 */
const keyRoute = { response: { 200: pushKeyAnswer } };
const subscribeRoute = { body: pushSubscriptionBody, response: { 201: apiMessage, '4xx': apiError } };
const unsubscribeRoute = { response: { 200: apiMessage, '4xx': apiError } };

const signedInRoutes = signedIn(async (app: FastifyInstance) => {
  app.post<Typed<typeof subscribeRoute>>(
    '/api/push/subscriptions',
    { config: writeLimit('account'), schema: routeSchema(subscribeRoute) },
    async (request, reply) => {
      const outcome = await app.push.subscribe(
        callerOf(request),
        hashToken(sessionOf(request)),
        request.body,
      );
      unwrap(outcome);
      return reply.code(201).send({ message: 'Notificările sunt pornite pe acest dispozitiv.' });
    },
  );
  app.delete<Typed<typeof unsubscribeRoute>>(
    '/api/push/subscriptions',
    { config: writeLimit('account'), schema: routeSchema(unsubscribeRoute) },
    async (request) => {
      await app.push.unsubscribe(callerOf(request), hashToken(sessionOf(request)));
      return { message: PUSH_MESSAGES.unsubscribed };
    },
  );
});

export default async function pushRoutes(app: FastifyInstance) {
  app.get('/api/push/key', { schema: routeSchema(keyRoute) }, async () => ({
    publicKey: (await app.push.vapidKeys()).publicKey,
  }));
  await app.register(signedInRoutes);
}
