import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonRouteSchema } from '../lib/route-schema.ts';

/** '/api/users/login' → 'users', '/auth/google' → 'auth'. */
const tagOf = (url: string) => (url.startsWith('/auth/') ? 'auth' : (url.split('/')[2] ?? 'api'));

/** Paths that are part of the API (the PWA's files and uploads are not). */
const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/auth/');

/**
 * OpenAPI description generated from the route schemas, browsable at /api/docs. Registered before the
 * routes (it collects them as they are added). The docs pages get their own CSP (set by swagger-ui on its
 * routes only): scripts from this origin plus the hashes of swagger-ui's own inline code; the rest of the
 * site keeps the strict policy of plugins/security.ts.
 */
export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Hobbiz API',
        description:
          'REST API-ul Hobbiz. Erorile au forma `{ "error": "<mesaj în română>", "code"?: "…" }`. ' +
          'Autentificare: `Authorization: Bearer <token>` (tokenul de la /api/users/login). ' +
          'Sincronizarea colecțiilor (RxDB) folosește WebSocket-ul `/api/sync`, descris în `schema/sync.ts`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      tags: [
        { name: 'users', description: 'Cont, profil, anunțurile mele' },
        { name: 'auth', description: 'Autentificare socială, ieșire din cont' },
      ],
    },
    hideUntagged: false,
    transform: ({ schema, url, route }) => {
      const hidden = !isApiPath(url) || url.startsWith('/api/docs') || route.method === 'HEAD';
      // Routes without tags are grouped by their resource (/api/<resource>/…); every route may carry
      // the bearer token (guests call the public ones without it).
      const tags = schema?.tags ?? [tagOf(url)];
      return {
        schema: {
          // The routes' zod schemas, as the JSON schemas Fastify checks and answers with.
          ...(schema ? jsonRouteSchema(schema) : {}),
          tags,
          security: schema?.security ?? [{ bearer: [] }, {}],
          hide: hidden || schema?.hide,
        } as typeof schema,
        url,
      };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    staticCSP: true,
    // swagger-ui's own policy (scripts from this origin plus its hashes), less `upgrade-insecure-requests`
    // (the server also runs over plain http) and the validator badge host (validatorUrl is off).
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace(' validator.swagger.io', '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        // swagger-ui sets inline styles at run time (as the main site's policy allows too); scripts stay strict.
        .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';"),
  });
});
