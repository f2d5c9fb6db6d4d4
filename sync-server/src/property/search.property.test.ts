import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnnouncementRow, announcements } from '../../../schema/db/tables.ts';
import { compareAnnouncements, effectiveSort, type SearchParams } from '../../../schema/search.ts';
import { type SearchRepository, searchRepository } from '../repositories/search.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { bruteForce, type RowInput, row, search, toParams } from './search-arbitraries.ts';

/**
 * The server search against a brute force over the same rows with the shared rules (matchesSearch,
 * matchesPriceFilter, matchesPlace, compareAnnouncements): random catalogues written from a Romanian
 * word pool with and without diacritics, random queries (case, diacritics, a last word cut short), random
 * filters, every order, every page followed to the end. Run with the real thresholds and with tiny ones,
 * so that each plan (sets read whole, index walks, walks giving up) meets every case; and from memory
 * (search-memory.ts) with half the catalogue written after its ranks were made (dirty rows), past its
 * limit of changed rows in some runs (everything made again).
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
const owners: string[] = [];
let real: SearchRepository;
let tiny: SearchRepository;
let mixed: SearchRepository;
let memo: SearchRepository;

beforeAll(async () => {
  app = await buildTestApp();
  for (let i = 0; i < 3; i++) owners.push((await registerAndLogin(app)).userId);
  real = searchRepository(app.db);
  tiny = searchRepository(app.db, {
    small: 3,
    walkBudget: 4,
    filteredSmall: 3,
    walkPerMatch: 0,
    memory: false,
  });
  // Few matches are 'many', but the filtered rows are few: the matches are taken among them.
  mixed = searchRepository(app.db, { small: 3, walkBudget: 50, filteredSmall: 1000, memory: false });
  memo = searchRepository(app.db, {
    small: 3,
    walkBudget: 4,
    filteredSmall: 3,
    memory: 'always',
    memoryLimits: { dirtyMax: 25, listEntries: 40, denseFrom: 4 },
  });
});
afterAll(async () => {
  await app.cleanup();
});

async function fill(rows: RowInput[]): Promise<AnnouncementRow[]> {
  // Rows removed outside the change feed: what the repositories keep is forgotten.
  await app.uow.write(() => app.db.delete(announcements));
  for (const repo of [real, tiny, mixed, memo]) repo.forgetRankings();
  for (const [i, r] of rows.entries()) {
    // Half-way, the memory makes its ranks and filter codes: the rest are rows changed since.
    if (i === Math.floor(rows.length / 2))
      for (const sort of ['recent', 'price-asc', 'price-desc', 'title'] as const)
        await memo.search({ q: 'x', judet: 'Cluj', sort });
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
            const params = toParams(s, owners);
            const expected = bruteForce(stored, params);
            const sort = effectiveSort(params.q, params.sort);
            const context = JSON.stringify({ params, sort });
            const { ids, totals } = await walkPages([real, tiny, mixed, memo][i % 4]!, params);
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
