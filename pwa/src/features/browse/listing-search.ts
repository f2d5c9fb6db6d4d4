import {
  effectiveSort,
  PRICE_FILTERS,
  type PriceFilter,
  SEARCH_SORTS,
  type SearchSort,
} from '../../../../schema/listing-params.ts';

export const VIEW_MODES = ['grid', 'list'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/**
 * Everything the listing shows lives in the URL (a reload or a shared link keeps it). Defaults are left
 * out, so a plain category link stays plain.
 */
export type ListingSearch = {
  q?: string;
  /** A topic: a sub-topic chip of the category menu or a home tile (schema/catalog/topics.ts). */
  subiect?: string;
  judet?: string;
  localitate?: string;
  pret?: PriceFilter;
  /** Absent: relevance when there is a query or a topic, else the newest first (effectiveSort). */
  sort?: SearchSort;
  view?: ViewMode;
  /** 'Caută exact …': the words as typed, without the server's spelling correction (issue 20). */
  exact?: true;
};

/** What the toolbar and the filters get: the URL's state and a way to change part of it. */
export type ListingControls = {
  search: ListingSearch;
  onChange: (patch: Partial<ListingSearch>) => void;
};

function text(value: unknown): string | undefined {
  // The router parses '?q=2024' as a number: take it back as the text that was typed.
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function oneOf<T extends string>(list: readonly T[], value: unknown): T | undefined {
  return list.includes(value as T) ? (value as T) : undefined;
}

export function parseListingSearch(search: Record<string, unknown>): ListingSearch {
  const judet = text(search.judet);
  const sort = oneOf(SEARCH_SORTS, search.sort);
  const view = oneOf(VIEW_MODES, search.view);
  const subiect = text(search.subiect);
  return {
    q: text(search.q),
    subiect,
    judet,
    // A locality means nothing without its county.
    localitate: judet ? text(search.localitate) : undefined,
    pret: oneOf(PRICE_FILTERS, search.pret),
    // The default order is left out: relevance with a query, the newest first without one.
    // (relevance without a query has nothing to rank by: it is the newest first, the default too).
    sort:
      sort === 'relevance' || sort === effectiveSort(text(search.q), undefined, !!subiect) ? undefined : sort,
    view: view === 'grid' ? undefined : view,
    exact: search.exact === true || search.exact === 1 || search.exact === '1' ? true : undefined,
  };
}
