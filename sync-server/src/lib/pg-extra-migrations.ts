import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/**
 * Hand-written PostgreSQL SQL applied after drizzle's pg migrations (sync-server/migrations-pg-extra/):
 * what drizzle-kit cannot generate from the shared tables, such as the search's tables, functions and
 * trigger (0001_search.sql). Each file runs once, in name order, in its own transaction; the names
 * applied are kept in `pg_extra_migrations`. Statements are split as drizzle's files are.
 */
export const pgExtraMigrationsFolder = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../migrations-pg-extra',
);

export async function applyPgExtraMigrations(client: pg.Pool | pg.PoolClient | pg.Client): Promise<void> {
  await client.query(
    'CREATE TABLE IF NOT EXISTS pg_extra_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(
    (await client.query<{ name: string }>('SELECT name FROM pg_extra_migrations')).rows.map((r) => r.name),
  );
  for (const file of readdirSync(pgExtraMigrationsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    if (done.has(file)) continue;
    const text = readFileSync(join(pgExtraMigrationsFolder, file), 'utf8');
    await client.query('BEGIN');
    try {
      for (const statement of text.split('--> statement-breakpoint'))
        if (statement.trim() !== '') await client.query(statement);
      await client.query('INSERT INTO pg_extra_migrations (name) VALUES ($1)', [file]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    }
  }
}
