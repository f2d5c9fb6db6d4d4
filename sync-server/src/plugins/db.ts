import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as tables from '../../../schema/db/tables.ts';

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
  const db = drizzle(sqlite, { schema: tables });
  migrate(db, { migrationsFolder });
  sqlite.prepare("INSERT OR IGNORE INTO counters (name, value) VALUES ('seq', 0)").run();
  return db as Db;
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
