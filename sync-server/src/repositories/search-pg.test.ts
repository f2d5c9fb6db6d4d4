import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionQuery, topicQuery } from '../../../schema/catalog/topics.ts';
import { announcements } from '../../../schema/db/tables.ts';
import { SEARCH_SORTS, type SearchParams, words } from '../../../schema/search.ts';
import { encodeCursor } from '../../../schema/search-params.ts';
import { analyze, anyOf, searchColumns, textQueryOf } from '../../../schema/text.ts';
import { pgPoolOf } from '../lib/pg-backend.ts';
import { buildTestApp, registerAndLogin } from '../test-helper.ts';
import { SEARCH_TUNING, type SearchRepository, searchRepository } from './search.ts';
import { insertSearchFixtures, LABELLED } from './search-fixtures.ts';
import { copyAnnouncements } from './search-pg-copy.ts';
import { newestPlan, orderPlan, surelyMore } from './search-pg-plan.ts';

/**
 * The PostgreSQL search (issue 13) on the fixtures of search.test.ts: the labelled relevance set, and
 * every page of PostgreSQL = every page of SQLite over the same rows (relevance order included: BM25 is
 * computed as FTS5 computes it). Runs when DATABASE_URL names a PostgreSQL server; skipped otherwise.
 */
const url = process.env.DATABASE_URL;
const onPg = url?.startsWith('postgres') ?? false;

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
let pgApp: App;
let pool: pg.Pool;
let lite: SearchRepository;
let repo: SearchRepository;
let keyOf: Map<string, string>;

beforeAll(async () => {
  if (!onPg) return;
  app = await buildTestApp({ databaseUrl: null });
  pgApp = await buildTestApp();
  pool = pgPoolOf(pgApp.db);
  const owner = await registerAndLogin(app);
  const ids = await insertSearchFixtures(app, owner.userId);
  keyOf = new Map(Object.entries(ids).map(([k, id]) => [id, k]));
  await copyAnnouncements(pool, await app.db.select().from(announcements));
  lite = searchRepository(app.db);
  repo = searchRepository(pgApp.db);
});
afterAll(async () => {
  if (!onPg) return;
  await pgApp.cleanup();
  await app.cleanup();
});

type Repo = { search(p: SearchParams): unknown };
type Page = { rows: { id: string }[]; nextCursor: string | null; total: number; totalCapped: boolean };

