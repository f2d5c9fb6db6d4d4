import type { FastifyInstance } from 'fastify';
import { countersRepository } from '../../repositories/counters.ts';

export default async function healthRoutes(app: FastifyInstance) {
  const counters = countersRepository(app.db);
  app.get('/api/health', async () => {
    // Reading a counter proves the database answers (it throws, hence a 500, when it does not).
    await counters.get('seq');
    // How many sync sockets this instance holds: tells an operator (and the cluster test) where
    // sockets landed behind a load balancer. A count only, nothing about who.
    return { ok: true, sockets: app.hub.size };
  });
}
