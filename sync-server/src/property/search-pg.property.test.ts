import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnnouncementRow, announcements } from '../../../schema/db/tables.ts';
import { compareAnnouncements, effectiveSort, type SearchParams } from '../../../schema/search.ts';
import { pgPoolOf } from '../lib/pg-backend.ts';
import { searchRepository } from '../repositories/search.ts';
import { copyAnnouncements } from '../repositories/search-pg-copy.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { bruteForce, type RowInput, row, search, toParams } from './search-arbitraries.ts';

/**
 * PostgreSQL's search (issue 13) = SQLite's, page for page, on random catalogues and searches (the
 * generators of search.property.test.ts): same rows in the same order for every order, relevance
 * included (BM25 as FTS5 computes it), same totals and cursors' pages; and both = the brute force of the
 * shared rules. Runs when DATABASE_URL names a PostgreSQL server; skipped otherwise.
 */
const url = process.env.DATABASE_URL;
const onPg = url?.startsWith('postgres') ?? false;

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
let pgApp: App;
let pool: pg.Pool;
const owners: string[] = [];

beforeAll(async () => {
  if (!onPg) return;
  app = await buildTestApp({ databaseUrl: null });
  pgApp = await buildTestApp();
  pool = pgPoolOf(pgApp.db);
  for (let i = 0; i < 3; i++) owners.push((await registerAndLogin(app)).userId);
});
afterAll(async () => {
  if (!onPg) return;
  await pgApp.cleanup();
  await app.cleanup();
});

/** The same rows in both engines (written through SQLite, copied unchanged). */
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
  const stored = await app.db.select().from(announcements);
  await pool.query('DELETE FROM announcements');
  await copyAnnouncements(pool, stored);
  return stored;
}

type Page = { rows: { id: string }[]; nextCursor: string | null; total: number; totalCapped: boolean };

async function walkPages(repo: { search(p: SearchParams): unknown }, params: SearchParams) {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const page = (await repo.search({ ...params, cursor })) as Page;
    totals.push(page.total);
    ids.push(...page.rows.map((r) => r.id));
    if (!page.nextCursor) return { ids, totals };
    cursor = page.nextCursor;
  }
  throw new Error('too many pages');
}

describe.skipIf(!onPg)('PostgreSQL search = SQLite search = brute force', () => {
  it('for random catalogues, queries, filters, orders and page sizes', async () => {
    const lite = searchRepository(app.db);
    const pgRepo = searchRepository(pgApp.db);
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 0, maxLength: 60 }),
        fc.array(search, { minLength: 1, maxLength: 6 }),
        async (rows, searches) => {
          const stored = await fill(rows);
          for (const s of searches) {
            const params = toParams(s, owners);
            const expected = bruteForce(stored, params);
            const sort = effectiveSort(params.q, params.sort);
            const context = JSON.stringify({ params, sort });
            const got = await walkPages(pgRepo, params);
            expect(got, context).toEqual(await walkPages(lite, params));
            expect(got.totals[0], context).toBe(expected.length);
            if (sort === 'relevance')
              expect([...got.ids].sort(), context).toEqual(expected.map((a) => a.id).sort());
            else
              expect(got.ids, context).toEqual(
                [...expected].sort(compareAnnouncements(sort)).map((a) => a.id),
              );
          }
        },
      ),
      {
        numRuns: Number(process.env.FC_RUNS ?? 150),
        seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31),
        endOnFailure: true,
      },
    );
  }, 180_000);
});
