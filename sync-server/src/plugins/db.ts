import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as tables from '../../../schema/db/tables.ts';
import { titleSortKey } from '../../../schema/search.ts';

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

/** Next replication sequence number. Must be called inside the write transaction that uses it. */
export function nextSeq(db: Db): number {
  const row = db.$client
    .prepare("UPDATE counters SET value = value + 1 WHERE name = 'seq' RETURNING value")
    .get() as {
    value: number;
  };
  return row.value;
}
