/**
 * A listing's filters and orders as the URL and the toolbar name them (spec doc 2 §5), apart from the
 * matching rules of schema/search.ts (which re-exports all of this): the routes of the first screen parse
 * them, and must not carry the stemmer with them.
 */
import { queryWords } from './words.ts';

/** Price filters in lei: free = 0; under50 = above 0 up to 50; under100 = above 50 up to 100; over100 = above 100. */
export const PRICE_FILTERS = ['free', 'under50', 'under100', 'over100'] as const;
export type PriceFilter = (typeof PRICE_FILTERS)[number];

export const PRICE_FILTER_LABELS: Record<PriceFilter, string> = {
  free: 'Gratuit',
  under50: 'Până la 50 lei',
  under100: '50–100 lei',
  over100: 'Peste 100 lei',
};

export const SORT_OPTIONS = ['recent', 'price-asc', 'price-desc', 'title'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const SORT_LABELS: Record<SortOption, string> = {
  recent: 'Cele mai noi',
  'price-asc': 'Preț crescător',
  'price-desc': 'Preț descrescător',
  title: 'Titlu (A–Z)',
};

/** The server's search adds a fifth order, by relevance (BM25, title above description); needs words. */
export const SEARCH_SORTS = ['relevance', ...SORT_OPTIONS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_SORT_LABELS: Record<SearchSort, string> = { relevance: 'Relevanță', ...SORT_LABELS };

/**
 * The order a search runs in: the one asked for, else relevance when there are words to rank by, else the
 * newest first. Relevance without words has nothing to rank: it is the newest-first order.
 */
export function effectiveSort(
  q: string | undefined,
  sort: SearchSort | undefined,
  /** A topic with terms (catalog/topics.ts) also gives something to rank by. */
  topic = false,
): SearchSort {
  const hasWords = topic || queryWords(q ?? '').length > 0;
  if (sort === 'relevance' || sort === undefined) return hasWords ? 'relevance' : 'recent';
  return sort;
}
