import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchParams } from '../../../schema/search.ts';
import { pgPoolOf } from '../lib/pg-backend.ts';
import { DIALECT, pgOf } from '../lib/sql.ts';
import type { Db } from '../plugins/db.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { SCORE_CAP, SEARCH_TUNING, searchRepository } from './search.ts';
import { searchRepositoryPg } from './search-pg.ts';
import { ambiguous } from './search-pg-rum.ts';
import type { RumUse } from './search-tuning.ts';

/**
 * The RUM indexes of the PostgreSQL search (search-pg-rum.ts) where their keys tie: rows created in the
 * same millisecond or second at the same price come back from the index in any order, and a page is
 * still exactly the order's (price, then newest, then id) — read through the index when the edge is
 * clear, the other way when it is not. Runs when DATABASE_URL names a PostgreSQL server.
 */
const url = process.env.DATABASE_URL;
const onPg = url?.startsWith('postgres') ?? false;

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
const made: { id: string; price: number | null; createdAt: string }[] = [];

/** The SQL text of a drizzle statement as search-pg.ts builds it (raw parts and parameters). */
function textOf(q: unknown): string {
  const chunks = (q as { queryChunks?: unknown[] }).queryChunks;
  if (!chunks)
    return Array.isArray((q as { value?: unknown }).value) ? (q as { value: string[] }).value.join('') : '$';
  return chunks.map(textOf).join('');
}

/** A PostgreSQL search whose statements are recorded. */
function recorded(rum: { use: RumUse['use']; margin: number }, scoreCap = SCORE_CAP, pagePlan?: number) {
  const statements: string[] = [];
  const db = {
    [DIALECT]: 'postgres',
    execute: (q: SQL) => {
      statements.push(textOf(q));
      return pgOf(app.db).execute(q);
    },
  } as unknown as Db;
  return { repo: searchRepositoryPg(db, scoreCap, pagePlan, rum), statements };
}
const viaRum = (statements: string[]) => statements.filter((s) => /<=\||\|=>/.test(s)).length;

