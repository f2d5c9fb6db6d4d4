import { apiError, routeParams } from '../../../../schema/api/common.ts';
import { favoriteIdsAnswer, favoritesAnswer, guestToggleAnswer } from '../../../../schema/api/favorites.ts';
import type { AnnouncementApi } from '../../../../schema/entities.ts';
import { isObjectId } from '../../../../schema/ids.ts';
import { FAVORITE_MESSAGES } from '../../../../schema/rules/favorites.ts';
import type { Api, RequestOf } from '../../lib/route-schema.ts';
import { callerOf, signedIn } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { httpError, unwrap } from '../../services/rest-http.ts';

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
export default async function favoritesRoutes(app: Api) {
  const notFound = () => httpError(404, FAVORITE_MESSAGES.notFound, 'not_found');
  const favoriteIds = async (userId: string) => ({ favoriteIds: await app.favoritesRepo.activeIds(userId) });

  /** Adds (wanted = true) or removes a favourite of `userId`, answering `{ favoriteIds }` or an error. */
  async function write(userId: string, announcementId: string, wanted: boolean) {
    if (!isObjectId(announcementId)) throw notFound();
    unwrap(await app.favorites.toggle(userId, announcementId, wanted));
    return favoriteIds(userId);
  }

  await app.register(
    signedIn(async (app) => {
      app.get('/api/favorites', { schema: list }, async (request) => {
        const userId = callerOf(request);
        const favorites: AnnouncementApi[] = await app.announcementsRepo.toApi(
          await app.favoritesRepo.visibleAnnouncementsOf(userId),
        );
        // favoriteIds are all live favourites (what `favoritesUpdated` carries); `favorites` only those
        // whose announcement the caller may still see (what the 150 limit counts).
        return { ...(await favoriteIds(userId)), favorites };
      });

      const route = { ...writes, schema: mine };
      const toggle = (wanted: boolean) => (request: RequestOf<typeof mine>) =>
        write(callerOf(request), request.params.id, wanted);
      app.post('/api/favorites/:id', route, toggle(true));
      app.delete('/api/favorites/:id', route, toggle(false));
    }),
  );

  /**
   * Spec doc 2 §7 "guest favorite add/remove; result ignored". A guest's favourites live on their device,
   * so for a guest this only confirms the announcement exists and changes nothing: no anonymous call can
   * move `favoritesCount`. A signed-in caller gets exactly /api/favorites/:id.
   */
  const guestToggle = (wanted: boolean) => async (request: RequestOf<typeof guest>) => {
    const { id } = request.params;
    const row = isObjectId(id) ? await app.announcementsRepo.byId(id) : undefined;
    if (!row) throw notFound();
    if (request.userId) return write(request.userId, id, wanted);
    // A guest may not see a deleted or deactivated announcement either.
    if (row.deleted || !row.active) throw notFound();
    return { ok: true };
  };
  const guestRoute = { ...writes, schema: guest };
  app.post('/api/announcements/:id/favorite', guestRoute, guestToggle(true));
  app.delete('/api/announcements/:id/favorite', guestRoute, guestToggle(false));
}
