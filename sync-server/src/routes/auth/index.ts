import type { FastifyInstance } from 'fastify';

export default async function authRoutes(app: FastifyInstance) {
  // Logout revokes the presented session; answering 200 without one keeps logout idempotent.
  app.get('/auth/logout', async (request) => {
    if (request.token) app.sessionsRepo.revoke(request.token);
    return { message: 'Ai fost deconectat din cont.' };
  });
}
