import type { Statement } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchParams } from '../../../schema/search.ts';
import type { Db } from '../plugins/db.ts';
import { buildTestApp, registerAndLogin } from '../test-helper.ts';
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

beforeAll(async () => {
  app = await buildTestApp();
  insertSearchFixtures(app, (await registerAndLogin(app)).userId);
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