/** Every page of a search: ids in order, and each page's total. */
async function pages(r: Repo, params: SearchParams, limit = 5) {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  do {
    const page = (await r.search({ ...params, cursor, limit })) as Page;
    ids.push(...page.rows.map((row) => row.id));
    totals.push(page.total);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { ids, totals };
}
const keys = async (params: SearchParams) => (await pages(repo, params)).ids.map((id) => keyOf.get(id) ?? id);

describe.skipIf(!onPg)('PostgreSQL search: the labelled set', () => {
  it.each(LABELLED)('$q', async ({ q, only, must, not, first }) => {
    const got = await keys({ q });
    if (only) expect([...got].sort()).toEqual([...only].sort());
    for (const k of must ?? []) expect(got).toContain(k);
    for (const k of not ?? []) expect(got).not.toContain(k);
    expect(got).not.toContain('hiddenTort');
    expect(got).not.toContain('deletedCeas');
    if (first) expect(got[0]).toBe(first);
    // Every order, page by page, as SQLite gives it (relevance included).
    for (const sort of SEARCH_SORTS) {
      for (const limit of [1, 5, 60]) {
        expect(await pages(repo, { q, sort }, limit), `${sort} ${limit}`).toEqual(
          await pages(lite, { q, sort }, limit),
        );
      }
    }
  });

  it('ranks a title match above a description-only match', async () => {
    expect(await keys({ q: 'tort ciocolata' })).toEqual(['tortCioc', 'tortFructe', 'candyBar']);
    expect(await keys({ q: 'ceasuri' })).toEqual(['ceasuriRep', 'ceasornicar', 'ceasBunic']);
  });
});

const CAKES = 'Prăjituri, Băcănie, Gătit';
const FILTERED: SearchParams[] = [
  { q: 'tort', category: CAKES, pret: 'over100' },
  { q: 'ceasuri', judet: 'Iași' },
  { q: 'ceasuri', judet: 'Iași', localitate: 'Iași' },
  { q: 'prajituri', judet: 'Iași' },
  { judet: 'Brașov' },
  { judet: 'Brașov', localitate: 'Brașov' },
  { judet: 'Cluj', localitate: 'Florești', category: 'Fotografie' },
  { pret: 'free' },
  { q: 'fursecuri', pret: 'under50' },
  { q: 'candy', pret: 'under50' },
  {},
  { category: CAKES },
  { q: 'de', category: CAKES },
  { q: 'de', topic: topicQuery('Torturi'), subiect: 'Torturi' },
  { topic: definitionQuery({ all: ['fotograf* nunta'], not: 'mire' }), subiect: 'Foto' },
  { topic: definitionQuery('fotograf*'), judet: 'Cluj', pret: 'over100' },
  { q: 'prajitura casa' },
  { q: 'lectie chitara', text: anyOf(textQueryOf('lectie chitara')) },
];

describe.skipIf(!onPg)('PostgreSQL search: filters, orders and pages as on SQLite', () => {
  it.each(FILTERED)('%j', async (params) => {
    // Pages in an order by either plan (few matches found first, or the order's index walked; a walk
    // stopped after 3 entries, then the matches found first).
    const byPlan = [
      ...(['sort', 'walk', 3] as const).map((pgPagePlan) =>
        searchRepository(pgApp.db, { ...SEARCH_TUNING, pgPagePlan }),
      ),
      // Price orders through the RUM indexes whenever they can serve; with no room past the rows
      // needed, each edge is ambiguous and the other way is taken.
      ...[64, 0].map((margin) =>
        searchRepository(pgApp.db, { ...SEARCH_TUNING, pgRum: { use: 'always', margin } }),
      ),
    ];
    for (const sort of SEARCH_SORTS)
      for (const limit of [2, 7]) {
        const expected = await pages(lite, { ...params, sort }, limit);
        expect(await pages(repo, { ...params, sort }, limit), `${sort} ${limit}`).toEqual(expected);
        for (const r of byPlan) expect(await pages(r, { ...params, sort }, limit)).toEqual(expected);
      }
  });

  it('counts, and refuses a cursor of another order or not of ours', async () => {
    const first = await repo.search({ limit: 10 });
    expect([first.total, first.totalCapped, first.rows.length]).toEqual([38, false, 10]);
    expect(first.rows[0]).toEqual((await lite.search({ limit: 1 })).rows[0]);
    // Past the deepest relevance page: nothing, and the same total, on both engines.
    const far = encodeCursor({ s: 'relevance', o: 10_001 });
    const [farPg, farLite] = [
      await repo.search({ q: 'c', cursor: far }),
      await lite.search({ q: 'c', cursor: far }),
    ];
    expect([farPg.rows, farPg.total, farPg.nextCursor]).toEqual([
      farLite.rows,
      farLite.total,
      farLite.nextCursor,
    ]);
    expect(farPg.total).toBeGreaterThan(0);
    const next = (await repo.search({ q: 'c', limit: 2 })).nextCursor!;
    await expect(repo.search({ q: 'c', sort: 'title', cursor: next })).rejects.toThrow();
    await expect(repo.search({ cursor: 'abc' })).rejects.toThrow();
  });
});

describe.skipIf(!onPg)('PostgreSQL search: the index follows every write', () => {
  it('hides, shows, re-indexes and forgets announcements as they change', async () => {
    const [row] = await app.db.select().from(announcements).limit(1);
    const id = 'f'.repeat(24);
    await copyAnnouncements(pool, [
      {
        ...row!,
        id,
        seq: 10_000,
        title: 'Ornitorinc de pluș cusut manual',
        ...searchColumns('Ornitorinc de pluș cusut manual', row!.description),
        category: 'Business',
        price: 30,
      },
    ]);
    const found = async (params: SearchParams) => (await repo.search(params)).rows.map((r) => r.id);
    const set = (sql: string, ...values: unknown[]) =>
      pool.query(`UPDATE announcements SET ${sql} WHERE id = '${id}'`, values);
    expect(await found({ q: 'ornitorinc' })).toEqual([id]);
    expect(await found({ q: 'ornitorinc', pret: 'under50', category: 'Business' })).toEqual([id]);
    await set('active = 0');
    expect(await found({ q: 'ornitorinc' })).toEqual([]);
    await set('active = 1');
    expect(await found({ q: 'ornitorinc' })).toEqual([id]);
    await set("price = 300, location = 'Iași', category = 'Fotografie'");
    expect(await found({ q: 'ornitorinc', pret: 'under50' })).toEqual([]);
    expect(await found({ q: 'ornitorinc', pret: 'over100', judet: 'Iași', category: 'Fotografie' })).toEqual([
      id,
    ]);
    await set(
      'title = $1, search_title = $2',
      'Arici de pluș cusut manual',
      analyze('Arici de pluș cusut manual'),
    );
    expect(await found({ q: 'ornitorinc' })).toEqual([]);
    expect(await found({ q: 'arici plus' })).toEqual([id]);
    await set('deleted = 1');
    expect(await found({ q: 'arici' })).toEqual([]);
    await pool.query(`DELETE FROM announcements WHERE id = '${id}'`);
    // The index holds exactly the public rows, and a rebuild changes nothing.
    const stats = async () =>
      (
        await pool.query(
          `SELECT (SELECT rows FROM search_stats)::int AS rows, (SELECT tokens FROM search_stats)::int AS tokens,
             (SELECT count(*) FROM search_docs)::int AS docs, (SELECT sum(size) FROM search_docs)::int AS size,
             (SELECT count(*) FROM announcements WHERE deleted = 0 AND active = 1)::int AS public,
             (SELECT sum(cardinality(terms)) FROM search_docs)::int AS terms,
             (SELECT sum(docs) FILTER (WHERE docs > 0) FROM search_df)::int AS df`,
        )
      ).rows[0];
    const before = await stats();
    expect([before.rows, before.docs, before.tokens]).toEqual([before.public, before.public, before.size]);
    const ranking = await keys({ q: 'tort' });
    await repo.rebuildIndex();
    expect(await stats()).toEqual(before);
    expect(await keys({ q: 'tort' })).toEqual(ranking);
  });
});

describe.skipIf(!onPg)('hobbiz_search_words = words()', () => {
  it('on random text: Romanian, other scripts, marks, digits, separators', async () => {
    const piece = fc.oneof(
      fc.constantFrom(
        ...'aăâbcdefghiîjklmnoprsștțuvwxyzAĂÂIÎSȘTȚşţŞŢéèüöçñ0123456789'.split(''),
        ...' ,.;:!?-–—/\\()[]{}"\'„”«»@#%&*+=_|~^`€$\t\n\u00a0\u2011'.split(''),
        'Cluj-Napoca',
        'ciocolată',
        'ȘEDINȚĂ',
        'a\u0306',
        '3D',
        'ΟΔΟΣ',
        'İ',
        'ß',
        '½²',
        'Ⅻ',
        '中文',
        '🎂',
        '\u0301',
        'ǅ',
        'ﬁ',
      ),
      // Blocks whose letters are older than both engines' Unicode tables (Node's may be newer than the
      // system's ICU, which PostgreSQL's lower() uses: the newest letters may differ).
      fc.integer({ min: 0x20, max: 0x1bff }).map((c) => String.fromCodePoint(c)),
    );
    const texts = fc.sample(
      fc.array(piece, { maxLength: 30 }).map((p) => p.join('')),
      { numRuns: 2000, seed: 13 },
    );
    const { rows } = await pool.query(
      'SELECT t, hobbiz_search_words(t) AS w FROM unnest($1::text[]) WITH ORDINALITY AS x(t, n) ORDER BY n',
      [texts],
    );
    for (const r of rows as { t: string; w: string[] }[])
      expect(r.w, JSON.stringify(r.t)).toEqual(words(r.t));
  });
});

describe.skipIf(!onPg)('PostgreSQL search: relevance scores the newest matches, as on SQLite', () => {
  it('the same newest matches by date, the same pages (a low cap)', async () => {
    const capped = { ...SEARCH_TUNING, scoreCap: 3 };
    const pgCapped = searchRepository(pgApp.db, capped);
    const pgRum = searchRepository(pgApp.db, { ...capped, pgRum: { use: 'always', margin: 2 } });
    const liteCapped = searchRepository(app.db, capped);
    const liteMemory = searchRepository(app.db, { ...capped, memory: 'always' });
    const searches: SearchParams[] = [
      { q: 'c' },
      { q: 'de' },
      { q: 'c', judet: 'Cluj' },
      ...FILTERED.filter((p) => p.q || p.topic),
    ];
    for (const params of searches) {
      const expected = await pages(liteCapped, params, 2);
      expect(await pages(pgCapped, params, 2), JSON.stringify(params)).toEqual(expected);
      expect(await pages(pgRum, params, 2), JSON.stringify(params)).toEqual(expected);
      expect(await pages(liteMemory, params, 2), JSON.stringify(params)).toEqual(expected);
    }
    // More matches than scored: only the cap's worth are shown, the total counts them all.
    const broad = await pages(pgCapped, { q: 'c' }, 2);
    expect(broad.ids).toHaveLength(3);
    expect(broad.totals[0]).toBeGreaterThan(3);
  });
});

describe('how PostgreSQL finds a page in an order', () => {
  const df = { '=chitara': 40_000, '=meditatii': 24_000, '*foto': 200_000, '*prajitrui': 0 };
  const one = (term: string, prefix = false) => ({ groups: [[{ term, prefix }]], not: [] });
  it('walks the order for common words, finds few matches first, filters counting', () => {
    expect(orderPlan(one('prajitrui', true), df, 1_000_000, {}, 25)).toBe('sort');
    expect(orderPlan(one('foto', true), df, 1_000_000, {}, 25)).toBe('walk');
    expect(orderPlan(one('chitara'), df, 1_000_000, {}, 25)).toBe('walk');
    // In one county (~1/20 of the rows): far fewer matches than the word alone.
    expect(orderPlan(one('chitara'), df, 1_000_000, { judet: 'Cluj' }, 25)).toBe('sort');
    expect(orderPlan(one('meditatii'), df, 1_000_000, { judet: 'Cluj' }, 25)).toBe('sort');
  });
});

describe('how PostgreSQL finds the newest matches to score', () => {
  const df = { '=meditatii': 20_000, '=meditat': 4_000, '*foto': 200_000, '=sedinta': 30_000 };
  const q = (...groups: [string, boolean][][]) => ({
    groups: groups.map((g) => g.map(([term, prefix]) => ({ term, prefix }))),
    not: [],
  });
  it('sorts few matches found through the word index, walks the date index for many', () => {
    // 24k matches of 1M: a walk reads ~208k rows for 5,000, sorting reads 24k.
    expect(
      newestPlan(
        q([
          ['meditatii', false],
          ['meditat', false],
        ]),
        df,
        1_000_000,
        [],
        5000,
      ),
    ).toBe('sort');
    expect(newestPlan(q([['foto', true]]), df, 1_000_000, [], 5000)).toBe('walk');
    // Two words: bounded by the rarer.
    expect(newestPlan(q([['foto', true]], [['sedinta', false]]), df, 1_000_000, [], 5000)).toBe('sort');
    // Filters: the planner's choice (they may have an index of their own).
    expect(newestPlan(q([['meditatii', false]]), df, 1_000_000, ['d.category = $1'], 5000)).toBe('walk');
  });
});

describe('counting the matches on PostgreSQL', () => {
  const df = { '=reparatii': 31_000, '*foto': 227_000, '=sedinta': 900 };
  const q = (...groups: [string, boolean][][]) => ({
    groups: groups.map((g) => g.map(([term, prefix]) => ({ term, prefix }))),
    not: [] as { term: string; prefix: boolean }[],
  });
  it('skips the count only when one word alone has more rows than the cap', () => {
    expect(surelyMore(q([['reparatii', false]]), df, 1001)).toBe(true);
    expect(
      surelyMore(
        q([
          ['repar', false],
          ['foto', true],
        ]),
        df,
        1001,
      ),
    ).toBe(true);
    expect(surelyMore(q([['sedinta', false]]), df, 1001)).toBe(false);
    // Two words: both must be there, search_df cannot say how many rows hold both.
    expect(surelyMore(q([['foto', true]], [['reparatii', false]]), df, 1001)).toBe(false);
    expect(surelyMore({ ...q([['foto', true]]), not: [{ term: 'nunta', prefix: false }] }, df, 1001)).toBe(
      false,
    );
  });
});
