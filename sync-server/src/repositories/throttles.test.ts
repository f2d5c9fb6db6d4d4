import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closePgDatabase, openPgDatabase, pgUnitOfWork } from '../lib/pg-backend.ts';
import { createTestDatabase, pgUrl } from '../lib/pg-test-db.ts';
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
const pgDbs: Db[] = [];
let pgDrop: (() => Promise<void>) | null = null;
afterAll(async () => {
  closeDatabase(sqliteA);
  closeDatabase(sqliteB);
  rmSync(dir, { recursive: true, force: true });
  for (const db of pgDbs) await closePgDatabase(db);
  await pgDrop?.();
});

/** Two instances on one PostgreSQL database: two pools, each with the migrations of migrations-pg. */
async function twoPg(): Promise<[Db, Db]> {
  if (pgDbs.length === 0) {
    const created = await createTestDatabase();
    pgDrop = created.drop;
    pgDbs.push(await openPgDatabase(created.url), await openPgDatabase(created.url));
  }
  return [pgDbs[0]!, pgDbs[1]!];
}

const engines: [string, () => Promise<[ThrottlesRepository, ThrottlesRepository]>][] = [
  [
    'SQLite (two connections on one file)',
    async () => [throttlesRepository(sqliteA), throttlesRepository(sqliteB)],
  ],
];
if (pgUrl) {
  engines.push([
    'PostgreSQL (two pools on one database)',
    async () => {
      const [a, b] = await twoPg();
      return [throttlesRepository(a), throttlesRepository(b)];
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

  it('add counts bytes only while the window stays within max, from any connection; subtract gives back', async () => {
    const [a, other] = await open();
    const b = _name.startsWith('SQLite') ? a : other;
    const k = fresh();
    // 30 parallel uploads of 10 bytes into a window of 205: exactly 20 fit, never more.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).add(k, 10, 5, 60_000, 205)),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(20);
    expect((await a.peek([k], 5)).get(k)!.count).toBe(200);
    expect(await other.add(k, 6, 6, 60_000, 205)).toBeNull();
    expect((await other.add(k, 5, 6, 60_000, 205))!.count).toBe(205);
    await a.subtract(k, 5, 15);
    expect((await b.peek([k], 7)).get(k)!.count).toBe(190);
    // Larger than the whole window: refused without a statement; a lapsed window starts at the amount.
    expect(await a.add(k, 300, 8, 60_000, 205)).toBeNull();
    expect((await a.add(k, 7, 60_005, 60_000, 205))!).toMatchObject({ count: 7, windowStart: 60_005 });
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

describe.skipIf(!pgUrl)('throttle counters on PostgreSQL, beside the unit of work', () => {
  it('a hit does not wait for the seq lock that an open write holds', async () => {
    const [a] = await twoPg();
    const uow = pgUnitOfWork(a, { poke: () => {}, emit: () => {} });
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let began!: () => void;
    const begun = new Promise<void>((r) => {
      began = r;
    });
    // A write that has taken the seq counter row's lock and keeps it until released.
    const writing = uow.write(async () => {
      began();
      await held;
    });
    await begun;
    const k = fresh();
    const hit = await Promise.race([
      throttlesRepository(a).hit(k, 1, 1000),
      new Promise<'waited'>((r) => setTimeout(() => r('waited'), 3000)),
    ]);
    release();
    await writing;
    expect(hit).toMatchObject({ count: 1 });
  });
});
