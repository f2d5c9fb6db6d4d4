import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchParams } from '../../../schema/search.ts';
import { sqliteOf } from '../lib/sql.ts';
import type { Db } from '../plugins/db.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { searchRepository } from './search.ts';
import { insertSearchFixtures } from './search-fixtures.ts';

/**
 * The plan of a search with many matches (thresholds lowered so that the fixtures' ~40 announcements are
 * "many"): what runs, not only what comes back. Every statement the repository executes is recorded.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
let ran: string[];
let traced: Db;
let owner: string;

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await registerAndLogin(app)).userId;
  await insertSearchFixtures(app, owner);
  ran = [];
  // The search runs its SQL through `db.all` (lib/sql.ts): record each statement's text there.
  const dialect = (app.db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } }).dialect;
  const all = (query: SQL) => {
    ran.push(dialect.sqlToQuery(query).sql);
    return sqliteOf(app.db).all(query);
  };
  traced = Object.create(app.db, { all: { value: all } }) as Db;
});
afterAll(async () => {
  await app.cleanup();
});

// The plans that read the database (the memory's pages are search-memory.test.ts's).
const LOW = { small: 1, walkBudget: 1, filteredSmall: 1, memory: false };

/** All pages of a search with the given repository, recording the statements of each page. */
async function pages(params: SearchParams) {
  const repo = searchRepository(traced, LOW);
  const out: { ids: string[]; statements: string[] }[] = [];
  let cursor: string | undefined;
  do {
    ran = [];
    const page = await repo.search({ ...params, cursor, limit: 4 });
    out.push({ ids: page.rows.map((r) => r.id), statements: ran });
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/** The matches read row by row and sorted (not a walk, which names its index). */
const sortsWhole = (s: string) => s.includes('FROM announcements a WHERE') && s.includes('ORDER BY');
const matchRuns = (statements: string[]) => statements.filter((s) => s.includes(' MATCH ?')).length;

describe('a search with many matches, in an order', () => {
  it.each(['price-desc', 'title', 'recent'] as const)(
    '%s: counts the matches once, walks the order against them (a statement per segment), never sorts whole',
    async (sort) => {
      const got = await pages({ q: 'c', sort });
      expect(got.length).toBeGreaterThan(2);
      // Same pages as the real thresholds give.
      const real = searchRepository(app.db);
      const all = (await real.search({ q: 'c', sort, limit: 60 })).rows.map((r) => r.id);
      expect(got.flatMap((p) => p.ids)).toEqual(all);
      for (const [i, page] of got.entries()) {
        // The probe of the first few, the capped count that tells a broad word (issue 20) and sizes the
        // walk, then one statement per walked segment (a price order's cursor page has three).
        expect(matchRuns(page.statements), `page ${i + 1}`).toBeLessThanOrEqual(5);
        // A walk of one entry would give up at once; 24 per match (~20 matches here) covers the catalogue.
        expect(page.statements.filter(sortsWhole), `page ${i + 1}`).toEqual([]);
      }
    },
  );
});

describe('relevance pages', () => {
  const scores = (statements: string[]) => statements.filter((s) => s.includes('bm25(')).length;

  it('score the matches once for a search and its next pages, again after a write', async () => {
    const repo = searchRepository(traced);
    const page = async (cursor?: string) => {
      ran = [];
      const got = await repo.search({ q: 'tort', limit: 2, cursor });
      return { got, scored: scores(ran) };
    };
    const first = await page();
    expect(first.scored).toBe(1);
    const second = await page(first.got.nextCursor!);
    expect(second.scored).toBe(0);
    // Same pages as a fresh repository gives.
    const fresh = searchRepository(app.db);
    const expected = (await fresh.search({ q: 'tort', limit: 4 })).rows.map((r) => r.id);
    expect([...first.got.rows, ...second.got.rows].map((r) => r.id)).toEqual(expected);

    // A new announcement that ranks first ('tort' in its title, short text) is seen at once.
    const id = await insertAnnouncement(app, owner, {
      title: 'Tort tort tort',
      description: 'Tort.',
      price: 10,
    });
    const after = await page();
    expect(after.scored).toBe(1);
    expect(after.got.rows[0]!.id).toBe(id);
    repo.forgetRankings();
    expect((await page()).scored).toBe(1);
  });
});

describe('a broad word (past BROAD matches), in an order', () => {
  it('walks the order and looks each walked row up in the full-text index: no list of the matches', async () => {
    const repo = searchRepository(traced, { ...LOW, broad: 5 });
    ran = [];
    const page = await repo.search({ q: 'c', sort: 'recent', limit: 4 });
    expect(page.totalCapped || page.total > 5).toBe(true);
    expect(ran.some((s) => s.includes('p.rowid = r'))).toBe(true);
    // The same rows as the plan that lists the matches.
    const listed = await searchRepository(app.db, LOW).search({ q: 'c', sort: 'recent', limit: 4 });
    expect(page.rows.map((r) => r.id)).toEqual(listed.rows.map((r) => r.id));
  });
});
