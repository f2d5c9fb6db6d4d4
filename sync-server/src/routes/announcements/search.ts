import type { FastifyInstance } from 'fastify';
import { searchPage, searchQuery } from '../../../../schema/api/announcements.ts';
import { apiError } from '../../../../schema/api/common.ts';
import { SEARCH_PAGE } from '../../../../schema/search.ts';
import { parseSearchParams, SEARCH_ERRORS } from '../../../../schema/search-params.ts';
import { routeSchema, type Typed } from '../../lib/route-schema.ts';
import type { SearchRepository } from '../../repositories/search.ts';
import { httpError } from '../../services/rest-http.ts';
import { searchAnnouncements } from '../../services/search.ts';

/**
 * A search from a query string: parsed and resolved by schema/ (Romanian error of the first bad value,
 * with its field), then run. A cursor the repository refuses (not ours) gets the cursor's message.
 */
export async function searchFromQuery(repo: SearchRepository, query: Record<string, unknown>) {
  const parsed = parseSearchParams(query);
  if (!parsed.ok) return parsed;
  try {
    return { ok: true as const, result: await searchAnnouncements(repo, parsed.params) };
  } catch {
    return { ok: false as const, error: SEARCH_ERRORS.cursor, field: 'cursor' };
  }
}

/**
 * `GET /api/announcements/search`: the catalogue search (full text, filters, orders, cursor pages), the
 * same operation the sync socket serves.
 */
const search = { querystring: searchQuery, response: { 200: searchPage, 400: apiError } };

export default async function searchRoutes(app: FastifyInstance) {
  app.get<Typed<typeof search>>(
    '/api/announcements/search',
    {
      schema: routeSchema(search, {
        tags: ['announcements'],
        summary: 'Caută anunțuri: text, categorie, loc, preț, ordine, pagini cu cursor',
        description:
          'Doar anunțurile publice (active). `total` este exact până la ' +
          `${SEARCH_PAGE.countCap}; peste, \`totalCapped\` este true. Parametri greșiți: 400 cu \`{ error }\` în română.`,
      }),
    },
    async (request) => {
      const found = await searchFromQuery(app.searchRepo, request.query);
      if (!found.ok) throw httpError(400, found.error);
      const { rows, nextCursor, total, totalCapped } = found.result;
      return { items: await app.announcementsRepo.toApi(rows), nextCursor, total, totalCapped };
    },
  );
}
