import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../../schema/catalog/categories.ts';
import { HOME_CATEGORIES } from '../../../../schema/catalog/home-grid.ts';
import { matchesTopic, topicQuery } from '../../../../schema/catalog/topics.ts';
import { matchesSearch } from '../../../../schema/search.ts';
import { rawAll } from '../../lib/sql.ts';
import { insertSearchFixtures } from '../../repositories/search-fixtures.ts';
import { buildTestApp, registerAndLogin } from '../../test-helper.ts';

/**
 * Topics (issue 12, items 8 and 9) through the REST search: a sub-topic chip or a home tile finds the
 * announcements holding ANY of its terms — where the words of 'Miere de albine' as a query (every word
 * must match) found nothing.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type Page = { items: { _id: string }[]; nextCursor: string | null; total: number };
type Row = { id: string; title: string; description: string; category: string };

let app: App;
let keyOf: Map<string, string>;
let rows: Row[];

beforeAll(async () => {
  app = await buildTestApp();
  const owner = await registerAndLogin(app);
  const ids = await insertSearchFixtures(app, owner.userId);
  keyOf = new Map(Object.entries(ids).map(([k, id]) => [id, k]));
  rows = await rawAll<Row>(
    app.db,
    sql`SELECT id, title, description, category FROM announcements WHERE active = 1 AND deleted = 0`,
  );
});
afterAll(async () => {
  await app.cleanup();
});

/** Every result (all pages, 5 at a time so cursors are followed) as fixture keys, in order. */
async function found(query: Record<string, string>): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await app.inject({
      method: 'GET',
      url: '/api/announcements/search',
      query: { ...query, limit: '5', ...(cursor ? { cursor } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page;
    out.push(...page.items.map((a) => keyOf.get(a._id) ?? a._id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/** What the shared rule selects from the public rows (the offline listing runs the same). */
function expected(subiect: string, category?: string, q = ''): string[] {
  const topic = topicQuery(subiect, category);
  return rows
    .filter((r) => !category || r.category === category)
    .filter((r) => matchesTopic(topic, r.title, r.description) && matchesSearch(q, r.title, r.description))
    .map((r) => keyOf.get(r.id)!)
    .sort();
}

describe('GET /api/announcements/search?subiect=', () => {
  it('a sub-topic finds its category’s announcements about it, best first, where its words as q find none', async () => {
    const cakes = 'Prăjituri, Băcănie, Gătit';
    // As words, 'torturi aniversare' finds the birthday cake too since issue 20 (any form of a word).
    expect(await found({ category: cakes, q: 'Torturi aniversare' })).toContain('tortCioc');
    const cakesFound = await found({ category: cakes, subiect: 'Torturi aniversare' });
    expect(cakesFound[0]).toBe('tortCioc');
    expect([...cakesFound].sort()).toEqual(expected('Torturi aniversare', cakes));
    const got = await found({ category: cakes, subiect: 'Prăjituri de casă' });
    expect(got[0]).toBe('prajituri');
    expect([...got].sort()).toEqual(expected('Prăjituri de casă', cakes));
    expect(got).not.toContain('sarmale');
    // 'Fotografie de nuntă' inside Fotografie: 'fotografie' says nothing there, 'nuntă' does.
    const weddings = await found({ category: 'Fotografie', subiect: 'Fotografie de nuntă' });
    expect(weddings[0]).toBe('fotoNunta');
    expect(weddings).not.toContain('fotoProdus');
  });

  it('agrees with the shared rule for every sub-topic of every category and every home tile, in every order', async () => {
    let nonEmpty = 0;
    for (const c of CATEGORIES)
      for (const col of c.columns)
        for (const topic of col.topics) {
          const got = await found({ category: c.name, subiect: topic });
          expect([...got].sort(), `${c.name} / ${topic}`).toEqual(expected(topic, c.name));
          if (got.length > 0) nonEmpty++;
        }
    expect(nonEmpty).toBeGreaterThan(20);
    for (const tile of HOME_CATEGORIES) {
      const query = { category: tile.category ?? 'toate', ...(tile.topic ? { subiect: tile.name } : {}) };
      const base = await found(query);
      if (tile.topic) expect([...base].sort(), tile.name).toEqual(expected(tile.name, tile.category));
      for (const sort of ['recent', 'price-asc', 'price-desc', 'title'])
        expect([...(await found({ ...query, sort }))].sort(), `${tile.name} ${sort}`).toEqual(
          [...base].sort(),
        );
    }
  });

  it('a home tile that is not a category finds its offers across categories (Sport, Tehnologie)', async () => {
    const sport = await found({ subiect: 'Sport' });
    expect([...sport].sort()).toEqual(expected('Sport'));
    expect(sport).not.toContain('tortCioc');
    expect(await found({ subiect: 'sport', q: 'ornitorinc' })).toEqual([]);
  });

  it('combines with the words of q (each must match) and ignores a topic of empty words', async () => {
    const cakes = 'Prăjituri, Băcănie, Gătit';
    expect(
      [...(await found({ category: cakes, subiect: 'Torturi aniversare', q: 'ciocolata' }))].sort(),
    ).toEqual(expected('Torturi aniversare', cakes, 'ciocolata'));
    expect((await found({ category: cakes, subiect: 'de și' })).length).toBe(
      rows.filter((r) => r.category === cakes).length,
    );
    const long = await app.inject({
      method: 'GET',
      url: '/api/announcements/search',
      query: { subiect: 'x'.repeat(101) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: 'Subiectul poate avea cel mult 100 de caractere.' });
  });
});
