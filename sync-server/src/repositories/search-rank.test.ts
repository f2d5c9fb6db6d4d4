import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicQuery } from '../../../schema/catalog/topics.ts';
import { dayNumber, relevanceOrder } from '../../../schema/rank.ts';
import { analyze, both, matchesQuery, textQueryOf } from '../../../schema/text.ts';
import { rawAll } from '../lib/sql.ts';
import { buildTestApp, registerAndLogin } from '../test-helper.ts';
import { searchRepository } from './search.ts';
import { insertSearchFixtures, LABELLED } from './search-fixtures.ts';

/**
 * The device's relevance order (schema/rank.ts) is the server's: over the same rows, every labelled query
 * and a few topics give the same order, ties included, on SQLite's FTS5 and on PostgreSQL's replica.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
type Doc = { id: string; title: string; description: string; createdAt: string };
let docs: Doc[];

beforeAll(async () => {
  app = await buildTestApp();
  const owner = await registerAndLogin(app);
  await insertSearchFixtures(app, owner.userId);
  docs = await rawAll<Doc>(
    app.db,
    sql`SELECT id, title, description, created_at AS "createdAt" FROM announcements WHERE deleted = 0 AND active = 1`,
  );
});
afterAll(async () => {
  await app.cleanup();
});

async function serverOrder(params: Record<string, unknown>): Promise<string[]> {
  const repo = searchRepository(app.db);
  const out: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await repo.search({ ...params, sort: 'relevance', cursor, limit: 60 });
    out.push(...page.rows.map((r) => r.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

describe('relevance on the device', () => {
  const cases: { q?: string; subiect?: string; category?: string }[] = [
    ...LABELLED.map((l) => ({ q: l.q })),
    { q: 'reparatii', subiect: 'Sport' },
    { subiect: 'Prăjituri de casă', category: 'Prăjituri, Băcănie, Gătit' },
  ];
  it.each(cases)('%j', async (c) => {
    const topic = c.subiect ? topicQuery(c.subiect, c.category) : { groups: [], not: [] };
    const text = both(textQueryOf(c.q ?? ''), topic);
    if (text.groups.length === 0) return;
    const matching = docs.filter((d) => matchesQuery(text, analyze(d.title), analyze(d.description)));
    const params = { ...(c.q ? { q: c.q } : {}), ...(c.subiect ? { topic, subiect: c.subiect } : {}) };
    const server = await serverOrder(params);
    const today = dayNumber();
    const device = relevanceOrder(text, matching, docs, { words: textQueryOf(c.q ?? ''), today }).map(
      (d) => d.id,
    );
    expect(device).toEqual(server);
  });
});
