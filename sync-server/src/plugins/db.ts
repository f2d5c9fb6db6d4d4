import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as tables from '../../../schema/db/tables.ts';
import { titleSortKey } from '../../../schema/search.ts';
import { DIALECT, sqliteOf } from '../lib/sql.ts';
import {
  type BackendTx,
  createUnitOfWork,
  type EffectSink,
  type UnitOfWork,
  type UnitOfWorkBackend,
} from '../lib/unit-of-work.ts';

/** The SQLite database in full: drizzle's handle and its better-sqlite3 connection (this module's). */
export type SqliteDb = BetterSQLite3Database<typeof tables> & { $client: Database.Database };

/**
 * What code beside the engines may use, on SQLite and PostgreSQL alike: drizzle's query builders, written
 * with the table objects of schema/db/tables.ts (both engines' drizzle render them). No connection, no
 * driver statements, no drizzle transactions: raw SQL goes through lib/sql.ts, writes through the unit of
 * work. plugins/db.ts and lib/pg-backend.ts each return one.
 */
export type Db = Pick<SqliteDb, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete'>;

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** The write connection of each router `Db` this module opened, and its writer (for the unit of work). */
const stores = new WeakMap<object, SqliteStore>();

/**
 * Opens (or creates) the SQLite file in WAL mode, applies the committed migrations, and returns the
 * connection router the repositories use: inside a write (`uow.write`) it is the write connection holding
 * the open transaction; outside, a second connection on the same file, so a reader never sees a write that
 * may still roll back (WAL gives it the last committed state). `:memory:` has one connection for both.
 */
export function openDatabase(file: string): SqliteDb {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const writeConn = connect(file, 5000);
  const write = drizzle(writeConn, { schema: tables }) as SqliteDb;
  migrate(write, { migrationsFolder });
  writeConn.prepare("INSERT OR IGNORE INTO counters (name, value) VALUES ('seq', 0)").run();
  backfillTitleKeys(writeConn);
  // Opened when first needed (offline tools that only use the write connection never open it). A write
  // outside a unit on the read side would wait for the writer; it fails fast instead of freezing.
  const read =
    file === ':memory:'
      ? () => write
      : lazy(() => drizzle(connect(file, 1000), { schema: tables }) as SqliteDb);
  const store = new SqliteStore(write, read);
  const router = new Proxy(write, {
    get(_target, prop) {
      if (prop === DIALECT) return 'sqlite';
      // Raw statements prepared once (counters, …) may write, and drizzle's own synchronous transactions
      // (offline tools: seeders, benchmarks) write: both belong to the write connection.
      const conn = prop === '$client' || prop === 'transaction' ? write : (store.current() ?? read());
      const value = Reflect.get(conn, prop, conn);
      return typeof value === 'function' ? value.bind(conn) : value;
    },
  });
  stores.set(router, store);
  return router;
}

function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

function connect(file: string, busyTimeoutMs: number): Database.Database {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL is durable in WAL mode across process crashes (kill -9); only an OS crash may lose the last commits.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  // 128 MB of page cache (allocated as used; SQLite's default is 2 MB): at a million announcements the
  // search reads thousands of rows and index pages per query, and each miss costs a system call.
  sqlite.pragma('cache_size = -131072');
  return sqlite;
}

/** Closes both connections of a database opened by openDatabase. */
export function closeDatabase(db: Db): void {
  const store = stores.get(db);
  if (!store) {
    sqliteOf(db).$client.close();
    return;
  }
  store.close();
}

/**
 * Migration 0006 added `title_key` as ''; its value needs JavaScript (titleSortKey), so rows written before
 * it are filled once here, and a counter remembers that it was done.
 */
function backfillTitleKeys(sqlite: Database.Database): void {
  const done = sqlite.prepare("SELECT 1 FROM counters WHERE name = 'title_key_backfill'").get();
  if (done) return;
  sqlite.transaction(() => {
    const set = sqlite.prepare('UPDATE announcements SET title_key = ? WHERE rowid = ?');
    const rows = sqlite.prepare("SELECT rowid AS r, title FROM announcements WHERE title_key = ''").all() as {
      r: number;
      title: string;
    }[];
    for (const row of rows) set.run(titleSortKey(row.title), row.r);
    sqlite.prepare("INSERT INTO counters (name, value) VALUES ('title_key_backfill', 1)").run();
  })();
}

/**
 * The unit of work on this SQLite file (lib/unit-of-work.ts): one writer at a time, BEGIN IMMEDIATE on the
 * write connection (a nested write is a savepoint), `seq` from the counters row; effects go to `sink` after
 * the commit.
 */
