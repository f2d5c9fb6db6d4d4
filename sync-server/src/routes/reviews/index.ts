import type { FastifyInstance } from 'fastify';
import { apiError } from '../../../../schema/api/common.ts';
import {
  reviewApi,
  reviewCreateBody,
  reviewDeleteAnswer,
  reviewEditAnswer,
  reviewEditBody,
  reviewLikeAnswer,
  reviewParams,
} from '../../../../schema/api/reviews.ts';
import { REVIEW_MESSAGES } from '../../../../schema/rules/reviews.ts';
import { routeSchema, type Typed } from '../../lib/route-schema.ts';
import { requireUser } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { messagingRepository } from '../../repositories/messaging.ts';
import { reviewsRepository } from '../../repositories/reviews.ts';
import { reviewsService } from '../../services/reviews.ts';

const errors = { '4xx': apiError };
const createRoute = { body: reviewCreateBody, response: { 201: reviewApi, ...errors } };
const editRoute = {
  params: reviewParams,
  body: reviewEditBody,
  response: { 200: reviewEditAnswer, ...errors },
};
const deleteRoute = { params: reviewParams, response: { 200: reviewDeleteAnswer, ...errors } };
const likeRoute = { params: reviewParams, response: { 200: reviewLikeAnswer, ...errors } };

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

  const create = { config: writeLimit('reviews'), schema: routeSchema(createRoute) };
  app.post<Typed<typeof createRoute>>('/api/reviews', create, async (request, reply) => {
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

  app.put<Typed<typeof editRoute>>(
    '/api/reviews/:id',
    { config: writeLimit('reviews'), schema: routeSchema(editRoute) },
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

  app.delete<Typed<typeof deleteRoute>>(
    '/api/reviews/:id',
    { config: writeLimit('reviews'), schema: routeSchema(deleteRoute) },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      const result = await reviews.remove(userId, request.params.id);
      if (!result.ok) return reply.code(result.status).send({ error: result.error });
      return { message: REVIEW_MESSAGES.deleted, _id: result.value._id };
    },
  );

  app.post<Typed<typeof likeRoute>>(
    '/api/reviews/:id/like',
    { config: writeLimit('reviews'), schema: routeSchema(likeRoute) },
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
