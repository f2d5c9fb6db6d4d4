import type { SQL } from 'drizzle-orm';
import type { Db, SqliteDb } from '../plugins/db.ts';

/**
 * Raw SQL that runs on both engines (docs/decisions.md, "One query layer, two engines"). Repositories build
 * queries with drizzle's `sql` template (parameters are bound, never pasted) and run them here; they write
 * SQL both engines accept, or branch on `dialectOf(db)` where there is no common form.
 */
export type Dialect = 'sqlite' | 'postgres';

/** Where a database handle says which engine it talks to (set by each back-end on its router). */
export const DIALECT = Symbol.for('hobbiz.dialect');

export function dialectOf(db: Db): Dialect {
  return (db as unknown as { [DIALECT]?: Dialect })[DIALECT] ?? 'sqlite';
}

/** What the PostgreSQL back-end's handle runs raw SQL with (drizzle's node-postgres `execute`). */
export type PgExecutor = { execute(query: SQL): Promise<{ rows: unknown[]; rowCount: number | null }> };

/**
 * The engine's own handle behind `db`, checked. `Db` is the surface both engines offer (plugins/db.ts);
 * code written for one engine (raw statements, SQLite's search memory, offline tools) asks for its own
 * handle here and fails loudly if handed the other engine's.
 */
export function sqliteOf(db: Db): SqliteDb {
  if (dialectOf(db) !== 'sqlite') throw new Error('Expected a SQLite database handle');
  return db as SqliteDb;
}
export function pgOf(db: Db): PgExecutor {
  if (dialectOf(db) !== 'postgres') throw new Error('Expected a PostgreSQL database handle');
  return db as unknown as PgExecutor;
}

/** Every row of `query`, as objects keyed by the selected column names. */
export async function rawAll<T>(db: Db, query: SQL): Promise<T[]> {
  if (dialectOf(db) === 'postgres') return (await pgOf(db).execute(query)).rows as T[];
  return sqliteOf(db).all(query) as T[];
}

/** The first row of `query`, or undefined. */
export async function rawGet<T>(db: Db, query: SQL): Promise<T | undefined> {
  const rows = await rawAll<T>(db, query);
  return rows[0];
}

/** Runs a statement; resolves to how many rows it changed. */
export async function rawRun(db: Db, query: SQL): Promise<{ changes: number }> {
  if (dialectOf(db) === 'postgres') {
    const r = await pgOf(db).execute(query);
    return { changes: r.rowCount ?? 0 };
  }
  return { changes: sqliteOf(db).run(query).changes };
}

/** The engine's error code (SQLite's `SQLITE_…`, PostgreSQL's SQLSTATE), also under drizzle's wrapper. */
export function dbErrorCode(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 3; depth++, e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** A unique index or primary key refused the row (two writers raced for the same key), on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const code = dbErrorCode(err);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** PostgreSQL refused text it cannot store (U+0000, SQLSTATE 22021), which SQLite would have stored. */
export const isUnstorableText = (err: unknown): boolean => dbErrorCode(err) === '22021';
