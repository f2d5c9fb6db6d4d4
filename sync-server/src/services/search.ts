import type { SearchParams } from '../../../schema/search.ts';
import { parseSearchParams, SEARCH_ERRORS } from '../../../schema/search-params.ts';
import type { SearchRepository, SearchResult } from '../repositories/search.ts';
import { InvalidCursorError } from '../repositories/search-page.ts';

/**
 * The catalogue search, one operation for every transport: REST (`GET /api/announcements/search`, the
 * bounded `GET /api/announcements`) and the sync socket. `params` come from parseSearchParams
 * (schema/search-params.ts), which resolves names and checks the cursor against the order; rows are
 * `AnnouncementRow`s in page order, for the transport to shape (toApi, sync documents).
 */
export function searchAnnouncements(repo: SearchRepository, params: SearchParams): Promise<SearchResult> {
  return repo.search(params);
}

/**
 * A search from raw parameters (a REST query string, a socket `query`): parsed and resolved by schema/ (Romanian error of the first bad value,
 * with its field), then run. A cursor the repository refuses (not ours) gets the cursor's message.
 */
export async function searchFromParams(repo: SearchRepository, raw: Record<string, unknown>) {
  const parsed = parseSearchParams(raw);
  if (!parsed.ok) return parsed;
  try {
    return { ok: true as const, result: await searchAnnouncements(repo, parsed.params) };
  } catch (err) {
    // Only a refused cursor is the caller's; any other failure is the server's (logged, answered as such).
    if (!(err instanceof InvalidCursorError)) throw err;
    return { ok: false as const, error: SEARCH_ERRORS.cursor, field: 'cursor' };
  }
}
