import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as tables from '../../../schema/db/tables.ts';
import { titleSortKey } from '../../../schema/search.ts';
import { createUnitOfWork, type EffectSink, type UnitOfWork } from '../lib/unit-of-work.ts';
import { type CountersRepository, countersRepository } from '../repositories/counters.ts';

export type Db = BetterSQLite3Database<typeof tables> & { $client: Database.Database };

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** Opens (or creates) the SQLite file in WAL mode and applies the committed migrations. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL is durable in WAL mode across process crashes (kill -9); only an OS crash may lose the last commits.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 128 MB of page cache (allocated as used; SQLite's default is 2 MB): at a million announcements the
  // search reads thousands of rows and index pages per query, and each miss costs a system call.
  sqlite.pragma('cache_size = -131072');
  const db = drizzle(sqlite, { schema: tables });
  migrate(db, { migrationsFolder });
  sqlite.prepare("INSERT OR IGNORE INTO counters (name, value) VALUES ('seq', 0)").run();
  backfillTitleKeys(sqlite);
  return db as Db;
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
 * The unit of work on this SQLite file (lib/unit-of-work.ts): better-sqlite3 transactions (a nested write
 * becomes a savepoint) and `seq` from the counters repository; effects go to `sink` after the commit.
 */
export function sqliteUnitOfWork(
  db: Db,
  sink: EffectSink,
  onEffectError?: (err: unknown) => void,
): UnitOfWork {
  const counters = countersRepository(db);
  return createUnitOfWork(
    { transaction: (fn) => db.$client.transaction(fn)(), nextSeq: counters.nextSeq },
    sink,
    onEffectError,
  );
}

/**
 * Next `seq`, for offline tools only (seeders, benchmarks, a few fixtures outside the server) that fill a
 * database before any server runs. The server's own code takes seqs only through the unit of work.
 */
export function nextSeq(db: Db): number {
  let counters = offlineCounters.get(db);
  if (!counters) {
    counters = countersRepository(db);
    offlineCounters.set(db, counters);
  }
  return counters.nextSeq();
}
const offlineCounters = new WeakMap<Db, CountersRepository>();
