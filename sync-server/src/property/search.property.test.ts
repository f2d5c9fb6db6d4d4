import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_WIDE } from '../../../schema/constants.ts';
import { type AnnouncementRow, announcements } from '../../../schema/db/tables.ts';
import {
  compareAnnouncements,
  effectiveSort,
  foldDiacritics,
  matchesPlace,
  matchesPriceFilter,
  matchesSearch,
  PRICE_FILTERS,
  SEARCH_SORTS,
  type SearchParams,
} from '../../../schema/search.ts';
import { type SearchRepository, searchRepository } from '../repositories/search.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';

/**
 * The server search against a brute force over the same rows with the shared rules (matchesSearch,
 * matchesPriceFilter, matchesPlace, compareAnnouncements): random catalogues written from a Romanian
 * word pool with and without diacritics, random queries (case, diacritics, a last word cut short), random
 * filters, every order, every page followed to the end. Run with the real thresholds and with tiny ones,
 * so that each plan (sets read whole, index walks, walks giving up) meets every case.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
const owners: string[] = [];
let real: SearchRepository;
let tiny: SearchRepository;
let mixed: SearchRepository;

beforeAll(async () => {
  app = await buildTestApp();
  for (let i = 0; i < 3; i++) owners.push((await registerAndLogin(app)).userId);
  real = searchRepository(app.db);
  tiny = searchRepository(app.db, { small: 3, walkBudget: 4, filteredSmall: 3, walkPerMatch: 0 });
  // Few matches are 'many', but the filtered rows are few: the matches are taken among them.
  mixed = searchRepository(app.db, { small: 3, walkBudget: 50, filteredSmall: 1000 });
});
afterAll(async () => {
  await app.cleanup();
});

/** A small pool, so that queries often match: word families, diacritics, short words, a digit. */
const WORDS = [
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
const CATEGORIES = ['Fotografie', 'Prăjituri, Băcănie, Gătit', 'Meditații & Cursuri'];
const PLACES: [string, string][] = [
  ['Cluj', 'Cluj-Napoca'],
  ['Cluj', 'Florești'],
  ['Cluj', ''],
  ['Iași', 'Iași'],
  ['Iași', 'Pașcani'],
  ['Iași', ''],
  [COUNTRY_WIDE, ''],
];
const PRICES = [null, 0, 1, 20, 50, 51, 100, 101, 250, 250];
const DATES = [
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

const row = fc.record({
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

const search = fc.record({
  q: query,
  category: sometimes(fc.constantFrom(...CATEGORIES)),
  place: sometimes(fc.constantFrom(...PLACES)),
  withLocality: fc.boolean(),
  pret: sometimes(fc.constantFrom(...PRICE_FILTERS)),
  sort: fc.option(fc.constantFrom(...SEARCH_SORTS), { nil: undefined }),
  owner: sometimes(fc.nat(2)),
  limit: fc.integer({ min: 1, max: 7 }),
});

type RowInput = typeof row extends fc.Arbitrary<infer T> ? T : never;

async function fill(rows: RowInput[]): Promise<AnnouncementRow[]> {
  await app.uow.write(() => app.db.delete(announcements));
  for (const r of rows) {
    await insertAnnouncement(app, owners[r.owner]!, {
      title: r.title,
      description: r.description,
      category: r.category,
      location: r.place[0],
      localitate: r.place[1],
      price: r.price,
      createdAt: r.createdAt,
      active: r.hidden !== 'inactive',
      deleted: r.hidden === 'deleted',
    });
  }
  return app.db.select().from(announcements);
}

/** Every page of a search, following the cursor. */
async function walkPages(repo: SearchRepository, params: SearchParams) {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const page = await repo.search({ ...params, cursor });
    expect(page.totalCapped).toBe(false);
    totals.push(page.total);
    if (page.nextCursor) expect(page.rows).toHaveLength(params.limit!);
    ids.push(...page.rows.map((r) => r.id));
    if (!page.nextCursor) return { ids, totals };
    cursor = page.nextCursor;
  }
  throw new Error('too many pages');
}

describe('server search = brute force over the same rows', () => {
  it('for random catalogues, queries, filters, orders and page sizes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 0, maxLength: 60 }),
        fc.array(search, { minLength: 1, maxLength: 6 }),
        async (rows, searches) => {
          const stored = await fill(rows);
          for (const [i, s] of searches.entries()) {
            const params: SearchParams = { q: s.q, limit: s.limit };
            if (s.category) params.category = s.category;
            if (s.place) {
              params.judet = s.place[0] === COUNTRY_WIDE ? undefined : s.place[0];
              if (params.judet && s.withLocality && s.place[1]) params.localitate = s.place[1];
            }
            if (s.pret) params.pret = s.pret;
            if (s.sort) params.sort = s.sort;
            if (s.owner !== undefined) params.owner = owners[s.owner];

            const expected = stored.filter(
              (a) =>
                a.active &&
                !a.deleted &&
                matchesSearch(params.q ?? '', a.title, a.description) &&
                matchesPriceFilter(a.price, params.pret) &&
                matchesPlace(a, params.judet, params.localitate) &&
                (!params.category || a.category === params.category) &&
                (!params.owner || a.ownerId === params.owner),
            );
            const sort = effectiveSort(params.q, params.sort);
            const context = JSON.stringify({ params, sort });
            const { ids, totals } = await walkPages([real, tiny, mixed][i % 3]!, params);
            expect(new Set(ids).size, context).toBe(ids.length);
            expect(totals[0], context).toBe(expected.length);
            if (sort === 'relevance') {
              // BM25 order is the index's; the set is the rule's.
              expect([...ids].sort(), context).toEqual(expected.map((a) => a.id).sort());
            } else {
              expect(ids, context).toEqual([...expected].sort(compareAnnouncements(sort)).map((a) => a.id));
            }
          }
        },
      ),
      {
        numRuns: Number(process.env.FC_RUNS ?? 400),
        seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31),
        endOnFailure: true,
      },
    );
  }, 120_000);
});
