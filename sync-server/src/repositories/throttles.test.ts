import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECT } from '../lib/sql.ts';
import { closeDatabase, type Db, openDatabase } from '../plugins/db.ts';
import { type ThrottlesRepository, throttlesRepository } from './throttles.ts';

/**
 * The shared throttle counters (table throttle_hits): the same statements on SQLite (always) and on
 * PostgreSQL (when DATABASE_URL points at one), including concurrent hits from two connections.
 */
const dir = mkdtempSync(join(tmpdir(), 'hobbiz-throttles-'));
const file = join(dir, 'hobbiz.sqlite');
const sqliteA = openDatabase(file);
const sqliteB = openDatabase(file);
const pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : null;
const pool = pgUrl ? new pg.Pool({ connectionString: pgUrl, max: 8 }) : null;
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
afterAll(async () => {
  closeDatabase(sqliteA);
  closeDatabase(sqliteB);
  rmSync(dir, { recursive: true, force: true });
  await pool?.end();
});

/** A drizzle handle on the pool that says it is PostgreSQL (what the pg back-end's router does). */
async function pgDb(): Promise<Db> {
  // The table as migrations-pg derives it from schema/db/tables.ts (integers are bigint there).
  await pool!.query(`CREATE TABLE IF NOT EXISTS throttle_hits (
    "key" text PRIMARY KEY, count bigint NOT NULL, window_start bigint NOT NULL,
    expires_at bigint NOT NULL, blocked_until bigint NOT NULL DEFAULT 0)`);
  return Object.assign(drizzle(pool!), { [DIALECT]: 'postgres' }) as unknown as Db;
}

const engines: [string, () => Promise<[ThrottlesRepository, ThrottlesRepository]>][] = [
  [
    'SQLite (two connections on one file)',
    async () => [throttlesRepository(sqliteA), throttlesRepository(sqliteB)],
  ],
];
if (pool) {
  engines.push([
    'PostgreSQL (one pool)',
    async () => {
      const db = await pgDb();
      return [throttlesRepository(db), throttlesRepository(db)];
    },
  ]);
}
let n = 0;
const fresh = () => `test:${process.pid}:${Date.now()}:${++n}`;

describe.each(engines)('throttle counters on %s', (_name, open) => {
  it('counts within a window, starts again after it, and a sliding key lapses after its last hit', async () => {
    const [a, b] = await open();
    const k = fresh();
    expect(await a.hit(k, 1000, 60_000)).toEqual({
      count: 1,
      windowStart: 1000,
      expiresAt: 61_000,
      blockedUntil: 0,
    });
    expect((await b.hit(k, 2000, 60_000))!.count).toBe(2);
    expect((await a.hit(k, 61_000, 60_000))!).toMatchObject({
      count: 1,
      windowStart: 61_000,
      expiresAt: 121_000,
    });
    const s = fresh();
    await a.hit(s, 0, 1000, { slide: true });
    expect((await b.hit(s, 900, 1000, { slide: true }))!).toMatchObject({ count: 2, expiresAt: 1900 });
    expect((await a.hit(s, 1800, 1000, { slide: true }))!.count).toBe(3);
    expect((await a.hit(s, 2800, 1000, { slide: true }))!.count).toBe(1);
  });

  it('with a max, a full window refuses without counting; unhit gives one back', async () => {
    const [a, b] = await open();
    const k = fresh();
    for (let i = 1; i <= 3; i++) expect((await (i % 2 ? a : b).hit(k, 10, 100, { max: 3 }))!.count).toBe(i);
    expect(await b.hit(k, 20, 100, { max: 3 })).toBeNull();
    expect((await a.peek([k], 20)).get(k)!.count).toBe(3);
    await a.unhit(k, 10);
    expect((await b.hit(k, 30, 100, { max: 3 }))!.count).toBe(3);
    // A new window has room again.
    expect((await a.hit(k, 110, 100, { max: 3 }))!).toMatchObject({ count: 1, windowStart: 110 });
  });

  it('a delay keeps the later of two, is seen by the other connection, and goes with clear or the lapse', async () => {
    const [a, b] = await open();
    const k = fresh();
    await a.hit(k, 0, 10_000, { slide: true });
    await a.block(k, 5000);
    await b.block(k, 3000);
    expect((await b.peek([k, fresh()], 100)).get(k)!.blockedUntil).toBe(5000);
    expect((await b.peek([k], 10_000)).size).toBe(0);
    await a.clear([k]);
    expect((await b.peek([k], 100)).size).toBe(0);
  });

  it('concurrent hits are all counted, and a max lets exactly that many through', async () => {
    const [a, other] = await open();
    // Two SQLite connections of ONE process would wait on each other's file lock synchronously (each
    // instance serializes its own writers; two processes wait in turn): concurrency is per connection here.
    const b = _name.startsWith('SQLite') ? a : other;
    const k = fresh();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit(k, 5, 60_000, { max: 25 })),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(25);
    expect(new Set(results.filter((r) => r !== null).map((r) => r!.count)).size).toBe(25);
    expect((await a.peek([k], 5)).get(k)!.count).toBe(25);
  });

  it('purge deletes the lapsed counters only', async () => {
    const [a, b] = await open();
    const old = fresh();
    const live = fresh();
    await a.hit(old, 0, 100);
    await a.hit(live, 0, 1_000_000_000_000);
    expect(await b.purge(500)).toBeGreaterThanOrEqual(1);
    expect((await a.peek([old, live], 50)).has(old)).toBe(false);
    expect((await a.peek([live], 500)).has(live)).toBe(true);
  });
});
