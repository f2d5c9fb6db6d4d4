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
import type { Api } from '../../lib/route-schema.ts';
import { callerOf, signedIn } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { unwrap } from '../../services/rest-http.ts';

const errors = { '4xx': apiError };
const createRoute = { body: reviewCreateBody, response: { 201: reviewApi, ...errors } };
const editRoute = {
  params: reviewParams,
  body: reviewEditBody,
  response: { 200: reviewEditAnswer, ...errors },
};
const deleteRoute = { params: reviewParams, response: { 200: reviewDeleteAnswer, ...errors } };
const likeRoute = { params: reviewParams, response: { 200: reviewLikeAnswer, ...errors } };

/** Every review route writes as the signed-in caller; reading reviews goes through profiles and sync. */
export default signedIn(async function reviewsRoutes(app: Api) {
  const reviews = app.reviews;
  // A request without a body reaches the shared rules (and their Romanian messages), not a validation error.
  // This plugin is encapsulated (no fastify-plugin), so the hook applies to these routes only.
  app.addHook('preValidation', async (request) => {
    request.body ??= {};
  });
  const writes = { config: writeLimit('reviews') };

  app.post('/api/reviews', { ...writes, schema: createRoute }, async (request, reply) => {
    const body = request.body ?? {};
    const review = await reviews.create(callerOf(request), {
      user: body.user ?? '',
      score: body.score,
      comment: body.comment,
      announcement: body.announcement ?? null,
    });
    return reply.code(201).send(unwrap(review));
  });

  app.put('/api/reviews/:id', { ...writes, schema: editRoute }, async (request) => {
    const body = request.body ?? {};
    const result = await reviews.edit(callerOf(request), request.params.id, {
      score: body.score,
      comment: body.comment === null ? '' : body.comment,
    });
    // Spec: { review: { comment, score } }; the whole card is sent so the list can replace its item.
    return { review: unwrap(result) };
  });

  app.delete('/api/reviews/:id', { ...writes, schema: deleteRoute }, async (request) => {
    const { _id } = unwrap(await reviews.remove(callerOf(request), request.params.id));
    return { message: REVIEW_MESSAGES.deleted, _id };
  });

  app.post(
    '/api/reviews/:id/like',
    // Spec doc 1 §6: liking needs sign-in, with its own message.
    {
      config: { ...writes.config, signInMessage: REVIEW_MESSAGES.likeSignIn },
      schema: likeRoute,
    },
    async (request) => unwrap(await reviews.toggleLike(callerOf(request), request.params.id)),
  );
});
