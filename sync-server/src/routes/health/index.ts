import type { FastifyInstance } from 'fastify';
import { countersRepository } from '../../repositories/counters.ts';

export default async function healthRoutes(app: FastifyInstance) {
  const counters = countersRepository(app.db);
  app.get('/api/health', async () => {
    // Reading a counter proves the database answers (it throws, hence a 500, when it does not).
    await counters.get('seq');
    return { ok: true };
  });
}
