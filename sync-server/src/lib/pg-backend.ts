import { AsyncLocalStorage } from 'node:async_hooks';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/**
 * The PostgreSQL back-end of the data layer (issue 13, docs/decisions.md "PostgreSQL back-end"): a pool,
 * the migrations of sync-server/migrations-pg, a connection router and the unit of work's transactions
 * with a gap-safe `seq`.
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
  seq: { value: number; base: number };
  savepoints: { n: number };
  closed: boolean;
};

export type PgBackend = {
  pool: pg.Pool;
  /** Drizzle over the pool: reads outside a write. */
  poolDb: PgDb;
  /** The open write's connection inside `transaction`, else the pool (the connection router). */
  current(): PgDb;
  /**
   * Runs `fn` in a transaction; nested, in a savepoint. The outermost one first locks the `seq` counter
   * row (SELECT … FOR UPDATE) and writes the last number taken back just before COMMIT: writers hold the
   * lock until their commit is visible, so they commit in `seq` order and a reader of `seq > checkpoint`
   * never sees a number while a smaller one may still commit.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /** The next `seq` of the open write (synchronous: the counter was read when the write began). */
  nextSeq(): number;
  close(): Promise<void>;
};

/** Opens a pool on `url` (`max` connections), applies the PostgreSQL migrations and ensures the seq counter. */
export async function openPg(url: string, options: { max?: number } = {}): Promise<PgBackend> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client that errors (server restart) must not crash the process; the pool drops it.
  pool.on('error', () => {});
  try {
    await migratePg(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return pgBackend(pool);
}

export async function migratePg(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: pgMigrationsFolder });
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

export function pgBackend(pool: pg.Pool): PgBackend {
  const poolDb = drizzle(pool) as PgDb;
  // One drizzle per pooled connection (the pool reuses them), not one per transaction.
  const dbs = new WeakMap<pg.PoolClient, PgDb>();
  const dbOf = (client: pg.PoolClient) => {
    const known = dbs.get(client);
    if (known) return known;
    const db = drizzle(client) as PgDb;
    dbs.set(client, db);
    return db;
  };
  const open = new AsyncLocalStorage<OpenTx>();
  // A callback scheduled inside a write (a timer, an effect) keeps the store after the commit: it must
  // not reach a connection already back in the pool.
  const live = () => {
    const tx = open.getStore();
    return tx && !tx.closed ? tx : undefined;
  };

  async function savepoint<T>(outer: OpenTx, fn: () => Promise<T>): Promise<T> {
    const name = `uow_${++outer.savepoints.n}`;
    await outer.client.query(`SAVEPOINT ${name}`);
    const inner: OpenTx = { ...outer, closed: false };
    try {
      const result = await open.run(inner, fn);
      await outer.client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (err) {
      await outer.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
      throw err;
    } finally {
      inner.closed = true;
    }
  }

  return {
    pool,
    poolDb,
    current: () => live()?.db ?? poolDb,
    async transaction<T>(fn: () => Promise<T>): Promise<T> {
      const outer = live();
      if (outer) return savepoint(outer, fn);
      const client = await pool.connect();
      let broken = false;
      try {
        // BEGIN and the lock in one round trip, the counter's write-back and COMMIT in another: the
        // lock is held for the write's own statements plus one round trip.
        const [, locked] = (await client.query(
          "BEGIN; SELECT value FROM counters WHERE name = 'seq' FOR UPDATE",
        )) as unknown as pg.QueryResult<{ value: number }>[];
        const value = locked.rows[0]?.value;
        if (value === undefined) throw new Error("counters row 'seq' is missing (migratePg creates it)");
        const tx: OpenTx = {
          client,
          db: dbOf(client),
          seq: { value, base: value },
          savepoints: { n: 0 },
          closed: false,
        };
        let result: T;
        try {
          result = await open.run(tx, fn);
        } finally {
          tx.closed = true;
        }
        const taken = tx.seq.value;
        // `taken` is a number this process counted, never user input.
        await client.query(
          taken === value ? 'COMMIT' : `UPDATE counters SET value = ${taken} WHERE name = 'seq'; COMMIT`,
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
    },
    nextSeq(): number {
      const tx = live();
      if (!tx) throw new Error('seq is taken inside a write only (uow.write)');
      tx.seq.value += 1;
      return tx.seq.value;
    },
    close: () => pool.end(),
  };
}
