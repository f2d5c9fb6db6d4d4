import type { FastifyInstance } from 'fastify';
import { announcementList, popularQuery, searchQuery } from '../../../../schema/api/announcements.ts';
import { apiError, routeParams } from '../../../../schema/api/common.ts';
import { profileParams } from '../../../../schema/api/profiles.ts';
import { announcementApi } from '../../../../schema/entities.ts';
import { isObjectId } from '../../../../schema/ids.ts';
import { jsonSchemaOf } from '../../../../schema/json-schema.ts';
import { routeSchema, type Typed } from '../../lib/route-schema.ts';
import { clientAddress } from '../../plugins/write-limits.ts';
import { NOT_FOUND } from '../../services/announcements.ts';
import { httpError } from '../../services/rest-http.ts';
import { searchFromParams, searchRefusal } from '../../services/search.ts';
import { seqCache } from '../../services/seq-cache.ts';
import searchRoutes from './search.ts';

const popularRoute = { querystring: popularQuery, response: { 200: announcementList } };
const listRoute = {
  querystring: searchQuery,
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

export default async function announcementRoutes(app: FastifyInstance) {
  const service = app.announcements;
  const popular = seqCache(app.counters, 'popular');
  app.get<Typed<typeof popularRoute>>(
    '/api/announcements/popular',
    { schema: routeSchema(popularRoute) },
    (request, reply) => {
      const { limit } = request.query;
      // The most requested answer (every home visit): built once per data version, see seq-cache.ts.
      return popular(request, reply, String(limit), () => app.announcementsRepo.popular(limit));
    },
  );

  await app.register(searchRoutes);

  // The spec's public list, newest first unless `sort` says otherwise: the same parameters as the search,
  // answered as the spec's array, one page at a time (it used to be the whole table: a million rows at
  // scale). The next page's cursor travels in X-Next-Cursor. An unknown category matches nothing.
  app.get<Typed<typeof listRoute>>(
    '/api/announcements',
    {
      schema: routeSchema(listRoute, {
        tags: ['announcements'],
        summary: 'Anunțurile publice, o pagină (cursorul paginii următoare în antetul X-Next-Cursor)',
      }),
    },
    async (request, reply) => {
      const found = await searchFromParams(app.searcher, request.query, clientAddress(request.ip));
      if (!found.ok && found.field === 'category') return [];
      if (!found.ok) throw searchRefusal(found);
      if (found.result.nextCursor) reply.header('X-Next-Cursor', found.result.nextCursor);
      return app.announcementsRepo.toApi(found.result.rows);
    },
  );

  // A user's public announcements (the profile carousels); the owner's inactive ones are not listed here.
  app.get<Typed<typeof ofUserRoute>>(
    '/api/users/announcements/:userId',
    { schema: routeSchema(ofUserRoute) },
    async (request) => {
      const { userId } = request.params;
      return isObjectId(userId) ? service.listPublic({ ownerId: userId }) : [];
    },
  );

  app.get<Typed<typeof oneRoute>>(
    '/api/announcements/:id',
    { schema: routeSchema(oneRoute) },
    async (request) => {
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
    },
  );
}
