import { COUNTRY_WIDE } from './constants.ts';
import type { PriceFilter, SearchSort, SortOption } from './listing-params.ts';
import { analyze, foldDiacritics, matchesQuery, type TextQuery, textQueryOf, words } from './text.ts';

/**
 * Text matching shared by the listing pages and the server: searches ignore case and diacritics, so a
 * query typed on a phone without a Romanian keyboard ('prajituri') still finds 'Prăjituri de casă'.
 */

export {
  effectiveSort,
  PRICE_FILTER_LABELS,
  PRICE_FILTERS,
  type PriceFilter,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
  type SearchSort,
  SORT_LABELS,
  SORT_OPTIONS,
  type SortOption,
} from './listing-params.ts';
export { foldDiacritics, words } from './text.ts';

/**
 * The search rule (issue 20; issue 11 made every word required, spec doc 2 §5 asks for partial matches):
 * every content word of the query must meet a word of the title or the description in one of its forms
 * (folded, Snowball stem, light stem: schema/text.ts), the last one also as the beginning of a word (the
 * person may still be typing it). Case, diacritics and stop words are ignored. The server runs the same
 * rule on the analysed columns (`search_title`, `search_text`); an empty query matches all.
 */
export function matchesSearch(query: string, title: string, description: string): boolean {
  return matchesQuery(textQueryOf(query), analyze(title), analyze(description));
}

/** My-announcements rule (spec doc 1 §5): every query word occurs inside at least one field. */
export function matchesAllWords(query: string, fields: string[]): boolean {
  const queryWords = words(query);
  if (queryWords.length === 0) return true;
  const folded = fields.map(foldDiacritics);
  return queryWords.every((qw) => folded.some((f) => f.includes(qw)));
}

/**
 * Sort key of a title in Romanian alphabetical order (a < ă < â < b … i < î … s < ș … t < ț), case
 * ignored, other accents dropped. Plain code-unit comparison of two keys gives that order, in JavaScript
 * and in SQLite's BINARY collation alike (stored as `title_key`), so the server's 'Titlu (A–Z)' pages and
 * the offline listing agree row for row. Characters outside the BMP are left out (UTF-8 and UTF-16 order
 * them differently).
 */
export function titleSortKey(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/[șş]/g, 's\uffe1')
    .replace(/[țţ]/g, 't\uffe1')
    .replace(/ă/g, 'a\uffe1')
    .replace(/â/g, 'a\uffe2')
    .replace(/î/g, 'i\uffe1')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\u{10000}-\u{10FFFF}]/gu, '');
}

/** Romanian alphabetical order, ignoring case and accents for equality (for sorting titles A–Z). */
export const roCollator: Intl.Collator = new Intl.Collator('ro', { sensitivity: 'base' });

/** An announcement without a price (null) matches no price filter: nothing is known about it. */
export function matchesPriceFilter(price: number | null, filter: PriceFilter | undefined): boolean {
  if (!filter) return true;
  if (price === null) return false;
  switch (filter) {
    case 'free':
      return price === 0;
    case 'under50':
      return price > 0 && price <= 50;
    case 'under100':
      return price > 50 && price <= 100;
    case 'over100':
      return price > 100;
  }
}

type Sortable = { id: string; title: string; price: number | null; createdAt: string };

/**
 * Order of a listing, a total order the server's SQL reproduces row for row (so the offline listing and
 * the server's pages agree):
 * - 'recent': createdAt desc, then id desc;
 * - 'price-asc' / 'price-desc': priced ones first by price, unpriced (null) ones last; ties newest first;
 * - 'title': titleSortKey(title) ascending (Romanian A–Z, plain comparison like SQLite's BINARY), ties
 *   newest first.
 */
export function compareAnnouncements(sort: SortOption): (a: Sortable, b: Sortable) => number {
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const newest = (a: Sortable, b: Sortable) => cmp(b.createdAt, a.createdAt) || cmp(b.id, a.id);
  const byPrice = (dir: 1 | -1) => (a: Sortable, b: Sortable) => {
    if (a.price === null || b.price === null) {
      if (a.price === b.price) return newest(a, b);
      return a.price === null ? 1 : -1;
    }
    return (a.price - b.price) * dir || newest(a, b);
  };
  switch (sort) {
    case 'recent':
      return newest;
    case 'price-asc':
      return byPrice(1);
    case 'price-desc':
      return byPrice(-1);
    case 'title':
      return (a, b) => cmp(titleSortKey(a.title), titleSortKey(b.title)) || newest(a, b);
  }
}

/**
 * Place filter of the listing and of the home search. An announcement is shown for a place when it is
 * offered there: in that county (and, when a locality is chosen, in that locality or county-wide, with no
 * locality given), or country-wide ('Toată țara'), which covers every place.
 */
export function matchesPlace(
  a: { location: string; localitate: string },
  judet: string | undefined,
  localitate: string | undefined,
): boolean {
  if (!judet || judet === COUNTRY_WIDE) return true;
  if (a.location === COUNTRY_WIDE) return true;
  if (a.location !== judet) return false;
  if (!localitate) return true;
  return a.localitate === '' || foldDiacritics(a.localitate) === foldDiacritics(localitate);
}

// ---- Server search: parameters and pages (REST `GET /api/announcements/search`, the sync socket) ----

/**
 * A search as the server runs it, after parseSearchParams (schema/search-params.ts) has resolved every
 * name: `category` is a canonical category name, `judet` a county (absent for the whole country),
 * `localitate` a locality of that county, `owner` a user id.
 */
export type SearchParams = {
  q?: string;
  /** A topic (a sub-topic chip, a home tile), as its page title writes it; `topic` is its query. */
  subiect?: string;
  /** The topic's query (catalog/topics.ts's topicQuery), required besides the words of q. */
  topic?: TextQuery;
  /**
   * The text query to run instead of q's (the server's own retries: a corrected spelling, some of the
   * words); never read from a request.
   */
  text?: TextQuery;
  /** Search exactly what was typed: no spelling correction ('Caută exact …'). */
  exact?: boolean;
  category?: string;
  judet?: string;
  localitate?: string;
  pret?: PriceFilter;
  sort?: SearchSort;
  owner?: string;
  cursor?: string;
  limit?: number;
};

/** Page size (default, largest allowed) and the count past which a total is reported as "1000+". */
export const SEARCH_PAGE = { size: 24, max: 60, countCap: 1000 } as const;
