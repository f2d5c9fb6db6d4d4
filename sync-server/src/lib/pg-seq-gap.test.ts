import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';
import { closePgDatabase, openPgDatabase, pgPoolOf, pgUnitOfWork } from './pg-backend.ts';
import { createTestDatabase, pgUrl } from './pg-test-db.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/**
 * The gap test of issue 13: 20 concurrent writers spread over 2 instances (two pools) make 10,000 writes
 * while a puller pulls `seq > checkpoint` in a loop, as the sync protocol does; at the end it must have
 * seen every row exactly once. The same workload with a plain PostgreSQL sequence (numbers handed out in
 * one order, commits landing in another) makes the puller skip rows: the test can fail.
 */
const WRITERS = 20;
const WRITES = 10_000;

type Outcome = { seen: string[]; all: string[]; writesPerSecond: number };

const row = (seq: number) => ({
  id: randomBytes(8).toString('hex'),
  userId: `u${seq % 50}`,
  senderId: 's',
  conversationId: 'c',
  link: '/mesaje',
  message: 'Mesaj nou',
  createdAt: new Date().toISOString(),
  seq,
});

/** Runs the writers (`write(instance)` makes one write on that instance) and the puller together. */
async function gapWorkload(url: string, write: (instance: 0 | 1) => Promise<void>): Promise<Outcome> {
  const reader = new pg.Pool({ connectionString: url, max: 1 });
  const seen: string[] = [];
  let writing = true;
  const puller = (async () => {
    let checkpoint = 0;
    for (;;) {
      const { rows } = await reader.query<{ id: string; seq: number }>(
        'SELECT id, seq FROM notifications WHERE seq > $1 ORDER BY seq LIMIT 200',
        [checkpoint],
      );
      for (const r of rows) seen.push(r.id);
      if (rows.length > 0) checkpoint = rows[rows.length - 1].seq;
      // After the writers stop, one more pull that comes back empty ends it.
      else if (!writing) return;
    }
  })();
  const started = performance.now();
  let left = WRITES;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      while (left > 0) {
        left -= 1;
        await write((w % 2) as 0 | 1);
      }
    }),
  );
  const writesPerSecond = Math.round(WRITES / ((performance.now() - started) / 1000));
  writing = false;
  await puller;
  const all = (await reader.query<{ id: string }>('SELECT id FROM notifications')).rows.map((r) => r.id);
  await reader.end();
  return { seen, all, writesPerSecond };
}

describe.skipIf(!pgUrl)('gap-safe seq on PostgreSQL (20 writers, 2 instances, 10,000 writes)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  /** Two instances: each its own pool (PG_POOL_MAX 10) and unit of work on the same database. */
  let instances: { db: Db; uow: UnitOfWork; pool: pg.Pool }[] = [];
  const sink = { poke: () => {}, emit: () => {} };
  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      const db = await openPgDatabase(database.url, { poolMax: 10 });
      instances.push({ db, uow: pgUnitOfWork(db, sink), pool: pgPoolOf(db) });
    }
  });
  afterAll(async () => {
    await Promise.all(instances.map((i) => closePgDatabase(i.db)));
    instances = [];
    await database?.drop();
  });

  it('a puller from its checkpoint sees every row exactly once, in seq order', {
    timeout: 180_000,
  }, async () => {
    await instances[0].pool.query('TRUNCATE notifications');
    const out = await gapWorkload(database.url, (i) => {
      const { db, uow } = instances[i];
      return uow.write(async (tx) => {
        await db.insert(notifications).values(row(tx.seq()));
      });
    });
    console.info(`gap-safe seq: ${out.writesPerSecond} writes/s with ${WRITERS} writers on 2 pools`);
    expect(out.all).toHaveLength(WRITES);
    expect(new Set(out.seen).size).toBe(out.seen.length);
    expect(out.seen.sort()).toEqual(out.all.sort());
    const seqs = await instances[0].pool.query<{ n: number; d: number; lo: number; hi: number }>(
      'SELECT count(*) AS n, count(DISTINCT seq) AS d, min(seq) AS lo, max(seq) AS hi FROM notifications',
    );
    expect(seqs.rows[0]).toMatchObject({ n: WRITES, d: WRITES });
    const counter = await instances[0].pool.query("SELECT value FROM counters WHERE name = 'seq'");
    expect(counter.rows[0].value).toBe(seqs.rows[0].hi);
  });

  it('the same workload with a plain sequence skips rows (so the test above can fail)', {
    timeout: 180_000,
  }, async () => {
    await instances[0].pool.query('TRUNCATE notifications');
    await instances[0].pool.query('CREATE SEQUENCE IF NOT EXISTS gap_plain_seq');
    const out = await gapWorkload(database.url, async (i) => {
      // What a naive port would do: the number from nextval(), no commit-order step.
      const client = await instances[i].pool.connect();
      try {
        await client.query('BEGIN');
        const db = drizzle(client);
        const [{ seq }] = (await db.execute<{ seq: number }>(sql`SELECT nextval('gap_plain_seq') AS seq`))
          .rows;
        await db.insert(notifications as never).values(row(seq));
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    });
    const missed = out.all.length - new Set(out.seen).size;
    console.info(
      `plain sequence: ${out.writesPerSecond} writes/s; the puller missed ${missed} of ${WRITES} rows`,
    );
    expect(out.all).toHaveLength(WRITES);
    expect(missed).toBeGreaterThan(0);
  });
});
