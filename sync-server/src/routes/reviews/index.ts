import type { FastifyInstance } from 'fastify';
import { REVIEW_MESSAGES } from '../../../../schema/rules/reviews.ts';
import { requireUser } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { messagingRepository } from '../../repositories/messaging.ts';
import { reviewsRepository } from '../../repositories/reviews.ts';
import { reviewsService } from '../../services/reviews.ts';

// Declared fields only: anything else a client sends is dropped before the handler sees it. The score is
// declared without a type so a wrong value reaches the shared rule and gets its Romanian message (a typed
// field would coerce `true` to 1). Comments may exceed the rule's limit here for the same reason.
const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const comment = { type: ['string', 'null'], maxLength: 20_000 } as const;
const idParams = { type: 'object', required: ['id'], properties: { id } } as const;
const createBody = {
  type: 'object',
  properties: {
    user: { type: 'string', maxLength: 64 },
    score: {},
    comment,
    announcement: { type: ['string', 'null'], maxLength: 64 },
  },
} as const;
const editBody = { type: 'object', properties: { score: {}, comment } } as const;

type Params = { id: string };
type CreateBody = { user?: string; score?: unknown; comment?: string | null; announcement?: string | null };
type EditBody = { score?: unknown; comment?: string | null };

export default async function reviewsRoutes(app: FastifyInstance) {
  const reviews = reviewsService({
    uow: app.uow,
    reviews: reviewsRepository(app.db),
    notifications: messagingRepository(app.db),
    users: app.usersRepo,
    announcements: app.announcementsRepo,
  });

  // A request without a body reaches the shared rules (and their Romanian messages), not a validation error.
  // This plugin is encapsulated (no fastify-plugin), so the hook applies to these routes only.
  app.addHook('preValidation', async (request) => {
    request.body ??= {};
  });

  const create = { config: writeLimit('reviews'), schema: { body: createBody } };
  app.post<{ Body: CreateBody }>('/api/reviews', create, async (request, reply) => {
    const userId = requireUser(request, reply);
    if (!userId) return reply;
    const body = request.body ?? {};
    const result = await reviews.create(userId, {
      user: body.user ?? '',
      score: body.score,
      comment: body.comment,
      announcement: body.announcement ?? null,
    });
    if (!result.ok) return reply.code(result.status).send({ error: result.error });
    return reply.code(201).send(result.value);
  });

  app.put<{ Params: Params; Body: EditBody }>(
    '/api/reviews/:id',
    { config: writeLimit('reviews'), schema: { params: idParams, body: editBody } },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const body = request.body ?? {};
      const result = await reviews.edit(userId, request.params.id, {
        score: body.score,
        comment: body.comment === null ? '' : body.comment,
      });
      if (!result.ok) return reply.code(result.status).send({ error: result.error });
      // Spec: { review: { comment, score } }; the whole card is sent so the list can replace its item.
      return { review: result.value };
    },
  );

  app.delete<{ Params: Params }>(
    '/api/reviews/:id',
    { config: writeLimit('reviews'), schema: { params: idParams } },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const result = await reviews.remove(userId, request.params.id);
      if (!result.ok) return reply.code(result.status).send({ error: result.error });
      return { message: REVIEW_MESSAGES.deleted, _id: result.value._id };
    },
  );

  app.post<{ Params: Params }>(
    '/api/reviews/:id/like',
    { config: writeLimit('reviews'), schema: { params: idParams } },
    async (request, reply) => {
      // Spec doc 1 §6: liking needs sign-in, with its own message.
      if (!request.userId)
        return reply.code(401).send({ error: REVIEW_MESSAGES.likeSignIn, code: 'unauthorized' });
      const result = await reviews.toggleLike(request.userId, request.params.id);
      if (!result.ok) return reply.code(result.status).send({ error: result.error });
      return result.value;
    },
  );
}