export function sqliteUnitOfWork(
  db: Db,
  sink: EffectSink,
  onEffectError?: (err: unknown) => void,
): UnitOfWork {
  const store = stores.get(db);
  if (!store) throw new Error('sqliteUnitOfWork needs a database opened by openDatabase');
  return createUnitOfWork(store, sink, onEffectError);
}

type OpenTx = { conn: SqliteDb; btx: BackendTx };
const isPromise = <T>(v: T | Promise<T>): v is Promise<T> =>
  typeof (v as { then?: unknown } | null)?.then === 'function';

/** The writer of one SQLite file: serializes units, owns the open transaction's connection. */
class SqliteStore implements UnitOfWorkBackend {
  private readonly open = new AsyncLocalStorage<OpenTx>();
  private busy = false;
  private readonly waiting: (() => void)[] = [];
  private savepoints = 0;
  private readonly takeSeq: Database.Statement;

  constructor(
    private readonly write: SqliteDb,
    private readonly read: () => SqliteDb,
  ) {
    this.takeSeq = write.$client
      .prepare("UPDATE counters SET value = value + 1 WHERE name = 'seq' RETURNING value")
      .pluck();
  }

  /** The open transaction's connection for the code running inside it, else undefined. */
  current(): SqliteDb | undefined {
    return this.open.getStore()?.conn;
  }

  transaction<T>(fn: (tx: BackendTx) => T | Promise<T>): T | Promise<T> {
    const inside = this.open.getStore();
    if (inside) return this.savepoint(inside, fn);
    if (!this.busy) {
      this.busy = true;
      return this.run(fn);
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() => this.run(fn));
  }

  close(): void {
    const read = this.read();
    if (read !== this.write) read.$client.close();
    this.write.$client.close();
  }

  /** Runs an outermost transaction; the caller has taken the writer (`busy`), released here. */
  private run<T>(fn: (tx: BackendTx) => T | Promise<T>): T | Promise<T> {
    const client = this.write.$client;
    const state: OpenTx = { conn: this.write, btx: { nextSeq: () => this.takeSeq.get() as number } };
    const finish = (ok: boolean) => {
      try {
        if (ok) client.exec('COMMIT');
      } catch (err) {
        if (client.inTransaction) client.exec('ROLLBACK');
        throw err;
      } finally {
        if (!ok && client.inTransaction) client.exec('ROLLBACK');
        this.release();
      }
    };
    let out: T | Promise<T>;
    try {
      client.exec('BEGIN IMMEDIATE');
      out = this.open.run(state, () => fn(state.btx));
    } catch (err) {
      finish(false);
      throw err;
    }
    if (!isPromise(out)) {
      finish(true);
      return out;
    }
    return out.then(
      (value) => {
        finish(true);
        return value;
      },
      (err) => {
        finish(false);
        throw err;
      },
    );
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }

  private savepoint<T>(inside: OpenTx, fn: (tx: BackendTx) => T | Promise<T>): T | Promise<T> {
    const client = this.write.$client;
    const name = `sp${++this.savepoints}`;
    client.exec(`SAVEPOINT ${name}`);
    const undo = (err: unknown): never => {
      client.exec(`ROLLBACK TO ${name}`);
      client.exec(`RELEASE ${name}`);
      throw err;
    };
    let out: T | Promise<T>;
    try {
      out = fn(inside.btx);
    } catch (err) {
      return undo(err);
    }
    if (!isPromise(out)) {
      client.exec(`RELEASE ${name}`);
      return out;
    }
    return out.then((value) => {
      client.exec(`RELEASE ${name}`);
      return value;
    }, undo);
  }
}

/**
 * Next `seq`, for offline tools only (seeders, benchmarks, a few fixtures outside the server) that fill a
 * database before any server runs. The server's own code takes seqs only through the unit of work.
 */
export function nextSeq(db: Db): number {
  let take = offlineSeq.get(db);
  if (!take) {
    take = sqliteOf(db)
      .$client.prepare("UPDATE counters SET value = value + 1 WHERE name = 'seq' RETURNING value")
      .pluck();
    offlineSeq.set(db, take);
  }
  return take.get() as number;
}
const offlineSeq = new WeakMap<Db, Database.Statement>();

/**
 * Runs statements that are not replicated (the throttle counters, repositories/throttles.ts) outside the
 * unit of work: no seq, no effects. On SQLite it takes the writer's turn in a transaction of its own, so it
 * never waits on the file lock a unit of this process holds; called inside a unit, it joins it (a
 * savepoint). Any other back-end (PostgreSQL: the pool, outside a unit) runs `fn` as it is: each of its
 * statements commits by itself and takes no `seq` lock.
 */
export async function sideWrite<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const store = stores.get(db);
  return store ? store.transaction(() => fn()) : fn();
}
