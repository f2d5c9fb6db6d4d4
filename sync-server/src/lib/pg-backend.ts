import { AsyncLocalStorage } from 'node:async_hooks';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Db } from '../plugins/db.ts';
import { applyPgExtraMigrations } from './pg-extra-migrations.ts';
import { DIALECT } from './sql.ts';
import {
  type BackendTx,
  createUnitOfWork,
  type EffectSink,
  type UnitOfWork,
  type UnitOfWorkBackend,
} from './unit-of-work.ts';

/**
 * The PostgreSQL back-end of the data layer (issue 13, docs/decisions.md "PostgreSQL back-end"): a pool,
 * the migrations of sync-server/migrations-pg, a connection router and the unit of work's transactions
 * with a gap-safe `seq`. DATABASE_URL selects it; plugins/db.ts is the SQLite counterpart.
 *
 * int8 (count(*), sum(), bigint columns) and numeric (avg(), sum(bigint)) arrive as strings from
 * node-postgres; the repositories expect numbers, as on SQLite. A value past 2^53 would lose digits
 * silently, so it throws instead.
 */
const toNumber = (text: string): number => {
  const n = Number(text);
  if (!Number.isFinite(n) || (Number.isInteger(n) && !Number.isSafeInteger(n))) {
    throw new RangeError(`PostgreSQL number ${text} does not fit a JavaScript number`);
  }
  return n;
};
pg.types.setTypeParser(pg.types.builtins.INT8, toNumber);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, toNumber);

export const pgMigrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../migrations-pg');

/** Any number: instances starting together take it in turn, so each migration runs once. */
const MIGRATION_LOCK = 0x6862_7a31; // 'hbz1'

export type PgDb = NodePgDatabase<Record<string, never>>;

/** One open transaction of the unit of work (the outermost write and its savepoints share it). */
type OpenTx = {
  client: pg.PoolClient;
  db: PgDb;
  btx: BackendTx;
  savepoints: { n: number };
  closed: boolean;
};

/** See PgStore.writeSlots. */
const WRITES_IN_FLIGHT = 2;

/** The pool and writer of each router `Db` openPgDatabase returned. */
const stores = new WeakMap<object, PgStore>();

/**
 * Opens a pool on `url` (`poolMax` connections, PG_POOL_MAX), applies the migrations of
 * sync-server/migrations-pg and returns the connection router the repositories use: inside a write
 * (`uow.write`) the connection holding the open transaction; outside, the pool. It offers `Db`, the surface
 * both engines share (plugins/db.ts): drizzle's query builders, which node-postgres's drizzle renders from
 * the SQLite table objects the repositories use (docs/decisions.md). TypeScript cannot see that across the
 * two dialects' builder types, hence the one cast below; the PostgreSQL suites run every repository through
 * it. `dialectOf(db)` says 'postgres', and `pgOf(db)` gives its `execute`.
 */
export async function openPgDatabase(
  url: string,
  options: { poolMax?: number; onIdleError?: (err: Error) => void } = {},
): Promise<Db> {
  // JIT off: short OLTP queries only lose to its compile time (a fresh, unanalysed table made a search
  // plan look huge and JIT-compile for ~700 ms).
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10, options: '-c jit=off' });
  // An idle connection that fails (server restart) must not crash the process; the pool drops it.
  pool.on('error', (err) => options.onIdleError?.(err));
  try {
    await migratePg(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  const store = new PgStore(pool);
  const router = new Proxy(store.poolDb, {
    get(_target, prop) {
      if (prop === DIALECT) return 'postgres';
      if (prop === '$client') return pool;
      const conn = store.current();
      const value = Reflect.get(conn, prop, conn);
      return typeof value === 'function' ? value.bind(conn) : value;
    },
  }) as unknown as Db;
  stores.set(router, store);
  return router;
}

/** Closes the pool of a database opened by openPgDatabase (after the last write has finished). */
export async function closePgDatabase(db: Db): Promise<void> {
  await storeOf(db).pool.end();
}

/** The pool behind a router (tests, tools, the LISTEN connection of the real-time bus). */
export function pgPoolOf(db: Db): pg.Pool {
  return storeOf(db).pool;
}

/** The unit of work on this PostgreSQL database; effects go to `sink` after the commit. */
export function pgUnitOfWork(db: Db, sink: EffectSink, onEffectError?: (err: unknown) => void): UnitOfWork {
  return createUnitOfWork(storeOf(db), sink, onEffectError);
}

function storeOf(db: Db): PgStore {
  const store = stores.get(db);
  if (!store) throw new Error('not a database opened by openPgDatabase');
  return store;
}

export async function migratePg(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: pgMigrationsFolder });
      await applyPgExtraMigrations(client);
      await client.query(
        "INSERT INTO counters (name, value) VALUES ('seq', 0) ON CONFLICT (name) DO NOTHING",
      );
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * The unit of work's transactions on PostgreSQL, with a gap-safe `seq`. The outermost transaction first
 * locks the `seq` counter row (SELECT … FOR UPDATE), hands out value+1, value+2… in memory and writes the
 * last one back just before COMMIT. A writer holds the lock until its commit is visible, so writers commit
 * in `seq` order — across every instance on the database — and a puller reading `seq > checkpoint` never
 * sees a number while a smaller one may still commit. Writes that take no seq serialize too.
 */
