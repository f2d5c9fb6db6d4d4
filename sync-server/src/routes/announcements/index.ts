import {
  announcementList,
  LIST_LIMITS,
  LIST_MESSAGES,
  listQuery,
  popularQuery,
} from '../../../../schema/api/announcements.ts';
import { apiError, routeParams } from '../../../../schema/api/common.ts';
import { profileParams } from '../../../../schema/api/profiles.ts';
import { announcementApi } from '../../../../schema/entities.ts';
import { isObjectId } from '../../../../schema/ids.ts';
import { jsonSchemaOf } from '../../../../schema/json-schema.ts';
import { SEARCH_PAGE } from '../../../../schema/search.ts';
import type { Api } from '../../lib/route-schema.ts';
import { clientAddress } from '../../plugins/write-limits.ts';
import type { FoundRow } from '../../repositories/search-page.ts';
import { NOT_FOUND } from '../../services/announcements.ts';
import { httpError, unwrap } from '../../services/rest-http.ts';
import { searchFromParams } from '../../services/search.ts';
import { seqCache } from '../../services/seq-cache.ts';
import searchRoutes from './search.ts';

const popularRoute = { querystring: popularQuery, response: { 200: announcementList } };
const listRoute = {
  querystring: listQuery,
  response: {
    200: {
      ...jsonSchemaOf(announcementList),
      headers: {
        'X-Next-Cursor': {
          type: 'string',
          description: 'Cursorul paginii următoare (parametrul `cursor`); lipsește la ultima pagină.',
        },
      },
    },
    400: apiError,
  },
};
const ofUserRoute = { params: profileParams, response: { 200: announcementList } };
const oneRoute = { params: routeParams('id'), response: { 200: announcementApi, 404: apiError } };

export default async function announcementRoutes(app: Api) {
  const service = app.announcements;
  const popular = seqCache(app.counters, 'popular');
  app.get('/api/announcements/popular', { schema: popularRoute }, (request, reply) => {
    const { limit } = request.query;
    // The most requested answer (every home visit): built once per data version, see seq-cache.ts.
    return popular(request, reply, String(limit), () => app.announcementsRepo.popular(limit));
  });

  await app.register(searchRoutes);

  // The spec's public list, newest first unless `sort` says otherwise: the same parameters as the search,
  // answered as the spec's array, one page at a time (it used to be the whole table: a million rows at
  // scale). The next page's cursor travels in X-Next-Cursor. An unknown category matches nothing.
  app.get(
    '/api/announcements',
    {
      schema: {
        ...listRoute,
        tags: ['announcements'],
        summary: 'Anunțurile publice, o pagină (cursorul paginii următoare în antetul X-Next-Cursor)',
      },
    },
    async (request, reply) => {
      const { ids, limit, ...query } = request.query;
      // `ids` (issue 25): just these, in the order given — what a guest's favourites page needs.
      if (ids !== undefined) {
        const list = [
          ...new Set(
            ids
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ];
        if (list.length > LIST_LIMITS.idsMax || !list.every(isObjectId))
          throw httpError(400, LIST_MESSAGES.ids, 'validation');
        const at = new Map(list.map((id, i) => [id, i]));
        const rows = (await app.announcementsRepo.byIds(list))
          .filter((r) => r.active && !r.deleted)
          .sort((a, b) => at.get(a.id)! - at.get(b.id)!);
        return app.announcementsRepo.toApi(rows);
      }
      if (limit !== undefined && (limit < 1 || limit > LIST_LIMITS.limitMax))
        throw httpError(400, LIST_MESSAGES.limit, 'validation');
      // Up to 200 per answer: pages of the search (≤ 60 each, every one metered), the last cut to fit, so
      // X-Next-Cursor continues exactly after the last row sent.
      const rows: FoundRow[] = [];
      let cursor = query.cursor;
      do {
        const pageLimit = limit === undefined ? undefined : Math.min(SEARCH_PAGE.max, limit - rows.length);
        const page = { ...query, ...(cursor ? { cursor } : {}), ...(pageLimit ? { limit: pageLimit } : {}) };
        const found = await searchFromParams(app.searcher, page, clientAddress(request.ip));
        if (!found.ok && found.field === 'category') return [];
        const { rows: more, nextCursor } = unwrap(found);
        rows.push(...more);
        cursor = nextCursor ?? undefined;
      } while (limit !== undefined && rows.length < limit && cursor);
      if (cursor) reply.header('X-Next-Cursor', cursor);
      return app.announcementsRepo.toApi(rows);
    },
  );

  // A user's public announcements (the profile carousels); the owner's inactive ones are not listed here.
  app.get('/api/users/announcements/:userId', { schema: ofUserRoute }, async (request) => {
    const { userId } = request.params;
    return isObjectId(userId) ? service.listPublic({ ownerId: userId }) : [];
  });

  app.get('/api/announcements/:id', { schema: oneRoute }, async (request) => {
    const { id } = request.params;
    const row = isObjectId(id) ? await app.announcementsRepo.byId(id) : undefined;
    // A deactivated announcement stays visible to its owner only.
    if (!row || row.deleted || (!row.active && row.ownerId !== request.userId))
      throw httpError(404, NOT_FOUND);
    await service.countView(row, {
      userId: request.userId,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
    return service.toApi((await app.announcementsRepo.byId(id))!);
  });
}
