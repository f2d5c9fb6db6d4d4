import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../plugins/db.ts';
import { closePgDatabase, openPgDatabase, pgPoolOf, pgUnitOfWork } from './pg-backend.ts';
import { createTestDatabase, pgUrl } from './pg-test-db.ts';
import { dialectOf, rawAll, rawGet, rawRun } from './sql.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/**
 * The unit of work on PostgreSQL (lib/pg-backend.ts), with a sink that records what it is told: the same
 * contract as on SQLite (unit-of-work.test.ts), plus what only a server shows — two instances on one
 * database serialize their writes through the seq counter's lock.
 */
describe.skipIf(!pgUrl)('unit of work on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let other: Db;
  let uow: UnitOfWork;
  let otherUow: UnitOfWork;
  let sent: string[];
  let effectErrors: unknown[];
  const sink = {
    poke: (collections: string[], userIds?: Iterable<string>) =>
      sent.push(`poke ${collections.join(',')}${userIds ? ` → ${[...userIds].join(',')}` : ''}`),
    emit: (name: string, _payload: unknown, userIds?: Iterable<string>) =>
      sent.push(`emit ${name}${userIds ? ` → ${[...userIds].join(',')}` : ''}`),
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openPgDatabase(database.url, { poolMax: 4 });
    other = await openPgDatabase(database.url, { poolMax: 4 });
    await rawRun(db, sql`CREATE TABLE notes (id text PRIMARY KEY, seq bigint NOT NULL)`);
    uow = pgUnitOfWork(db, sink, (err) => effectErrors.push(err));
    otherUow = pgUnitOfWork(other, sink, (err) => effectErrors.push(err));
  });
  afterAll(async () => {
    if (db) await closePgDatabase(db);
    if (other) await closePgDatabase(other);
    await database?.drop();
  });
  beforeEach(async () => {
    await rawRun(db, sql`TRUNCATE notes`);
    sent = [];
    effectErrors = [];
  });

  /** Through the router: inside a unit it lands in the unit's transaction. */
  const insert = (id: string, seq: number) =>
    rawRun(db, sql`INSERT INTO notes (id, seq) VALUES (${id}, ${seq})`);
  /** The rows as the pool sees them (another connection than an open unit's). */
  const committed = async () =>
    (await pgPoolOf(db).query<{ id: string }>('SELECT id FROM notes ORDER BY seq')).rows.map((r) => r.id);
  const tick = () => new Promise((r) => setTimeout(r, 5));
  /** A promise the test opens when it has checked what it wanted (no timing guesses under load). */
  const latch = () => {
    let open = () => {};
    const opened = new Promise<void>((r) => {
      open = r;
    });
    return { opened, open: () => open() };
  };

  it('the router says postgres; raw SQL reads numbers and rows on both sides', async () => {
    expect(dialectOf(db)).toBe('postgres');
    expect(await rawGet(db, sql`SELECT count(*) AS n FROM notes`)).toEqual({ n: 0 });
    expect(await rawAll(db, sql`SELECT 1 AS a UNION ALL SELECT 2`)).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('a reader outside the unit sees nothing until the commit; inside, its own writes; effects after', async () => {
    const seenInside: unknown[] = [];
    const inserted = latch();
    const gate = latch();
    const done = uow.write(async (tx) => {
      await insert('a', tx.seq());
      tx.poke(['drafts'], ['u1']);
      tx.effect(async () => sent.push(`effect sees ${(await committed()).join(',')}`));
      seenInside.push(await rawAll(db, sql`SELECT id FROM notes`));
      inserted.open();
      await gate.opened;
      return 'ok';
    });
    await inserted.opened;
    expect(await committed()).toEqual([]);
    expect(await rawAll(db, sql`SELECT id FROM notes`)).toEqual([]);
    expect(sent).toEqual([]);
    gate.open();
    await expect(done).resolves.toBe('ok');
    expect(seenInside).toEqual([[{ id: 'a' }]]);
    expect(await committed()).toEqual(['a']);
    await vi.waitFor(() => expect(sent).toEqual(['poke drafts → u1', 'effect sees a']));
  });

  it('a rejected unit rolls back, publishes nothing, and frees its connection', async () => {
    for (let i = 0; i < 6; i++) {
      // More failures than the pool has connections: each must go back to the pool.
      await expect(
        uow.write(async (tx) => {
          await insert(`x${i}`, tx.seq());
          tx.emit('lost', {});
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
    }
    // A failed SQL statement too (the transaction is aborted; ROLLBACK still frees it).
    await expect(uow.write(async () => insert('dup', Number.NaN))).rejects.toThrow();
    expect(await committed()).toEqual([]);
    expect(sent).toEqual([]);
    await uow.write(async (tx) => insert('b', tx.seq()));
    expect(await committed()).toEqual(['b']);
  });

  it('a nested write is a savepoint: undone alone when it rejects, its effects dropped', async () => {
    await uow.write(async (tx) => {
      await insert('a', tx.seq());
      await uow
        .write(async (inner) => {
          await insert('b', inner.seq());
          inner.emit('fromFailed', {});
          await tick();
          throw new Error('inner refused');
        })
        .catch(() => undefined);
      await uow.write(async (inner) => {
        await insert('c', inner.seq());
        inner.emit('inner', {});
      });
      tx.emit('kept', {});
    });
    expect(await committed()).toEqual(['a', 'c']);
    expect(sent).toEqual(['emit inner', 'emit kept']);
  });

  it('an outer rollback takes the nested write and its effects with it', async () => {
    await expect(
      uow.write(async (tx) => {
        await uow.write(async (inner) => {
          await insert('b', inner.seq());
          inner.poke(['drafts']);
        });
        await insert('a', tx.seq());
        throw new Error('later failure');
      }),
    ).rejects.toThrow('later failure');
    expect(await committed()).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('seqs strictly increase within a write, across writes and instances; the counter keeps the last', async () => {
    const first = await uow.write((tx) => [tx.seq(), tx.seq(), tx.seq()]);
    const second = await otherUow.write((tx) => [tx.seq(), tx.seq()]);
    await expect(
      uow.write((tx) => {
        tx.seq();
        throw new Error('no');
      }),
    ).rejects.toThrow();
    const after = await uow.write((tx) => tx.seq());
    const all = [...first, ...second, after];
    for (let i = 1; i < all.length; i++) expect(all[i]).toBeGreaterThan(all[i - 1] as number);
    expect(await rawGet(db, sql`SELECT value FROM counters WHERE name = 'seq'`)).toEqual({ value: after });
  });

  it('two instances serialize their units through the counter lock, in seq order', async () => {
    const order: string[] = [];
    const began = latch();
    const gate = latch();
    const unit = (name: string, u: UnitOfWork, on: Db) =>
      u.write(async (tx) => {
        order.push(`${name} begins`);
        began.open();
        const s = tx.seq();
        await rawRun(on, sql`INSERT INTO notes (id, seq) VALUES (${name}, ${s})`);
        await gate.opened;
        order.push(`${name} ends`);
        return s;
      });
    const a = unit('a', uow, db);
    await began.opened;
    const b = unit('b', otherUow, other);
    // b's instance is free, but the lock keeps b out until a has committed.
    await new Promise((r) => setTimeout(r, 100));
    const early = [...order];
    gate.open();
    const [sa, sb] = await Promise.all([a, b]);
    expect(early).toEqual(['a begins']);
    expect(order).toEqual(['a begins', 'a ends', 'b begins', 'b ends']);
    expect(sb).toBeGreaterThan(sa);
  });

  it('writes queued on one instance leave pool connections to reads', async () => {
    // 30 writes at once on a pool of 4: only two hold a connection (one with the lock, one waiting on it).
    const gate = latch();
    const first = latch();
    const writes = Array.from({ length: 30 }, (_, i) =>
      uow.write(async (tx) => {
        await insert(`w${i}`, tx.seq());
        first.open();
        await gate.opened;
      }),
    );
    await first.opened;
    await new Promise((r) => setTimeout(r, 50));
    // While every write waits, a read still finds a connection (it would wait for all 30 otherwise).
    const read = rawGet(db, sql`SELECT count(*) AS n FROM notes`);
    const starved = new Promise((r) => setTimeout(() => r('starved'), 5000));
    const seen = await Promise.race([read, starved]);
    gate.open();
    await Promise.all(writes);
    expect(seen).toEqual({ n: 0 });
    expect(await committed()).toHaveLength(30);
  });

  it('a failing effect is reported and does not undo the commit', async () => {
    await uow.write(async (tx) => {
      await insert('a', tx.seq());
      tx.effect(() => {
        throw new Error('socket gone');
      });
      tx.emit('still', {});
    });
    expect(await committed()).toEqual(['a']);
    expect(sent).toEqual(['emit still']);
    expect(effectErrors).toHaveLength(1);
  });
});
