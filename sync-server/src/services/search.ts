import type { SearchParams } from '../../../schema/search.ts';
import type { SearchRepository, SearchResult } from '../repositories/search.ts';

/**
 * The catalogue search, one operation for every transport: REST (`GET /api/announcements/search`, the
 * bounded `GET /api/announcements`) and the sync socket. `params` come from parseSearchParams
 * (schema/search-params.ts), which resolves names and checks the cursor against the order; rows are
 * `AnnouncementRow`s in page order, for the transport to shape (toApi, sync documents).
 */
export function searchAnnouncements(repo: SearchRepository, params: SearchParams): Promise<SearchResult> {
  return repo.search(params);
}
