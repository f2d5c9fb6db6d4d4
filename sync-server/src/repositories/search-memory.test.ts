import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../../schema/db/tables.ts';
import { type SearchParams, titleSortKey } from '../../../schema/search.ts';
import { searchColumns } from '../../../schema/text.ts';
import { sqliteOf } from '../lib/sql.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { type SearchRepository, searchRepository } from './search.ts';
import { insertSearchFixtures } from './search-fixtures.ts';

/**
 * Pages from memory (search-memory.ts) against the plans that read the database each time, while the
 * catalogue changes between pages: every page and total the same. SQLite only: PostgreSQL's search keeps
 * nothing in memory (its index is the database's).
 */
const onPg = Boolean(process.env.DATABASE_URL);
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
let owner: string;
let memo: SearchRepository;
let plans: SearchRepository;
/** Relevance scores the newest 4 matches here (SCORE_CAP in production). */
const SCORE_CAP = 4;

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await registerAndLogin(app)).userId;
  await insertSearchFixtures(app, owner);
  memo = searchRepository(app.db, {
    small: 1,
    walkBudget: 1,
    filteredSmall: 1,
    memory: 'always',
    memoryLimits: { dirtyMax: 6, listEntries: 300, denseFrom: 3 },
    scoreCap: SCORE_CAP,
  });
  plans = searchRepository(app.db, {
    small: 1,
    walkBudget: 1,
    filteredSmall: 1,
    memory: false,
    scoreCap: SCORE_CAP,
  });
});
afterAll(async () => {
  await app.cleanup();
});

async function allPages(repo: SearchRepository, params: SearchParams) {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await repo.search({ ...params, cursor, limit: 3 });
    ids.push(...page.rows.map((r) => r.id));
    totals.push(page.total);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { ids, totals };
}

const SEARCHES: SearchParams[] = [
  { q: 'c', sort: 'recent' },
  { q: 'c', sort: 'price-asc' },
  { q: 'c', sort: 'price-desc', judet: 'Cluj' },
  { q: 'c', sort: 'title', pret: 'over100' },
  { q: 'tort', sort: 'title', category: 'Prăjituri, Băcănie, Gătit' },
  // Relevance: the matches counted and chosen in memory, scored by BM25.
  { q: 'c', judet: 'Cluj' },
  { q: 'c' },
  { q: 'tort' },
];

async function expectSame() {
  for (const params of SEARCHES) {
    const got = await allPages(memo, params);
    const expected = await allPages(plans, params);
    expect(got, JSON.stringify(params)).toEqual(expected);
    expect(expected.ids.length, JSON.stringify(params)).toBeGreaterThan(0);
  }
}

const change = (id: string, patch: Partial<typeof announcements.$inferInsert>) =>
  app.uow.write(async (tx) => {
    await app.db
      .update(announcements)
      .set({ ...patch, seq: tx.seq() })
      .where(eq(announcements.id, id));
  });

