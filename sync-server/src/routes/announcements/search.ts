import type { FastifyInstance } from 'fastify';
import { COUNTRY_WIDE } from '../../../../schema/constants.ts';
import { PRICE_FILTERS, SEARCH_PAGE, SEARCH_SORTS } from '../../../../schema/search.ts';
import { parseSearchParams, SEARCH_ERRORS } from '../../../../schema/search-params.ts';
import type { AnnouncementsRepository } from '../../repositories/announcements.ts';
import type { SearchRepository } from '../../repositories/search.ts';
import { fail } from '../../services/rest-http.ts';
import { searchAnnouncements } from '../../services/search.ts';

/** The search's query string, documented for other clients (values are checked by parseSearchParams). */
export const searchQuerystring = {
  type: 'object',
  properties: {
    q: {
      type: 'string',
      maxLength: 1000,
      description:
        'Cuvintele căutate în titlu și descriere, fără diacritice sau majuscule dacă vrei; fiecare trebuie găsit întreg, ultimul și ca început de cuvânt („foto” găsește „fotograf”).',
    },
    subiect: {
      type: 'string',
      maxLength: 1000,
      description:
        'Un subiect (din meniul categoriilor, „Miere de albine”, sau o temă a paginii principale, „Sport”): anunțurile care conțin oricare dintre cuvintele lui (cuvinte-cheie din schema/data/topics.ts, altfel cuvintele semnificative ale numelui, ca început de cuvânt), ordonate implicit după relevanță.',
    },
    category: {
      type: 'string',
      maxLength: 200,
      description: 'Categoria: numele, slug-ul sau numele fără diacritice; „toate” sau gol = toate.',
    },
    judet: {
      type: 'string',
      maxLength: 200,
      description: `Județul (și anunțurile din „${COUNTRY_WIDE}”), o localitate („Pitești”) sau „Localitate, Județ”; „${COUNTRY_WIDE}” = fără filtru de loc.`,
    },
    localitate: {
      type: 'string',
      maxLength: 200,
      description: 'Localitatea din județ (și anunțurile județului fără localitate).',
    },
    pret: { type: 'string', maxLength: 20, description: `Banda de preț: ${PRICE_FILTERS.join(', ')}.` },
    sort: {
      type: 'string',
      maxLength: 20,
      description: `Ordinea: ${SEARCH_SORTS.join(', ')}. Implicit: relevance cu cuvinte, recent fără.`,
    },
    cursor: {
      type: 'string',
      maxLength: 2000,
      description: 'Pagina următoare: `nextCursor` din răspunsul anterior (aceeași ordine).',
    },
    limit: {
      type: 'integer',
      description: `Anunțuri pe pagină, 1–${SEARCH_PAGE.max} (implicit ${SEARCH_PAGE.size}).`,
    },
  },
} as const;

/** An announcement as REST answers it (`toApi`): the spec's `_id` and the seller's public card. */
export const announcementApiSchema = {
  type: 'object',
  additionalProperties: true,
  properties: {
    _id: { type: 'string' },
    ownerId: { type: 'string' },
    title: { type: 'string' },
    category: { type: 'string' },
    description: { type: 'string' },
    location: { type: 'string' },
    localitate: { type: 'string' },
    contactPerson: { type: 'string' },
    contactEmail: { type: 'string' },
    contactPhone: { type: 'string' },
    images: { type: 'array', items: { type: 'string' } },
    price: { type: ['integer', 'null'] },
    favoritesCount: { type: 'integer' },
    views: { type: 'integer' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    active: { type: 'boolean' },
    user: {
      type: ['object', 'null'],
      properties: {
        _id: { type: 'string' },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        avatar: { type: ['string', 'null'] },
      },
    },
  },
} as const;

export const errorSchema = {
  type: 'object',
  properties: { error: { type: 'string' }, code: { type: 'string' } },
  required: ['error'],
} as const;

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
export default async function searchRoutes(
  app: FastifyInstance,
  opts: { repo: SearchRepository; announcements: AnnouncementsRepository },
) {
  app.get(
    '/api/announcements/search',
    {
      schema: {
        tags: ['announcements'],
        summary: 'Caută anunțuri: text, categorie, loc, preț, ordine, pagini cu cursor',
        description:
          'Doar anunțurile publice (active). `total` este exact până la ' +
          `${SEARCH_PAGE.countCap}; peste, \`totalCapped\` este true. Parametri greșiți: 400 cu \`{ error }\` în română.`,
        querystring: searchQuerystring,
        response: {
          200: {
            type: 'object',
            properties: {
              items: { type: 'array', items: announcementApiSchema },
              nextCursor: { type: ['string', 'null'] },
              total: { type: 'integer' },
              totalCapped: { type: 'boolean' },
            },
            required: ['items', 'nextCursor', 'total', 'totalCapped'],
          },
          400: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const found = await searchFromQuery(opts.repo, request.query as Record<string, unknown>);
      if (!found.ok) return fail(reply, 400, found.error);
      const { rows, nextCursor, total, totalCapped } = found.result;
      return { items: await opts.announcements.toApi(rows), nextCursor, total, totalCapped };
    },
  );
}
