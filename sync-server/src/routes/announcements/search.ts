import type { FastifyReply } from 'fastify';
import {
  searchPage,
  searchQuery,
  suggestAnswer,
  suggestQuery,
} from '../../../../schema/api/announcements.ts';
import { apiError } from '../../../../schema/api/common.ts';
import { SEARCH_PAGE } from '../../../../schema/search.ts';
import type { Api } from '../../lib/route-schema.ts';
import { clientAddress } from '../../plugins/write-limits.ts';
import { unwrap } from '../../services/rest-http.ts';
import { pageFromParams, suggestFor } from '../../services/search.ts';
import { acceptedEncoding, asBuffer } from '../../services/search-answer.ts';

/**
 * `GET /api/announcements/search`: the catalogue search (full text, filters, orders, cursor pages), the
 * same operation the sync socket serves.
 */
const search = { querystring: searchQuery, response: { 200: searchPage, 400: apiError } };
const suggestRoute = { querystring: suggestQuery, response: { 200: suggestAnswer } };

export default async function searchRoutes(app: Api) {
  app.get(
    '/api/announcements/search',
    {
      schema: {
        ...search,
        tags: ['announcements'],
        summary: 'Caută anunțuri: text, categorie, loc, preț, ordine, pagini cu cursor',
        description:
          'Doar anunțurile publice (active). `total` este exact până la ' +
          `${SEARCH_PAGE.countCap}; peste, \`totalCapped\` este true. Parametri greșiți: 400 cu \`{ error }\` în română.`,
      },
    },
    async (request, reply) => {
      // The answer's bytes come made (services/search-answer.ts): with its seller cards, as JSON, and on
      // a search thread compressed, so this loop only sends them. Same shape as the schema above.
      // `x-no-compression` asks for none, as @fastify/compress honours it on every other route.
      const encoding =
        request.headers['x-no-compression'] === undefined
          ? acceptedEncoding(request.headers['accept-encoding'])
          : null;
      const found = await pageFromParams(app.searcher, request.query, encoding, clientAddress(request.ip));
      const page = unwrap(found);
      // Added to what is there (CORS_ORIGINS sets `Vary: Origin` before the route runs).
      const vary = reply.getHeader('vary');
      reply
        .type('application/json; charset=utf-8')
        .header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
      if (page.encoding) reply.header('content-encoding', page.encoding);
      // Bytes, not an object for the schema's serializer: the reply's typed `send` takes objects only.
      return (reply as FastifyReply).send(asBuffer(page.body));
    },
  );

  // Suggestions while typing (issue 20, item 7): cheap enough for every keystroke after a short pause.
  app.get(
    '/api/announcements/suggest',
    {
      schema: {
        ...suggestRoute,
        tags: ['announcements'],
        summary: 'Sugestii pentru ce se scrie în căutare: subiecte și cuvinte din catalog',
      },
    },
    async (request) => ({
      suggestions: await suggestFor(app.searcher, request.query.q ?? '', clientAddress(request.ip)),
    }),
  );
}
