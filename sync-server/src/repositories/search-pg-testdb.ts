import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type AnnouncementRow, announcements } from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';

/**
 * A throwaway PostgreSQL database for the search tests (`DATABASE_URL` names the server): the
 * `announcements` table with the storage types of the issue-13 design (text, integer 0/1 booleans, JSON
 * as text), written here until the pg schema's migrations exist, then the PG-only search SQL of
 * migrations-pg-extra/, as the server applies it.
 */

const EXTRA = join(dirname(fileURLToPath(import.meta.url)), '../../migrations-pg-extra');

const ANNOUNCEMENTS_SQL = `CREATE TABLE IF NOT EXISTS announcements (
  id text PRIMARY KEY, owner_id text NOT NULL, title text NOT NULL, title_key text NOT NULL DEFAULT '',
  category text NOT NULL, description text NOT NULL, location text NOT NULL, localitate text NOT NULL DEFAULT '',
  contact_person text NOT NULL, contact_email text NOT NULL DEFAULT '', contact_phone text NOT NULL DEFAULT '',
  images text NOT NULL DEFAULT '[]', price integer, favorites_count integer NOT NULL DEFAULT 0,
  views integer NOT NULL DEFAULT 0, active integer NOT NULL DEFAULT 1, created_at text NOT NULL,
  updated_at text NOT NULL, deleted integer NOT NULL DEFAULT 0, seq integer NOT NULL)`;

/** The announcements table as the design stores it (until the pg schema's migrations make it). */
export async function createAnnouncementsTable(client: pg.Pool | pg.Client): Promise<void> {
  await client.query(ANNOUNCEMENTS_SQL);
}

/** Runs every file of migrations-pg-extra/ in name order (statements split as drizzle's files are). */
export async function applyPgExtraMigrations(client: pg.Pool | pg.Client): Promise<void> {
  for (const file of readdirSync(EXTRA)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    for (const statement of readFileSync(join(EXTRA, file), 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim() !== '') await client.query(statement);
    }
  }
}

const COLUMNS = Object.values(getTableColumns(announcements));

/** Writes rows read from SQLite into PostgreSQL unchanged (same ids, dates, title keys). */
export async function copyAnnouncements(pool: pg.Pool, rows: AnnouncementRow[]): Promise<void> {
  const names = COLUMNS.map((c) => c.name);
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values: unknown[] = [];
    const tuples = chunk.map((row) => {
      const marks = Object.entries(getTableColumns(announcements)).map(([key, col]) => {
        const v = (row as Record<string, unknown>)[key];
        values.push(v === null || v === undefined ? null : col.mapToDriverValue(v));
        return `$${values.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await pool.query(`INSERT INTO announcements (${names.join(', ')}) VALUES ${tuples.join(', ')}`, values);
  }
}

export type SearchTestDb = { pool: pg.Pool; db: Db; close(): Promise<void> };

/** A new database on DATABASE_URL's server, with the announcements table and the search SQL. */
export async function openSearchTestDb(url: string): Promise<SearchTestDb> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = `hobbiz_search_${process.pid}_${Math.random().toString(16).slice(2, 8)}`;
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: u.toString(), max: 4 });
  await createAnnouncementsTable(pool);
  await applyPgExtraMigrations(pool);
  return {
    pool,
    db: drizzle(pool) as unknown as Db,
    async close() {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}
