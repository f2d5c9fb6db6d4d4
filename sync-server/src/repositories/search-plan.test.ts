import type { Statement } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchParams } from '../../../schema/search.ts';
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
  insertSearchFixtures(app, owner);
  ran = [];
  const client = app.db.$client;
  const prepare = client.prepare.bind(client);
  const tracing = new Proxy(client, {
    get(target, key) {
      if (key !== 'prepare') return Reflect.get(target, key, target);
      return (sql: string) => {
        const s: Statement = prepare(sql);
        for (const m of ['all', 'get', 'iterate'] as const) {
          const run = s[m].bind(s) as (...args: unknown[]) => unknown;
          (s as unknown as Record<string, unknown>)[m] = (...args: unknown[]) => {
            ran.push(sql);
            return run(...args);
          };
        }
        return s;
      };
    },
  });
  traced = Object.create(app.db, { $client: { value: tracing } }) as Db;
});
afterAll(async () => {
  await app.cleanup();
});

const LOW = { small: 1, walkBudget: 1, filteredSmall: 1 };

/** All pages of a search with the given repository, recording the statements of each page. */
function pages(params: SearchParams) {
  const repo = searchRepository(traced, LOW);
  const out: { ids: string[]; statements: string[] }[] = [];
  let cursor: string | undefined;
  do {
    ran = [];
    const page = repo.search({ ...params, cursor, limit: 4 });
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
    '%s: lists the matches once per page and walks a few index entries per match before sorting them whole',
    (sort) => {
      const got = pages({ q: 'de', sort });
      expect(got.length).toBeGreaterThan(2);
      // Same pages as the real thresholds give.
      const real = searchRepository(app.db);
      const all = real.search({ q: 'de', sort, limit: 60 }).rows.map((r) => r.id);
      expect(got.flatMap((p) => p.ids)).toEqual(all);
      for (const [i, page] of got.entries()) {
        // The probe of the first few, then the list every walked segment checks against.
        expect(matchRuns(page.statements), `page ${i + 1}`).toBeLessThanOrEqual(2);
        // A walk of one entry would give up at once; 4 per match (~20 matches here) covers the catalogue.
        expect(page.statements.filter(sortsWhole), `page ${i + 1}`).toEqual([]);
      }
    },
  );
});

describe('relevance pages', () => {
  const scores = (statements: string[]) => statements.filter((s) => s.includes('bm25(')).length;

  it('score the matches once for a search and its next pages, again after a write', () => {
    const repo = searchRepository(traced);
    const page = (cursor?: string) => {
      ran = [];
      const got = repo.search({ q: 'de', limit: 4, cursor });
      return { got, scored: scores(ran) };
    };
    const first = page();
    expect(first.scored).toBe(1);
    const second = page(first.got.nextCursor!);
    expect(second.scored).toBe(0);
    // Same pages as a fresh repository gives.
    const fresh = searchRepository(app.db);
    const expected = fresh.search({ q: 'de', limit: 8 }).rows.map((r) => r.id);
    expect([...first.got.rows, ...second.got.rows].map((r) => r.id)).toEqual(expected);

    // A new announcement that ranks first ('de' in its title, short text) is seen at once.
    const id = insertAnnouncement(app, owner, { title: 'De de de', description: 'De.', price: 10 });
    const after = page();
    expect(after.scored).toBe(1);
    expect(after.got.rows[0]!.id).toBe(id);
    repo.forgetRankings();
    expect(page().scored).toBe(1);
  });
});
