import type { AnnouncementRow } from '../../../schema/db/tables.ts';
import { effectiveSort, SEARCH_PAGE, type SearchParams } from '../../../schema/search.ts';
import { decodeCursor, encodeCursor, type SearchCursor } from '../../../schema/search-params.ts';
import { both, type TextQuery, textQueryOf } from '../../../schema/text.ts';
import type { Row } from './search-sql.ts';

/** A cursor that is not ours, or not of this search's order: the caller's mistake, not a fault. */
export class InvalidCursorError extends Error {
  constructor() {
    super('invalid search cursor');
  }
}

/**
 * A found announcement: its row without the analysed columns (search_title, search_text), which only the
 * index reads; they would double what crosses from a search thread.
 */
export type FoundRow = Omit<AnnouncementRow, 'searchTitle' | 'searchText'>;

/** One page of a search, the same on either engine. */
export type SearchResult = {
  rows: FoundRow[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
};

/**
 * What both engines (search.ts, search-pg.ts) make of a request before choosing their plan: its order,
 * page size, cursor (one that is not ours, or not of this order, throws) and words; and how a page of
 * found rows becomes the answer: `limit` rows read by `load`, the next cursor when one more row was
 * found, the total up to SEARCH_PAGE.countCap, then `totalCapped`.
 */
export function searchRequest(params: SearchParams, load: (page: Row[]) => Promise<FoundRow[]>) {
  const topic: TextQuery = params.topic ?? { groups: [], not: [] };
  const typed = params.text ?? textQueryOf(params.q ?? '');
  const text = both(typed, topic);
  const sort = effectiveSort(params.q, params.sort, text.groups.length > 0);
  const limit = Math.min(Math.max(1, params.limit ?? SEARCH_PAGE.size), SEARCH_PAGE.max);
  const cursor = params.cursor === undefined ? null : decodeCursor(params.cursor);
  if (params.cursor !== undefined && cursor?.s !== sort) throw new InvalidCursorError();
  const cap = SEARCH_PAGE.countCap;
  return {
    /** What the index must match: q's words (or the retry's query) and the topic's query. */
    text,
    /** The typed words' query alone (the side-by-side bonus of schema/rank.ts). */
    words: typed,
    sort,
    limit,
    cursor,
    cap,
    /** Rows to find: one more than shown tells whether there is a next page. */
    n: limit + 1,
    async result(page: Row[], total: number, next: (last: Row) => SearchCursor): Promise<SearchResult> {
      const shown = page.slice(0, limit);
      return {
        rows: await load(shown),
        nextCursor: page.length > limit ? encodeCursor(next(shown[shown.length - 1]!)) : null,
        total: Math.min(total, cap),
        totalCapped: total > cap,
      };
    },
  };
}
