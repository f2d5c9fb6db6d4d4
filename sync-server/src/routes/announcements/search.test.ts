import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEARCH_ERRORS } from '../../../../schema/search-params.ts';
import { expectRefused } from '../../property/support.ts';
import { insertSearchFixtures } from '../../repositories/search-fixtures.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin, sqlRun } from '../../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Item = {
  _id: string;
  title: string;
  price: number | null;
  user: { _id: string; firstName: string } | null;
};
type Page = { items: Item[]; nextCursor: string | null; total: number; totalCapped: boolean };

let app: App;
let owner: { userId: string };
let ids: Record<string, string>;
let keyOf: Map<string, string>;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await registerAndLogin(app);
  ids = await insertSearchFixtures(app, owner.userId);
  keyOf = new Map(Object.entries(ids).map(([k, id]) => [id, k]));
});
afterAll(async () => {
  await app.cleanup();
});

const get = (url: string, query: Record<string, string | number> = {}) =>
  app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const search = (query: Record<string, string | number>) => get('/api/announcements/search', query);
const keys = (items: { _id: string }[]) => items.map((a) => keyOf.get(a._id));

describe('GET /api/announcements/search', () => {
  it('answers a page of announcements with the seller card, the next cursor and the total', async () => {
    const res = await search({ q: 'tort ciocolata' });
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    // Every word in the first three; below them (partialFrom), those holding only some of the words.
    expect(keys(page.items).slice(0, 3)).toEqual(['tortCioc', 'tortFructe', 'candyBar']);
    expect(page).toMatchObject({ nextCursor: null, total: 3, totalCapped: false, partialFrom: 3 });
    expect(keys(page.items).slice(3)).toContain('prajituri');
    expect(page.items[0]).toMatchObject({
      _id: ids.tortCioc,
      title: 'Tort de ciocolată pentru aniversări',
      category: 'Prăjituri, Băcănie, Gătit',
      price: 180,
      active: true,
      user: { _id: owner.userId, firstName: 'Ana', lastName: 'Pop', avatar: null },
    });
    expect(page.items[0]).not.toHaveProperty('user.email');
    expect(page.items[2]!.price).toBeNull();
  });

  it('takes the listing URL’s parameters, generous in how they are written', async () => {
    const res = await search({
      category: 'prajituri-bacanie-gatit',
      judet: 'toata tara',
      pret: 'under50',
      sort: 'price-asc',
      view: 'list',
    });
    expect(res.statusCode).toBe(200);
    expect(keys((res.json() as Page).items)).toEqual(['fursecuri', 'prajituri']);
    const iasi = (await search({ q: 'ceasuri', judet: 'iasi', localitate: 'pascani' })).json() as Page;
    expect(keys(iasi.items)).toEqual(['ceasornicar']);
    const byLocality = (await search({ judet: 'Pașcani' })).json() as Page;
    expect(keys(byLocality.items).sort()).toEqual(['ceasornicar', 'prajituri', 'sarmale']);
    const titles = (await search({ category: 'Fotografie', sort: 'title' })).json() as Page;
    expect(titles.items.map((a) => a.title)).toEqual([
      'Fotograf de portret în Cluj-Napoca',
      'Fotograf pentru familie și copii',
      'Fotografie de botez și evenimente',
      'Fotografie de produs pe fundal alb',
      'Ședință foto de nuntă în stil documentar',
    ]);
  });

  it('walks every page through the cursor, each announcement once', async () => {
    for (const sort of ['relevance', 'recent', 'price-asc', 'price-desc', 'title']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let total = 0;
      do {
        const res = await search({ q: 'de', sort, limit: 4, ...(cursor ? { cursor } : {}) });
        expect(res.statusCode, sort).toBe(200);
        const page = res.json() as Page;
        if (page.nextCursor) expect(page.items).toHaveLength(4);
        seen.push(...page.items.map((a) => a._id));
        total = page.total;
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.length, sort).toBe(total);
      expect(new Set(seen).size, sort).toBe(total);
      expect(total).toBeGreaterThan(8);
    }
  });

  it('answers 400 with a Romanian error for bad parameters', async () => {
    const cases: [Record<string, string | number>, string | RegExp][] = [
      [{ pret: 'ieftin' }, SEARCH_ERRORS.pret],
      [{ sort: 'popular' }, SEARCH_ERRORS.sort],
      [{ limit: 0 }, SEARCH_ERRORS.limit],
      [{ limit: 61 }, SEARCH_ERRORS.limit],
      [{ category: 'Astrologie' }, SEARCH_ERRORS.category('Astrologie')],
      [{ judet: 'Atlantida' }, SEARCH_ERRORS.judet('Atlantida')],
      [{ judet: 'Florești' }, /există în mai multe județe/],
      [{ judet: 'Cluj', localitate: 'Pitești' }, SEARCH_ERRORS.localitate('Pitești', 'Cluj')],
      [{ cursor: 'nu-e-un-cursor' }, SEARCH_ERRORS.cursor],
      [{ q: 'a'.repeat(201) }, SEARCH_ERRORS.qLong],
    ];
    for (const [query, error] of cases) {
      const res = await search(query);
      expectRefused(res, query);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { error: string }).error).toMatch(error);
    }
    // A cursor of another order (or of a search with words, reused without them).
    const next = ((await search({ q: 'de', limit: 2 })).json() as Page).nextCursor!;
    const other = await search({ q: 'de', sort: 'title', cursor: next });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ error: SEARCH_ERRORS.cursor });
  });

  it('a fault while searching is the server’s (500), not a refused cursor', async () => {
    const spy = vi.spyOn(app.searchRepo, 'search').mockRejectedValueOnce(new Error('database is locked'));
    try {
      const res = await search({ q: 'de' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'A apărut o eroare pe server. Încearcă din nou.' });
    } finally {
      spy.mockRestore();
    }
  });

  it('answers from its kept first pages until an announcement changes (services/search-cache.ts)', async () => {
    const first = (await search({ q: 'vioara' })).json() as Page;
    const again = (await search({ q: 'vioara' })).json() as Page;
    expect(again).toEqual(first);
    // Published after the answer was kept: its seq is a new catalogue version, the next search sees it.
    const id = await insertAnnouncement(app, owner.userId, {
      title: 'Vioară pentru începători, cu arcuș',
      category: 'Muzică, Teatru, Dans',
    });
    const after = (await search({ q: 'vioara' })).json() as Page;
    expect(after.total).toBe(first.total + 1);
    expect(after.items.map((a) => a._id)).toContain(id);
    // …and its removal too.
    await sqlRun(app, sql`UPDATE announcements SET deleted = 1, seq = ${Date.now()} WHERE id = ${id}`);
    expect(((await search({ q: 'vioara' })).json() as Page).total).toBe(first.total);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json() as {
      paths: Record<string, { get?: { parameters: { name: string }[]; responses: Record<string, unknown> } }>;
    };
    const op = doc.paths['/api/announcements/search']?.get;
    expect(op).toBeDefined();
    expect(op!.parameters.map((p) => p.name).sort()).toEqual(
      ['category', 'cursor', 'exact', 'judet', 'limit', 'localitate', 'pret', 'q', 'sort', 'subiect'].sort(),
    );
    expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['200', '400']));
    const list = doc.paths['/api/announcements']?.get;
    expect(JSON.stringify(list!.responses['200'])).toContain('X-Next-Cursor');
  });
});

