import type { FastifyInstance } from 'fastify';

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async () => {
    app.db.$client.prepare('SELECT 1').get();
    return { ok: true };
  });
}
