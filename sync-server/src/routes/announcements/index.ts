import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../../../schema/constants.ts';

export default async function announcementRoutes(app: FastifyInstance) {
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
    async (request) => {
      const { limit } = request.query as { limit: number };
      return app.announcementsRepo.popular(limit);
    },
  );

  app.get(
    '/api/announcements/:id',
    { schema: { params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const row = /^[0-9a-f]{24}$/.test(id) ? app.announcementsRepo.byId(id) : undefined;
      // A deactivated announcement stays visible to its owner only.
      if (!row || row.deleted || (!row.active && row.ownerId !== request.userId)) {
        return reply.code(404).send({ error: 'Anunțul nu a fost găsit' });
      }
      return app.announcementsRepo.toApi([row])[0];
    },
  );
}
