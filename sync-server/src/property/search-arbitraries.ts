import fc from 'fast-check';
import { COUNTRY_WIDE } from '../../../schema/constants.ts';
import type { AnnouncementRow } from '../../../schema/db/tables.ts';
import {
  foldDiacritics,
  matchesPlace,
  matchesPriceFilter,
  matchesSearch,
  PRICE_FILTERS,
  SEARCH_SORTS,
  type SearchParams,
} from '../../../schema/search.ts';

/**
 * Random catalogues and searches for the search property tests (search.property.test.ts on SQLite,
 * search-pg.property.test.ts comparing PostgreSQL with it), and the brute force both are held to.
 */

/** A small pool, so that queries often match: word families, diacritics, short words, a digit. */
export const WORDS = [
  'tort',
  'torturi',
  'ciocolată',
  'ciocolata',
  'ședință',
  'sedinte',
  'foto',
  'fotografie',
  'nuntă',
  'nunți',
  'ceas',
  'ceasuri',
  'casă',
  'cască',
  'de',
  'și',
  'în',
  '3D',
];
export const CATEGORIES = ['Fotografie', 'Prăjituri, Băcănie, Gătit', 'Meditații & Cursuri'];
const PLACES: [string, string][] = [
  ['Cluj', 'Cluj-Napoca'],
  ['Cluj', 'Florești'],
  ['Cluj', ''],
  ['Iași', 'Iași'],
  ['Iași', 'Pașcani'],
  ['Iași', ''],
  [COUNTRY_WIDE, ''],
];
export const PRICES = [null, 0, 1, 20, 50, 51, 100, 101, 250, 250];
export const DATES = [
  '2026-01-01T00:00:00.000Z',
  '2026-02-01T00:00:00.000Z',
  '2026-02-01T00:00:00.000Z',
  '2026-03-05T10:00:00.000Z',
];

const text = (min: number, max: number) =>
  fc
    .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(' ', ' ', ', ', '-', '. ', ' — ')), {
      minLength: min,
      maxLength: max,
    })
    .map((parts) => parts.map(([w, sep]) => w + sep).join(''));

export const row = fc.record({
  title: text(1, 6),
  description: text(0, 10),
  category: fc.constantFrom(...CATEGORIES),
  place: fc.constantFrom(...PLACES),
  price: fc.constantFrom(...PRICES),
  createdAt: fc.constantFrom(...DATES),
  owner: fc.nat(2),
  hidden: fc.constantFrom('no', 'no', 'no', 'no', 'no', 'no', 'inactive', 'deleted'),
});

/** A word as someone might type it: without diacritics, in another case, cut short if last. */
const typed = fc
  .tuple(fc.constantFrom(...WORDS), fc.boolean(), fc.constantFrom('lower', 'upper', 'title', 'same'))
  .map(([w, fold, casing]) => {
    const base = fold ? foldDiacritics(w) : w;
    if (casing === 'lower') return base.toLowerCase();
    if (casing === 'upper') return base.toUpperCase();
    if (casing === 'title') return base.charAt(0).toUpperCase() + base.slice(1);
    return base;
  });
const query = fc
  .tuple(fc.array(typed, { minLength: 0, maxLength: 3 }), fc.nat(8), fc.constantFrom(' ', '  ', ', '))
  .map(([ws, cut, sep]) => {
    if (ws.length > 0 && cut > 0) ws[ws.length - 1] = ws[ws.length - 1]!.slice(0, cut);
    return ws.join(sep);
  });

/** Present about a third of the time: filters combine, and results should rarely be empty. */
const sometimes = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: arb, weight: 1 });

export const search = fc.record({
  q: query,
  category: sometimes(fc.constantFrom(...CATEGORIES)),
  place: sometimes(fc.constantFrom(...PLACES)),
  withLocality: fc.boolean(),
  pret: sometimes(fc.constantFrom(...PRICE_FILTERS)),
  sort: fc.option(fc.constantFrom(...SEARCH_SORTS), { nil: undefined }),
  owner: sometimes(fc.nat(2)),
  limit: fc.integer({ min: 1, max: 7 }),
});

export type RowInput = typeof row extends fc.Arbitrary<infer T> ? T : never;

export type SearchInput = typeof search extends fc.Arbitrary<infer T> ? T : never;

/** The search a generated one stands for (owners by index). */
export function toParams(s: SearchInput, owners: string[]): SearchParams {
  const params: SearchParams = { q: s.q, limit: s.limit };
  if (s.category) params.category = s.category;
  if (s.place) {
    params.judet = s.place[0] === COUNTRY_WIDE ? undefined : s.place[0];
    if (params.judet && s.withLocality && s.place[1]) params.localitate = s.place[1];
  }
  if (s.pret) params.pret = s.pret;
  if (s.sort) params.sort = s.sort;
  if (s.owner !== undefined) params.owner = owners[s.owner];
  return params;
}

/** The rows a search must return, by the shared rules (unordered). */
export function bruteForce(stored: AnnouncementRow[], params: SearchParams): AnnouncementRow[] {
  return stored.filter(
    (a) =>
      a.active &&
      !a.deleted &&
      matchesSearch(params.q ?? '', a.title, a.description) &&
      matchesPriceFilter(a.price, params.pret) &&
      matchesPlace(a, params.judet, params.localitate) &&
      (!params.category || a.category === params.category) &&
      (!params.owner || a.ownerId === params.owner),
  );
}
