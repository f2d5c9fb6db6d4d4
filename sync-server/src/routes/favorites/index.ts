import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError, routeParams } from '../../../../schema/api/common.ts';
import { favoriteIdsAnswer, favoritesAnswer, guestToggleAnswer } from '../../../../schema/api/favorites.ts';
import type { AnnouncementApi } from '../../../../schema/entities.ts';
import { FAVORITE_MESSAGES } from '../../../../schema/rules/favorites.ts';
import { routeSchema, type Typed } from '../../lib/route-schema.ts';
import { requireUser } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { fail, isObjectId } from '../../services/rest-http.ts';

const list = { response: { 200: favoritesAnswer, '4xx': apiError } };
const mine = { params: routeParams('id'), response: { 200: favoriteIdsAnswer, '4xx': apiError } };
const guest = { params: routeParams('id'), response: { 200: guestToggleAnswer, '4xx': apiError } };
// Every favourite write, the guest toggle included, spends the 'favorites' budget (REST and socket).
const writes = { config: writeLimit('favorites') };

/**
 * Favourites over REST: the same rules as the replicated `favorites` collection (the caller from the
 * token only, refusals from favoritesService, `favoritesCount` recounted by the server after the write).
 * Writing is idempotent: adding a favourite twice keeps one row, removing a non-favourite is a no-op.
 * Every path acts on the caller's own rows only (guest → 401), so there is nobody else's favourite to
 * refuse; an announcement the caller may not see answers 404 exactly like an unknown one.
 */
export default async function favoritesRoutes(app: FastifyInstance) {
  const favoriteIds = async (userId: string) => ({ favoriteIds: await app.favoritesRepo.activeIds(userId) });

  /** Adds (wanted = true) or removes a favourite of `userId`, answering `{ favoriteIds }` or an error. */
  async function write(userId: string, announcementId: string, wanted: boolean, reply: FastifyReply) {
    if (!isObjectId(announcementId)) return fail(reply, 404, FAVORITE_MESSAGES.notFound, 'not_found');
    const outcome = await app.favoritesService.toggle(userId, announcementId, wanted);
    if ('error' in outcome) {
      return outcome.error === FAVORITE_MESSAGES.limit
        ? fail(reply, 400, outcome.error, 'favorites_limit')
        : fail(reply, 404, outcome.error, 'not_found');
    }
    return reply.send(await favoriteIds(userId));
  }

  app.get('/api/favorites', { schema: routeSchema(list) }, async (request, reply) => {
    const userId = requireUser(request, reply);
    if (!userId) return reply;
    const favorites: AnnouncementApi[] = await app.announcementsRepo.toApi(
      await app.favoritesRepo.visibleAnnouncementsOf(userId),
    );
    // favoriteIds are all live favourites (what `favoritesUpdated` carries); `favorites` only those
    // whose announcement the caller may still see (what the 150 limit counts).
    return { ...(await favoriteIds(userId)), favorites };
  });

  app.post<Typed<typeof mine>>(
    '/api/favorites/:id',
    { ...writes, schema: routeSchema(mine) },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      return write(userId, request.params.id, true, reply);
    },
  );

  app.delete<Typed<typeof mine>>(
    '/api/favorites/:id',
    { ...writes, schema: routeSchema(mine) },
    async (request, reply) => {
      const userId = requireUser(request, reply);
      if (!userId) return reply;
      return write(userId, request.params.id, false, reply);
    },
  );

  /**
   * Spec doc 2 §7 "guest favorite add/remove; result ignored". A guest's favourites live on their device,
   * so for a guest this only confirms the announcement exists and changes nothing: no anonymous call can
   * move `favoritesCount`. A signed-in caller gets exactly /api/favorites/:id.
   */
  const guestToggle =
    (wanted: boolean) => async (request: FastifyRequest<Typed<typeof guest>>, reply: FastifyReply) => {
      const { id } = request.params;
      const row = isObjectId(id) ? await app.announcementsRepo.byId(id) : undefined;
      if (!row) return fail(reply, 404, FAVORITE_MESSAGES.notFound, 'not_found');
      if (request.userId) return write(request.userId, id, wanted, reply);
      // A guest may not see a deleted or deactivated announcement either.
      if (row.deleted || !row.active) return fail(reply, 404, FAVORITE_MESSAGES.notFound, 'not_found');
      return { ok: true };
    };
  const guestRoute = { ...writes, schema: routeSchema(guest) };
  app.post<Typed<typeof guest>>('/api/announcements/:id/favorite', guestRoute, guestToggle(true));
  app.delete<Typed<typeof guest>>('/api/announcements/:id/favorite', guestRoute, guestToggle(false));
}