describe('GET /api/announcements (the spec’s list, now one page at a time)', () => {
  it('answers the spec’s array, newest first, 24 at a time, the next page in X-Next-Cursor', async () => {
    const first = await get('/api/announcements');
    expect(first.statusCode).toBe(200);
    const items = first.json() as Item[];
    expect(items).toHaveLength(24);
    expect(keys(items).slice(0, 2)).toEqual(['sarmale', 'printare3d']);
    expect(items[0]).toMatchObject({ _id: ids.sarmale, user: { _id: owner.userId } });
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBeTypeOf('string');
    const second = await get('/api/announcements', { cursor });
    const rest = second.json() as Item[];
    expect(rest).toHaveLength(38 - 24);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    expect(new Set([...items, ...rest].map((a) => a._id)).size).toBe(38);
  });

  it('takes the same parameters; an unknown category is an empty list, other mistakes a 400', async () => {
    const cakes = await get('/api/announcements', {
      category: 'Prăjituri, Băcănie, Gătit',
      sort: 'price-desc',
      limit: 2,
    });
    expect(keys(cakes.json() as Item[])).toEqual(['tortCioc', 'tortFructe']);
    expect(cakes.headers['x-next-cursor']).toBeTypeOf('string');
    expect(keys((await get('/api/announcements', { q: 'ceasuri' })).json() as Item[])).toEqual([
      'ceasuriRep',
      'ceasornicar',
      'ceasBunic',
    ]);
    expect((await get('/api/announcements', { category: 'Astrologie' })).json()).toEqual([]);
    const bad = await get('/api/announcements', { pret: 'ieftin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: SEARCH_ERRORS.pret });
  });
});

// Last: it adds an announcement the listings above would count.
describe('kept search pages and seller cards', () => {
  it('shows a seller card changed since the page was kept (a new name, a new avatar)', async () => {
    const { token, userId } = await registerAndLogin(app);
    await insertAnnouncement(app, userId, { title: 'Vioară lucrată manual de lutier' });
    const card = async () =>
      ((await search({ q: 'vioara lutier' })).json() as Page).items[0]?.user?.firstName;
    expect(await card()).toBe('Ana');
    expect(await card()).toBe('Ana'); // kept (services/search-cache.ts)
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${token}` },
      payload: { firstName: 'Daniela' },
    });
    expect(saved.statusCode).toBe(200);
    expect(await card()).toBe('Daniela');
  });
});