describe.skipIf(onPg)('pages from memory', () => {
  it('are the pages of the plans, while rows are published, edited, hidden and deleted', async () => {
    await expectSame();
    const [first] = (await plans.search({ q: 'c', sort: 'recent', limit: 3 })).rows;
    const [cheap] = (await plans.search({ q: 'c', sort: 'price-asc', limit: 1 })).rows;
    // A new row, a price that moves a row to the other end, a new title, a hidden row, a deleted row.
    await insertAnnouncement(app, owner, { title: 'Tort cu cremă de castane', price: 3, location: 'Cluj' });
    await change(cheap!.id, { price: 99_999 });
    const title = 'Aaa curs de cusut';
    await change(first!.id, {
      title,
      titleKey: titleSortKey(title),
      ...searchColumns(title, first!.description),
    });
    await expectSame();
    const [hidden, gone] = (await plans.search({ q: 'c', sort: 'title', limit: 2 })).rows;
    await change(hidden!.id, { active: false });
    await change(gone!.id, { deleted: true });
    await expectSame();
    // An old row renewed: newest by date, not by rowid.
    const oldest = (await plans.search({ q: 'c', sort: 'recent', limit: 60 })).rows.at(-1)!;
    await change(oldest.id, { createdAt: new Date().toISOString() });
    await expectSame();
    // Past dirtyMax (6) changed rows, everything is made again from the current state.
    for (let i = 0; i < 8; i++) await insertAnnouncement(app, owner, { title: `Cusut ${i}`, price: i * 40 });
    await expectSame();
  });

  it('keeps nothing from a write left open on its connection (it may roll back)', async () => {
    const [a, b] = (await plans.search({ q: 'c', sort: 'price-asc', limit: 2 })).rows;
    const conn = sqliteOf(app.db).$client;
    conn.exec('BEGIN IMMEDIATE');
    try {
      // The next seq, given back by the rollback and then taken by another row's change: a memory that
      // read it would take that change for one it had seen.
      conn
        .prepare(
          'UPDATE announcements SET price = 1, seq = (SELECT max(seq) FROM announcements) + 1 WHERE id = ?',
        )
        .run(a!.id);
      await memo.search({ q: 'c', sort: 'price-asc' });
    } finally {
      conn.exec('ROLLBACK');
    }
    await change(b!.id, { price: 77_777 });
    await expectSame();
  });

  it('a cursor whose row changed since: the page still follows it (the plans answer)', async () => {
    const params: SearchParams = { q: 'c', sort: 'price-asc', limit: 3 };
    const page = await memo.search(params);
    const last = page.rows[page.rows.length - 1]!;
    await change(last.id, { price: (last.price ?? 0) + 1 });
    const next = await memo.search({ ...params, cursor: page.nextCursor! });
    const expected = await plans.search({ ...params, cursor: page.nextCursor! });
    expect(next.rows.map((r) => r.id)).toEqual(expected.rows.map((r) => r.id));
  });

  it('relevance scores the newest matches by date (a renewed announcement is among them)', async () => {
    /** The rows relevance shows, all pages: the scored ones. */
    const scored = async (repo: SearchRepository, params: SearchParams) =>
      (await allPages(repo, params)).ids.sort();
    const newestByDate = async (params: SearchParams) =>
      (await plans.search({ ...params, sort: 'recent', limit: SCORE_CAP })).rows.map((r) => r.id).sort();
    for (const params of [{ q: 'c' }, { q: 'c', judet: 'Cluj' }] as SearchParams[]) {
      const recent = (await plans.search({ ...params, sort: 'recent', limit: 60 })).rows;
      expect(recent.length, JSON.stringify(params)).toBeGreaterThan(SCORE_CAP);
      // The oldest match renewed: the first of the date order, and scored by both.
      const oldest = recent.at(-1)!;
      await change(oldest.id, { createdAt: new Date(Date.now() + 1000).toISOString() });
      const expected = await newestByDate(params);
      expect(expected).toContain(oldest.id);
      expect(await scored(plans, params), JSON.stringify(params)).toEqual(expected);
      expect(await scored(memo, params), JSON.stringify(params)).toEqual(expected);
    }
  });

  it("are not made again for favourites recounts, which move the rows' seq but nothing a search sees", async () => {
    await memo.search({ q: 'c', sort: 'title' });
    expect(memo.ready('title')).toBe(true);
    const rows = (await plans.search({ q: 'c', sort: 'recent', limit: 10 })).rows;
    // More recounts than dirtyMax (6): a change a search sees this many times would drop everything.
    for (const [i, row] of rows.entries()) await change(row.id, { favoritesCount: i + 1 });
    await memo.search({ q: 'c', sort: 'recent' });
    expect(memo.ready('title')).toBe(true);
    await expectSame();
    // Prices are seen: past dirtyMax, made again (the title order's ranks are gone until asked).
    for (const [i, row] of rows.entries()) await change(row.id, { price: 1000 + i });
    await memo.search({ q: 'c', sort: 'recent' });
    expect(memo.ready('title')).toBe(false);
    await expectSame();
  });
});