async function pages(
  r: { search(p: SearchParams): Promise<{ rows: { id: string }[]; nextCursor: string | null }> },
  params: SearchParams,
  limit: number,
) {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await r.search({ ...params, cursor, limit });
    ids.push(...page.rows.map((row) => row.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

beforeAll(async () => {
  if (!onPg) return;
  app = await buildTestApp();
  const owner = await registerAndLogin(app);
  // 36 rows holding 'ornic': a dozen in one millisecond, a dozen in one second, a dozen a minute apart;
  // prices 100 and 50 mostly, some without a price.
  for (let i = 0; i < 36; i++) {
    const group = Math.floor(i / 12);
    const createdAt =
      group === 0
        ? '2026-03-01T10:00:00.000Z'
        : group === 1
          ? `2026-03-02T10:00:00.${String(100 + i).padStart(3, '0')}Z`
          : new Date(Date.UTC(2026, 2, 3, 10, i)).toISOString();
    const price = i % 5 === 4 ? null : i % 3 === 0 ? 50 : 100;
    const id = await insertAnnouncement(app, owner.userId, {
      title: `Ornic de perete restaurat, model ${i}`,
      description: 'Ornic vechi cu pendul, restaurat în atelier, funcționează perfect.',
      price,
      createdAt,
      updatedAt: createdAt,
    });
    made.push({ id, price, createdAt });
  }
});
afterAll(async () => {
  if (onPg) await app.cleanup();
});

describe.skipIf(!onPg)('PostgreSQL search through the RUM indexes', () => {
  it('has them (Debian’s postgresql-*-rum, installed by scripts/debian.ts)', async () => {
    const { rows } = await pgPoolOf(app.db).query(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'search_docs' AND indexname LIKE 'search_docs_rum_%' ORDER BY 1",
    );
    expect(rows.map((r) => r.indexname)).toEqual([
      'search_docs_rum_new',
      'search_docs_rum_pasc',
      'search_docs_rum_pdesc',
    ]);
  });

  it.each(['price-desc', 'price-asc'] as const)('%s: the exact order whatever the ties', async (sort) => {
    const dir = sort === 'price-asc' ? 1 : -1;
    const expected = [...made]
      .sort(
        (a, b) =>
          (a.price === null ? 1 : 0) - (b.price === null ? 1 : 0) ||
          ((a.price ?? 0) - (b.price ?? 0)) * dir ||
          b.createdAt.localeCompare(a.createdAt) ||
          b.id.localeCompare(a.id),
      )
      .map((r) => r.id);
    const never = recorded({ use: 'never', margin: 64 });
    const wide = recorded({ use: 'always', margin: 64 });
    const narrow = recorded({ use: 'always', margin: 1 });
    for (const limit of [1, 4, 13, 40]) {
      for (const [name, r] of Object.entries({ never, wide, narrow }))
        expect(await pages(r.repo, { q: 'ornic', sort }, limit), `${name} ${limit}`).toEqual(expected);
    }
    expect(viaRum(never.statements)).toBe(0);
    // Read through the index: every priced page with room past its edge…
    expect(viaRum(wide.statements)).toBeGreaterThan(10);
    // …and with one row past it, the tied edges went the other way (more statements than pages).
    expect(viaRum(narrow.statements)).toBeGreaterThan(10);
    expect(narrow.statements.length).toBeGreaterThan(wide.statements.length);
  });

  it('relevance scores the same newest matches through the index, ties at the cap included', async () => {
    for (const scoreCap of [5, 12, 20, 30]) {
      const never = recorded({ use: 'never', margin: 64 }, scoreCap);
      const expected = await pages(never.repo, { q: 'ornic perete' }, 7);
      for (const margin of [1, 64]) {
        const r = recorded({ use: 'always', margin }, scoreCap);
        expect(await pages(r.repo, { q: 'ornic perete' }, 7), `${scoreCap} ${margin}`).toEqual(expected);
        expect(viaRum(r.statements)).toBeGreaterThan(0);
      }
    }
    // The production search (RUM for broad words only) agrees.
    const auto = searchRepository(app.db, SEARCH_TUNING);
    expect((await auto.search({ q: 'ornic', sort: 'price-desc', limit: 40 })).rows).toHaveLength(36);
  });
});

describe.skipIf(!onPg)('PostgreSQL search: a page in an order that finds nothing', () => {
  it('is one walk when the count says there is nothing else to find', async () => {
    // A walk of 3 entries, cut at its budget: formerly followed by a second statement finding the
    // matches first ('transport mobila' in Prăjituri at 1M: 180 ms for no result).
    const r = recorded({ use: 'never', margin: 64 }, SCORE_CAP, 3);
    const pageStatements = () => r.statements.filter((s) => s.includes(' AS g, ')).length;
    for (const sort of ['recent', 'title', 'price-asc'] as const) {
      r.statements.length = 0;
      const page = await r.repo.search({ q: 'ornic', category: 'Business', sort });
      expect([page.rows.length, page.total]).toEqual([0, 0]);
      expect(pageStatements(), sort).toBe(1);
    }
    // The search as served (its own plan): with filters, the count that says 0 is the only statement.
    const served = recorded({ use: 'auto', margin: 64 });
    for (const sort of ['recent', 'title', 'price-desc'] as const) {
      served.statements.length = 0;
      const page = await served.repo.search({ q: 'ornic', category: 'Business', judet: 'Cluj', sort });
      expect([page.rows.length, page.total]).toEqual([0, 0]);
      expect(served.statements.filter((s) => s.includes(' AS g, ')).length, sort).toBe(0);
    }
    // Something to find past the walk: the second statement finds it.
    r.statements.length = 0;
    const found = await r.repo.search({ q: 'ornic', sort: 'title', limit: 40 });
    expect(found.rows).toHaveLength(36);
    expect(pageStatements()).toBe(2);
  });
});

describe('an edge read through a RUM index', () => {
  const rows = (...k: number[]) => k.map((x) => ({ k: x }));
  it('is trusted when every row that could come before the last needed was read', () => {
    // Descending keys: 9 9 8 | 7 — the 3rd (8) is above the farthest read (7).
    expect(ambiguous(rows(9, 9, 8, 7), 3, 4, false)).toBe(false);
    // 9 9 8 | 8: more 8s may follow.
    expect(ambiguous(rows(9, 9, 8, 8), 3, 4, false)).toBe(true);
    // Fewer rows than read: all of them came back.
    expect(ambiguous(rows(9, 8, 8), 3, 4, false)).toBe(false);
    // Ascending.
    expect(ambiguous(rows(1, 2, 3, 3), 3, 4, true)).toBe(true);
    expect(ambiguous(rows(1, 2, 3, 4), 3, 4, true)).toBe(false);
  });
});
