import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * CORS for clients served from another origin (CORS_ORIGINS; off by default: the PWA is same-origin).
 * Only the listed origins, answered exactly (never '*'); no cookies (credentials: false): the API is
 * authenticated by the bearer token. The list headers a client reads (next page, wait time) are exposed.
 * Uploaded photos and avatars may then be shown by those clients' <img> too (Cross-Origin-Resource-Policy
 * cross-origin on /uploads/ only; helmet keeps same-origin everywhere else).
 */
export default fp(async function corsPlugin(app: FastifyInstance) {
  const origins = app.config.corsOrigins;
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: origins,
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['X-Next-Cursor', 'Retry-After'],
    maxAge: 600,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/uploads/')) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  });
});
