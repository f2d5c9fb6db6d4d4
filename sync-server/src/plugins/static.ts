import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { detailPreloader } from './detail-preload.ts';

/**
 * Serves the built PWA (precompressed .br/.gz written at build time) and the uploaded images. Hashed
 * assets and uploads never change under the same name, so they are cached for a year; the HTML and the
 * service worker are revalidated on every load so a new release is picked up.
 */
export default fp(async function staticFiles(app: FastifyInstance) {
  const uploads = join(app.config.dataDir, 'uploads');
  await app.register(fastifyStatic, {
    root: uploads,
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    // Uploaded files are served exactly as what they are: a browser must never guess a .txt into HTML.
    setHeaders(res) {
      res.header('X-Content-Type-Options', 'nosniff');
    },
  });

  const dist = app.config.staticDir;
  if (!dist || !existsSync(join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'PWA not built: only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    preCompressed: true,
    wildcard: true,
    index: false,
    setHeaders(res, path) {
      if (path.includes(`${join(dist, 'assets')}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });

  const shell = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html', dist);
  app.get('/', (_request, reply) => shell(reply));
  const detailHtml = detailPreloader(dist, app.announcementsRepo);
  // Client-side routes (and unknown paths, which show home) get the prerendered shell.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' || path.startsWith('/api/') || path.startsWith('/uploads/')) {
      return reply.code(404).send({ error: 'Resursa nu a fost găsită.' });
    }
    const detail = await detailHtml(path);
    if (detail)
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(detail);
    return shell(reply);
  });
});
