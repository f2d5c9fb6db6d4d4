import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { uploadKey } from '../lib/file-storage.ts';
import { CHAT_FILE_SIGNATURE } from '../services/chat-files.ts';
import { CHAT_FOLDER } from '../services/rest-attachments.ts';
import { httpError } from '../services/rest-http.ts';
import { detailPreloader } from './detail-preload.ts';

/** The stored kinds (photos, avatars, chat attachments) and what they are served as. */
const UPLOAD_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  webp: 'image/webp',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
};
const NOT_FOUND = 'Resursa nu a fost găsită.';

/**
 * Serves the built PWA (precompressed .br/.gz written at build time) and the uploaded files. Hashed
 * assets and public uploads never change under the same name, so they are cached for a year (chat files
 * are private: see below); the HTML and the
 * service worker are revalidated on every load so a new release is picked up.
 */
export default fp(async function staticFiles(app: FastifyInstance) {
  // Uploads come from the file storage (lib/file-storage.ts): any instance serves what any other stored.
  app.get<{ Params: { '*': string }; Querystring: Record<string, unknown> }>(
    '/uploads/*',
    async (request, reply) => {
      const key = uploadKey(`/uploads/${request.params['*']}`);
      // A chat file is the two people's only (services/chat-files.ts): anyone else is told it does not exist.
      const chat = !!key && key.startsWith(`${CHAT_FOLDER}/`);
      if (chat) {
        const signature = request.query[CHAT_FILE_SIGNATURE];
        const allowed = await app.chatFiles.mayRead(
          key,
          request.userId,
          typeof signature === 'string' ? signature : undefined,
        );
        if (!allowed) throw httpError(404, NOT_FOUND);
      }
      const file = key ? await app.storage.get(key) : null;
      if (!key || !file) throw httpError(404, NOT_FOUND);
      // Same on every instance sharing the storage (size and modification time of the one stored file).
      const etag = `"${file.size.toString(16)}-${Math.floor(file.modifiedAt).toString(16)}"`;
      reply
        .header('ETag', etag)
        .header('Last-Modified', new Date(file.modifiedAt).toUTCString())
        // Photos and avatars never change under their name; a chat file must stop being served the moment
        // its message is deleted, and no shared cache may keep it: revalidated at every use (a 304 is cheap).
        .header('Cache-Control', chat ? 'private, no-cache' : 'public, max-age=31536000, immutable')
        // Uploaded files are served exactly as what they are: a browser must never guess a .txt into HTML.
        .header('X-Content-Type-Options', 'nosniff');
      if (request.headers['if-none-match'] === etag) {
        file.stream.destroy();
        return reply.code(304).send();
      }
      const ext = key.slice(key.lastIndexOf('.') + 1);
      return reply
        .type(UPLOAD_TYPES[ext] ?? 'application/octet-stream')
        .header('Content-Length', file.size)
        .send(file.stream);
    },
  );

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
      throw httpError(404, NOT_FOUND);
    }
    const detail = await detailHtml(path);
    if (detail)
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(detail);
    return shell(reply);
  });
});
