import Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../../schema/db/tables.ts';
import { type SearchParams, words } from '../../../schema/search.ts';
import { dialectOf, rawRun } from '../lib/sql.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { type SearchRepository, searchRepository } from './search.ts';
import { insertSearchFixtures, LABELLED } from './search-fixtures.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
let repo: SearchRepository;
let ids: Record<string, string>;
let keyOf: Map<string, string>;

beforeAll(async () => {
  app = await buildTestApp();
  const owner = await registerAndLogin(app);
  ids = await insertSearchFixtures(app, owner.userId);
  keyOf = new Map(Object.entries(ids).map(([k, id]) => [id, k]));
  repo = searchRepository(app.db);
});
afterAll(async () => {
  await app.cleanup();
});

/** Every result of a search (all pages), as fixture keys in order. */
async function keys(params: SearchParams): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await repo.search({ ...params, cursor, limit: 5 });
    out.push(...page.rows.map((r) => keyOf.get(r.id) ?? r.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

describe('relevance: a labelled set of Romanian queries', () => {
  it.each(LABELLED)('$q', async ({ q, only, must, not, first }) => {
    const got = await keys({ q });
    if (only) expect([...got].sort()).toEqual([...only].sort());
    for (const k of must ?? []) expect(got).toContain(k);
    for (const k of not ?? []) expect(got).not.toContain(k);
    expect(got).not.toContain('hiddenTort');
    expect(got).not.toContain('deletedCeas');
    if (first) expect(got[0]).toBe(first);
    // Every order returns the same set.
    for (const sort of ['recent', 'price-asc', 'price-desc', 'title'] as const)
      expect([...(await keys({ q, sort }))].sort(), sort).toEqual([...got].sort());
  });

  it('ranks a title match above a description-only match', async () => {
    // 'tort ciocolata': both words in the title, then 'tort' in the title only, then the description only.
    expect(await keys({ q: 'tort ciocolata' })).toEqual(['tortCioc', 'tortFructe', 'candyBar']);
    expect(await keys({ q: 'ceasuri' })).toEqual(['ceasuriRep', 'ceasornicar', 'ceasBunic']);
  });
});

describe('filters, orders and pages', () => {
  it('filters by category, place and price band, with or without words', async () => {
    expect(
      (await keys({ q: 'tort', category: 'Prăjituri, Băcănie, Gătit', pret: 'over100' })).sort(),
    ).toEqual(['tortCioc', 'tortFructe']);
    // A county also shows country-wide offers; a locality also its county's offers without a locality.
    expect((await keys({ q: 'ceasuri', judet: 'Iași' })).sort()).toEqual(['ceasornicar', 'ceasuriRep']);
    expect(await keys({ q: 'ceasuri', judet: 'Iași', localitate: 'Iași' })).toEqual(['ceasuriRep']);
    expect(await keys({ q: 'prajituri', judet: 'Iași' })).toEqual(['prajituri']);
    expect((await keys({ judet: 'Brașov' })).sort()).toEqual(['bicicletaMunte', 'prajituri', 'sarmale']);
    expect((await keys({ judet: 'Brașov', localitate: 'Brașov' })).sort()).toEqual([
      'bicicletaMunte',
      'prajituri',
      'sarmale',
    ]);
    expect(await keys({ judet: 'Cluj', localitate: 'Florești', category: 'Fotografie' })).toEqual([
      'fotoBotez',
    ]);
    expect(await keys({ pret: 'free' })).toEqual(['gradina']);
    expect(await keys({ q: 'fursecuri', pret: 'under50' })).toEqual(['fursecuri']);
    expect(await keys({ q: 'candy', pret: 'under50' })).toEqual([]);
  });

  it('orders: newest first by default without words, prices with unpriced last, titles A–Z', async () => {
    const all = await keys({});
    expect(all).toHaveLength(38);
    expect(all[0]).toBe('sarmale');
    expect(all.at(-1)).toBe('tortCioc');
    const cakes = { category: 'Prăjituri, Băcănie, Gătit' };
    expect(await keys({ ...cakes, sort: 'price-asc' })).toEqual([
      'fursecuri',
      'prajituri',
      'cozonac',
      'tortFructe',
      'tortCioc',
      'sarmale',
      'candyBar',
    ]);
    expect(await keys({ ...cakes, sort: 'price-desc' })).toEqual([
      'tortCioc',
      'tortFructe',
      'cozonac',
      'prajituri',
      'fursecuri',
      'sarmale',
      'candyBar',
    ]);
    expect(await keys({ ...cakes, sort: 'title' })).toEqual([
      'candyBar',
      'cozonac',
      'fursecuri',
      'prajituri',
      'sarmale',
      'tortFructe', // 'Tort cu…' before 'Tort de…'
      'tortCioc',
    ]);
  });

  it('counts exactly, pages by cursor without repeats, and says when there is no next page', async () => {
    const first = await repo.search({ limit: 10 });
    expect(first.total).toBe(38);
    expect(first.totalCapped).toBe(false);
    expect(first.rows).toHaveLength(10);
    expect(first.nextCursor).toBeTypeOf('string');
    const last = await repo.search({ q: 'tort ciocolata', limit: 3 });
    expect(last.total).toBe(3);
    expect(last.nextCursor).toBeNull();
    const seen = await keys({ q: 'de', sort: 'relevance' });
    expect(new Set(seen).size).toBe(seen.length);
    expect((await repo.search({ q: 'de', limit: 5 })).total).toBe(seen.length);
  });

  it('refuses a cursor of another order or not of ours', async () => {
    const next = (await repo.search({ q: 'de', limit: 2 })).nextCursor!;
    await expect(repo.search({ q: 'de', sort: 'title', cursor: next })).rejects.toThrow();
    await expect(repo.search({ cursor: 'abc' })).rejects.toThrow();
  });
});

describe('the full-text index follows every write', () => {
  it('hides, shows, re-indexes and forgets announcements as they change', async () => {
    const owner = await registerAndLogin(app);
    const id = await insertAnnouncement(app, owner.userId, {
      title: 'Ornitorinc de pluș cusut manual',
      description: 'Jucărie moale, lavabilă, pentru copii de orice vârstă.',
      category: 'Business',
      location: 'Vaslui',
      localitate: '',
      price: 30,
    });
    const found = async (params: SearchParams) => (await repo.search(params)).rows.map((r) => r.id);
    const set = (patch: Partial<typeof announcements.$inferInsert>) =>
      app.uow.write(() => app.announcementsRepo.update(id, patch));
    expect(await found({ q: 'ornitorinc' })).toEqual([id]);
    expect(await found({ q: 'ornitorinc', judet: 'Vaslui', pret: 'under50', category: 'Business' })).toEqual([
      id,
    ]);

    await set({ active: false });
    expect(await found({ q: 'ornitorinc' })).toEqual([]);
    await set({ active: true });
    expect(await found({ q: 'ornitorinc' })).toEqual([id]);

    // A filter value that changes moves the row in the index too.
    await set({ price: 300, location: 'Iași', category: 'Fotografie' });
    expect(await found({ q: 'ornitorinc', pret: 'under50' })).toEqual([]);
    expect(await found({ q: 'ornitorinc', pret: 'over100', judet: 'Iași', category: 'Fotografie' })).toEqual([
      id,
    ]);
    expect(await found({ q: 'ornitorinc', judet: 'Vaslui' })).toEqual([]);

    await set({ title: 'Arici de pluș cusut manual' });
    expect(await found({ q: 'ornitorinc' })).toEqual([]);
    expect(await found({ q: 'arici plus' })).toEqual([id]);

    await set({ deleted: true });
    expect(await found({ q: 'arici' })).toEqual([]);
    await app.uow.write(() => app.db.delete(announcements).where(eq(announcements.id, id)));
    expect(await found({ q: 'arici' })).toEqual([]);

    // The index still agrees with its content (the public rows), and a rebuild changes nothing (FTS5's own
    // check on SQLite; search-pg.test.ts checks PostgreSQL's counters).
    const check = async () =>
      dialectOf(app.db) === 'sqlite' &&
      app.uow.write(() =>
        rawRun(
          app.db,
          sql.raw("INSERT INTO announcements_fts(announcements_fts) VALUES ('integrity-check')"),
        ),
      );
    await check();
    const before = await keys({ q: 'tort' });
    await app.uow.write(() => repo.rebuildIndex());
    await check();
    expect(await keys({ q: 'tort' })).toEqual(before);
  });
});

describe('relevance with many equal scores', () => {
  it('takes the newest of the rows tying at the ranking edge, whatever order they were written in', async () => {
    const owner = await registerAndLogin(app, 'ties@example.com');
    // 260 announcements with the same words (the same BM25), written oldest first, a day apart: the
    // ranking keeps 200, and which 200 decides what the recency prior lifts to the first page.
    const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString();
    const made: string[] = [];
    for (let i = 0; i < 260; i++)
      made.push(
        await insertAnnouncement(app, owner.userId, {
          title: 'Pălării croșetate manual',
          description: 'Pălării de vară croșetate din bumbac.',
          createdAt: day(i),
          updatedAt: day(i),
        }),
      );
    const page = await searchRepository(app.db).search({ q: 'palarii crosetate', limit: 24 });
    expect(page.rows.map((r) => r.id)).toEqual(made.slice(-24).reverse());
  });
});

describe('words() splits text as the index tokenizer does', () => {
  it('agrees with FTS5 unicode61 remove_diacritics 2 on random Romanian-ish text', async () => {
    const sqlite = new Database(':memory:');
    sqlite.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize='unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
    const insert = sqlite.prepare('INSERT INTO t(rowid, x) VALUES (1, ?)');
    const tokens = sqlite.prepare('SELECT term FROM v ORDER BY offset').pluck();
    const piece = fc.constantFrom(
      ...'aăâbcdefghiîjklmnoprsștțuvwxyzAĂÂIÎSȘTȚşţŞŢéèüöçñ0123456789'.split(''),
      ...' ,.;:!?-–—/\\()[]{}"\'„”«»@#%&*+=_|~^`€$\t\n\u00a0\u2011'.split(''),
      'Cluj-Napoca',
      'ciocolată',
      'ȘEDINȚĂ',
      'a\u0306',
      '3D',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        sqlite.exec('DELETE FROM t');
        insert.run(text);
        expect(words(text), JSON.stringify(text)).toEqual(tokens.all());
      }),
      { numRuns: 500 },
    );
    sqlite.close();
  });
});
