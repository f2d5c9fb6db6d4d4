import { AsyncLocalStorage } from 'node:async_hooks';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
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
type OpenTx = { db: PgDb; seq: { value: number; base: number }; closed: boolean };

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
  const open = new AsyncLocalStorage<OpenTx>();
  // A callback scheduled inside a write (a timer, an effect) keeps the store after the commit: it must
  // not reach a connection already back in the pool.
  const live = () => {
    const tx = open.getStore();
    return tx && !tx.closed ? tx : undefined;
  };
  return {
    pool,
    poolDb,
    current: () => live()?.db ?? poolDb,
    async transaction<T>(fn: () => Promise<T>): Promise<T> {
      const outer = live();
      if (outer) {
        return outer.db.transaction((sp) => {
          const inner: OpenTx = { db: sp as unknown as PgDb, seq: outer.seq, closed: false };
          return open.run(inner, fn).finally(() => {
            inner.closed = true;
          });
        });
      }
      return poolDb.transaction(async (t) => {
        const db = t as unknown as PgDb;
        const locked = await db.execute<{ value: number }>(
          sql`SELECT value FROM counters WHERE name = 'seq' FOR UPDATE`,
        );
        const value = Number(locked.rows[0]?.value ?? 0);
        const tx: OpenTx = { db, seq: { value, base: value }, closed: false };
        try {
          const result = await open.run(tx, fn);
          if (tx.seq.value !== tx.seq.base) {
            await db.execute(sql`UPDATE counters SET value = ${tx.seq.value} WHERE name = 'seq'`);
          }
          return result;
        } finally {
          tx.closed = true;
        }
      });
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