class PgStore implements UnitOfWorkBackend {
  readonly poolDb: PgDb;
  private readonly open = new AsyncLocalStorage<OpenTx>();
  // One drizzle per pooled connection (the pool reuses them), not one per transaction.
  private readonly dbs = new WeakMap<pg.PoolClient, PgDb>();
  /**
   * Outermost writes of this instance that may hold a connection at once: one holding the seq lock, one
   * queued on it (so the hand-over costs no round trip). The others wait here without a connection,
   * leaving the rest of the pool to reads however many writes arrive together.
   */
  private writeSlots = WRITES_IN_FLIGHT;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly pool: pg.Pool) {
    this.poolDb = drizzle(pool) as PgDb;
  }

  /**
   * The open transaction's connection for the code running inside it, else the pool. A callback scheduled
   * inside a write (a timer) keeps the store after the commit: it must not reach a connection already back
   * in the pool.
   */
  current(): PgDb {
    const tx = this.live();
    return tx ? tx.db : this.poolDb;
  }

  async transaction<T>(fn: (tx: BackendTx) => T | Promise<T>): Promise<T> {
    const outer = this.live();
    if (outer) return this.savepoint(outer, fn);
    if (this.writeSlots > 0) this.writeSlots -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await this.outermost(fn);
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.writeSlots += 1;
    }
  }

  private async outermost<T>(fn: (tx: BackendTx) => T | Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      // BEGIN and the lock in one round trip, the counter's write-back and COMMIT in another: the lock is
      // held for the write's own statements plus one round trip.
      const [, locked] = (await client.query(
        "BEGIN; SELECT value FROM counters WHERE name = 'seq' FOR UPDATE",
      )) as unknown as pg.QueryResult<{ value: number }>[];
      const base = locked.rows[0]?.value;
      if (base === undefined) throw new Error("counters row 'seq' is missing (migratePg creates it)");
      let taken = base;
      const tx: OpenTx = {
        client,
        db: this.dbOf(client),
        btx: { nextSeq: () => ++taken },
        savepoints: { n: 0 },
        closed: false,
      };
      let result: T;
      try {
        result = await this.open.run(tx, () => fn(tx.btx));
      } finally {
        tx.closed = true;
      }
      // `taken` is a number counted here, never user input.
      await client.query(
        taken === base ? 'COMMIT' : `UPDATE counters SET value = ${taken} WHERE name = 'seq'; COMMIT`,
      );
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw err;
    } finally {
      // A connection that could not roll back is closed rather than handed to the next request.
      client.release(broken);
    }
  }

  private live(): OpenTx | undefined {
    const tx = this.open.getStore();
    return tx && !tx.closed ? tx : undefined;
  }

  private dbOf(client: pg.PoolClient): PgDb {
    const known = this.dbs.get(client);
    if (known) return known;
    const db = drizzle(client) as PgDb;
    this.dbs.set(client, db);
    return db;
  }

  /** A nested write: a savepoint of the open transaction, rolled back alone when `fn` fails. */
  private async savepoint<T>(outer: OpenTx, fn: (tx: BackendTx) => T | Promise<T>): Promise<T> {
    const name = `uow_${++outer.savepoints.n}`;
    await outer.client.query(`SAVEPOINT ${name}`);
    const inner: OpenTx = { ...outer, closed: false };
    try {
      const result = await this.open.run(inner, () => fn(inner.btx));
      await outer.client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (err) {
      await outer.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
      throw err;
    } finally {
      inner.closed = true;
    }
  }
}
