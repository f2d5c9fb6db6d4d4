import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * CORS for clients served from another origin (CORS_ORIGINS; off by default: the PWA is same-origin).
 * Only the listed origins, answered exactly (never '*'). Credentials are allowed for them (issue 25): a
 * browser client that sends them (axios `withCredentials`) otherwise discards every answer. The API sets
 * no cookies and is authenticated by the bearer token, so this lets such a client read what its token may
 * read anyway, and only from an origin the operator listed. The list headers a client reads (next page, wait time) are exposed.
 * Uploaded photos and avatars may then be shown by those clients' <img> too (Cross-Origin-Resource-Policy
 * cross-origin on /uploads/ only; helmet keeps same-origin everywhere else).
 */
export default fp(async function corsPlugin(app: FastifyInstance) {
  const origins = app.config.corsOrigins;
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: origins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['X-Next-Cursor', 'Retry-After'],
    maxAge: 600,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/uploads/')) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  });
});
