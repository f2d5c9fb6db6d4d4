import { SEARCH_LIMITS } from '../../../schema/constants.ts';
import type { AnnouncementApi } from '../../../schema/entities.ts';
import type { SearchParams } from '../../../schema/search.ts';
import { parseSearchParams, SEARCH_ERRORS } from '../../../schema/search-params.ts';
import type { Suggestion } from '../../../schema/suggest.ts';
import type { SearchRepository } from '../repositories/search.ts';
import { type FoundRow, InvalidCursorError } from '../repositories/search-page.ts';
import type { SearchVocab } from '../repositories/search-vocab.ts';
import { fail, ok, type ServiceResult, throttled } from './result.ts';
import { type PageBody, type PageEncoding, pageAnswer, pageBody } from './search-answer.ts';
import { type AssistedResult, assistedSearch } from './search-assist.ts';
import { SearchBusyError, type SearchPool } from './search-pool.ts';
import { suggest } from './search-suggest.ts';

/**
 * The catalogue search, one operation for every transport: REST (`GET /api/announcements/search`, the
 * bounded `GET /api/announcements`) and the sync socket. `params` come from parseSearchParams
 * (schema/search-params.ts), which resolves names and checks the cursor against the order; rows are
 * `AnnouncementRow`s in page order, for the transport to shape (toApi, sync documents). A Searcher runs
 * the assisted search (services/search-assist.ts) on worker threads (SQLite, search-pool.ts) or here.
 */
export type Searcher = {
  /** `address`: the client's IP, metered by perAddress (absent: not metered). */
  search(params: SearchParams, address?: string): Promise<AssistedResult>;
  /**
   * The same search as REST's answer, made where it ran (services/search-answer.ts): JSON with the seller
   * cards, compressed with `encoding` when it ran on a search thread.
   */
  page(params: SearchParams, encoding: PageEncoding | null, address?: string): Promise<PageBody>;
  suggest(q: string, address?: string): Promise<Suggestion[]>;
  close(): Promise<void>;
};

/** One address has SEARCH_LIMITS.perAddress searches running or waiting already. */
export class SearchFloodError extends Error {
  constructor() {
    super('too many searches from one address');
  }
}
export const SEARCH_FLOOD =
  'Prea multe căutări în același timp de la această adresă. Încearcă din nou peste o secundă.';

/**
 * Searches and suggestions of one address at once, at most SEARCH_LIMITS.perAddress (issue 21): one
 * address cannot fill the search queue, which would refuse everyone else. Per instance, in memory; an
 * address leaves the map when its last search ends.
 */
export function perAddress(base: Searcher, max: number = SEARCH_LIMITS.perAddress): Searcher {
  const inFlight = new Map<string, number>();
  async function metered<T>(address: string | undefined, run: () => Promise<T>): Promise<T> {
    if (address === undefined) return run();
    const n = inFlight.get(address) ?? 0;
    if (n >= max) throw new SearchFloodError();
    inFlight.set(address, n + 1);
    try {
      return await run();
    } finally {
      const left = (inFlight.get(address) ?? 1) - 1;
      if (left > 0) inFlight.set(address, left);
      else inFlight.delete(address);
    }
  }
  return {
    search: (params, address) => metered(address, () => base.search(params)),
    page: (params, encoding, address) => metered(address, () => base.page(params, encoding)),
    suggest: (q, address) => metered(address, () => base.suggest(q)),
    close: () => base.close(),
  };
}

/**
 * The search in this thread (PostgreSQL, where the database does the work; :memory:; tests). Its pages
 * are left uncompressed: @fastify/compress compresses them off the loop (zlib streams).
 */
export function inThreadSearcher(
  repo: SearchRepository,
  vocab: SearchVocab,
  toApi: (rows: FoundRow[]) => Promise<AnnouncementApi[]>,
): Searcher {
  return {
    search: (params) => assistedSearch(repo, vocab, params),
    page: async (params) =>
      pageBody(await pageAnswer(await assistedSearch(repo, vocab, params), toApi), null),
    suggest: (q) => suggest(repo, vocab, q),
    close: async () => {},
  };
}

/** The pool, when there is one, as a Searcher. */
export const pooledSearcher = (pool: SearchPool): Searcher => pool;

export const SEARCH_BUSY = 'Căutarea este foarte solicitată acum. Încearcă din nou peste câteva secunde.';

/**
 * A search from raw parameters (a REST query string, a socket `query`): parsed and resolved by schema/
 * (Romanian error of the first bad value, with its field), then run. A cursor the repository refuses (not
 * ours) gets the cursor's message; a full search queue a 503 with its own; one address's flood a 429.
 */
export function searchFromParams(
  searcher: Searcher,
  raw: Record<string, unknown>,
  address?: string,
): Promise<ServiceResult<AssistedResult>> {
  return fromParams(raw, (params) => searcher.search(params, address));
}

/** REST's page of a search from raw parameters, as searchFromParams refuses (services/search-answer.ts). */
export function pageFromParams(
  searcher: Searcher,
  raw: Record<string, unknown>,
  encoding: PageEncoding | null,
  address?: string,
): Promise<ServiceResult<PageBody>> {
  return fromParams(raw, (params) => searcher.page(params, encoding, address));
}

async function fromParams<T>(
  raw: Record<string, unknown>,
  run: (params: SearchParams) => Promise<T>,
): Promise<ServiceResult<T>> {
  const parsed = parseSearchParams(raw);
  if (!parsed.ok) return { ...fail(400, parsed.error), field: parsed.field };
  try {
    return ok(await run(parsed.params));
  } catch (err) {
    if (err instanceof SearchBusyError) return fail(503, SEARCH_BUSY);
    if (err instanceof SearchFloodError) return throttled(SEARCH_FLOOD, 1000);
    // Only a refused cursor is the caller's; any other failure is the server's (logged, answered as such).
    if (!isInvalidCursor(err)) throw err;
    return { ...fail(400, SEARCH_ERRORS.cursor), field: 'cursor' };
  }
}

/** Suggestions for what is being typed; a full queue answers none (typing goes on, nothing breaks). */
export async function suggestFor(searcher: Searcher, q: string, address?: string): Promise<Suggestion[]> {
  try {
    return await searcher.suggest(q, address);
  } catch (err) {
    if (err instanceof SearchBusyError || err instanceof SearchFloodError) return [];
    throw err;
  }
}

/** A refused cursor, also when it was refused on a worker thread (the error crossed as a plain Error). */
const isInvalidCursor = (err: unknown) =>
  err instanceof InvalidCursorError || (err instanceof Error && err.message === 'invalid search cursor');
