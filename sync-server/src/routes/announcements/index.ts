import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../../../schema/constants.ts';
import { countersRepository } from '../../repositories/counters.ts';
import { searchRepository } from '../../repositories/search.ts';
import { announcementsService, NOT_FOUND } from '../../services/announcements.ts';
import { fail } from '../../services/rest-http.ts';
import { seqCache } from '../../services/seq-cache.ts';
import searchRoutes, {
  announcementApiSchema,
  errorSchema,
  searchFromQuery,
  searchQuerystring,
} from './search.ts';

const isId = (id: string) => /^[0-9a-f]{24}$/.test(id);

export default async function announcementRoutes(app: FastifyInstance) {
  const service = announcementsService({
    uow: app.uow,
    repo: app.announcementsRepo,
    storage: app.storage,
  });

  const popular = seqCache(countersRepository(app.db), 'popular');
  app.get(
    '/api/announcements/popular',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 50, default: LIMITS.popularLimit } },
        },
      },
    },
    (request, reply) => {
      const { limit } = request.query as { limit: number };
      // The most requested answer (every home visit): built once per data version, see seq-cache.ts.
      return popular(request, reply, String(limit), () => app.announcementsRepo.popular(limit));
    },
  );

  const search = searchRepository(app.db);
  await app.register(searchRoutes, { repo: search, announcements: app.announcementsRepo });

  // The spec's public list, newest first unless `sort` says otherwise: the same parameters as the search,
  // answered as the spec's array, one page at a time (it used to be the whole table: a million rows at
  // scale). The next page's cursor travels in X-Next-Cursor. An unknown category matches nothing.
  app.get(
    '/api/announcements',
    {
      schema: {
        tags: ['announcements'],
        summary: 'Anunțurile publice, o pagină (cursorul paginii următoare în antetul X-Next-Cursor)',
        querystring: searchQuerystring,
        response: {
          200: {
            type: 'array',
            items: announcementApiSchema,
            headers: {
              'X-Next-Cursor': {
                type: 'string',
                description: 'Cursorul paginii următoare (parametrul `cursor`); lipsește la ultima pagină.',
              },
            },
          },
          400: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const found = await searchFromQuery(search, request.query as Record<string, unknown>);
      if (!found.ok) return found.field === 'category' ? [] : fail(reply, 400, found.error);
      if (found.result.nextCursor) reply.header('X-Next-Cursor', found.result.nextCursor);
      return app.announcementsRepo.toApi(found.result.rows);
    },
  );

  // A user's public announcements (the profile carousels); the owner's inactive ones are not listed here.
  app.get(
    '/api/users/announcements/:userId',
    {
      schema: {
        params: {
          type: 'object',
          properties: { userId: { type: 'string', maxLength: 64 } },
          required: ['userId'],
        },
      },
    },
    async (request) => {
      const { userId } = request.params as { userId: string };
      return isId(userId) ? service.listPublic({ ownerId: userId }) : [];
    },
  );

  app.get(
    '/api/announcements/:id',
    { schema: { params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const row = isId(id) ? await app.announcementsRepo.byId(id) : undefined;
      // A deactivated announcement stays visible to its owner only.
      if (!row || row.deleted || (!row.active && row.ownerId !== request.userId)) {
        return reply.code(404).send({ error: NOT_FOUND });
      }
      await service.countView(row, {
        userId: request.userId,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return service.toApi((await app.announcementsRepo.byId(id))!);
    },
  );
}
