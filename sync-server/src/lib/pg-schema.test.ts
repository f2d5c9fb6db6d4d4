import { and, eq, getTableColumns, is, sql } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tables from '../../../schema/db/tables.ts';
import type { Db } from '../plugins/db.ts';
import { closePgDatabase, migratePg, openPgDatabase, pgPoolOf } from './pg-backend.ts';
import { createTestDatabase, pgUrl } from './pg-test-db.ts';
import { rawGet } from './sql.ts';

/**
 * The PostgreSQL schema on a real server: the migrations of sync-server/migrations-pg apply on an empty
 * database (also from two instances at once), the catalogue has the SQLite tables' columns and indexes,
 * and every table makes the round trip through the SQLite table objects the repositories use.
 */
const sqliteTables = Object.values(tables).filter((t) => is(t, SQLiteTable)) as SQLiteTable[];

describe.skipIf(!pgUrl)('PostgreSQL schema (migrations-pg)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let pool: ReturnType<typeof pgPoolOf>;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Two instances starting together: the advisory lock lets one migrate, the other finds it done.
    const [a, b] = await Promise.all([openPgDatabase(database.url), openPgDatabase(database.url)]);
    await closePgDatabase(b);
    db = a;
    pool = pgPoolOf(db);
  });
  afterAll(async () => {
    if (db) await closePgDatabase(db);
    await database?.drop();
  });

  it('applies every migration once and creates the seq counter at 0', async () => {
    const applied = await pool.query('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
    expect(applied.rows[0].n).toBeGreaterThan(0);
    await migratePg(pool); // a restart: nothing new to apply
    const again = await pool.query('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
    expect(again.rows[0].n).toBe(applied.rows[0].n);
    const seq = await pool.query("SELECT value FROM counters WHERE name = 'seq'");
    expect(seq.rows).toEqual([{ value: 0 }]);
  });

  it('has the columns of the SQLite tables with their storage types, nullability and byte order', async () => {
    const { rows } = await pool.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      collation_name: string | null;
    }>(
      `SELECT table_name, column_name, data_type, is_nullable, collation_name FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    );
    const pgStorage: Record<string, string[]> = {
      SQLiteText: ['text'],
      SQLiteTextJson: ['text'],
      SQLiteBoolean: ['integer'],
      SQLiteInteger: ['integer', 'bigint'],
      SQLiteReal: ['double precision'],
    };
    for (const table of sqliteTables) {
      const cfg = getTableConfig(table);
      const live = rows.filter((r) => r.table_name === cfg.name);
      expect(live.map((r) => r.column_name).sort(), cfg.name).toEqual(cfg.columns.map((c) => c.name).sort());
      for (const col of cfg.columns) {
        const r = live.find((x) => x.column_name === col.name);
        const where = `${cfg.name}.${col.name}`;
        expect(pgStorage[col.columnType], where).toContain(r?.data_type);
        expect(r?.is_nullable, where).toBe(col.notNull ? 'NO' : 'YES');
        if (r?.data_type === 'text') expect(r.collation_name, where).toBe('C');
        if (col.name === 'seq') expect(r?.data_type, where).toBe('bigint');
      }
    }
  });

  it('has every index of the SQLite tables, partial ones with their condition', async () => {
    const { rows } = await pool.query<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'",
    );
    const live = new Map(rows.map((r) => [r.indexname, r.indexdef]));
    for (const table of sqliteTables) {
      for (const i of getTableConfig(table).indexes) {
        const def = live.get(i.config.name);
        expect(def, i.config.name).toBeDefined();
        expect(def?.startsWith(i.config.unique ? 'CREATE UNIQUE INDEX' : 'CREATE INDEX'), i.config.name).toBe(
          true,
        );
        expect(def?.includes(' WHERE '), i.config.name).toBe(i.config.where !== undefined);
      }
    }
  });

  it('round-trips every table through the SQLite table objects: insert, select, upsert, returning', async () => {
    // The repositories' query builders are typed for SQLite; at run time drizzle's pg driver builds the SQL.
    // The router is typed as the SQLite database: the repositories' own query builders run on PostgreSQL.
    const rowFor = (table: SQLiteTable, n: number) => {
      const cfg = getTableConfig(table);
      const refs = new Map(cfg.foreignKeys.map((f) => [f.reference().columns[0].name, f]));
      const row: Record<string, unknown> = {};
      for (const [key, col] of Object.entries(getTableColumns(table))) {
        if (refs.has(col.name))
          row[key] = 'user-1'; // the one user row
        else if (cfg.name === 'users' && col.name === 'id') row[key] = `user-${n}`;
        else if (cfg.name === 'counters' && col.name === 'name') row[key] = `test-${n}`;
        else if (col.columnType === 'SQLiteText') row[key] = `${col.name} ă ș ț ${n}`;
        else if (col.columnType === 'SQLiteTextJson')
          row[key] = col.notNull ? [`${n}`, 'ș'] : { text: `ț ${n}` };
        else if (col.columnType === 'SQLiteBoolean') row[key] = n % 2 === 1;
        else if (col.columnType === 'SQLiteReal') row[key] = 4.5;
        // Past 2^31 where bigint: an epoch in milliseconds, a seq after years of writes.
        else
          row[key] = ['favorites_count', 'views', 'unread_count', 'attempts'].includes(col.name)
            ? n
            : 2 ** 40 + n;
      }
      return row;
    };
    const ordered = [tables.users, ...sqliteTables.filter((t) => t !== tables.users)];
    for (const table of ordered) {
      const name = getTableConfig(table).name;
      const t = table as typeof tables.counters;
      const cfg = getTableConfig(table);
      // The conflict target: the primary key, or the first unique index of a table without one.
      const unique = cfg.indexes.find((i) => i.config.unique)?.config.columns ?? [];
      const keys = Object.entries(getTableColumns(table)).filter(
        ([, c]) =>
          c.primary ||
          cfg.primaryKeys.some((pk) => pk.columns.includes(c)) ||
          (cfg.primaryKeys.length === 0 && !cfg.columns.some((x) => x.primary) && unique.includes(c)),
      );
      const first = rowFor(table, 1);
      const byKey = and(...keys.map(([k, c]) => eq(c, first[k])));
      const inserted = await db
        .insert(t)
        .values(first as never)
        .returning();
      expect(inserted, name).toEqual([first]);
      expect(await db.select().from(t).where(byKey), name).toEqual([first]);

      const second = rowFor(table, 2);
      const update = Object.fromEntries(
        Object.entries(second).filter(([k]) => !keys.some(([pk]) => pk === k)),
      );
      const target = keys.map(([, c]) => c) as never;
      if (Object.keys(update).length === 0) {
        // Every column is the key (announcement_views): a repeat is ignored.
        expect(
          await db
            .insert(t)
            .values(first as never)
            .onConflictDoNothing({ target })
            .returning(),
          name,
        ).toEqual([]);
      } else {
        const upserted = await db
          .insert(t)
          .values(first as never)
          .onConflictDoUpdate({ target, set: update as never })
          .returning();
        expect(upserted, name).toEqual([{ ...first, ...update }]);
      }
      const count = await rawGet(db, sql`SELECT count(*) AS n FROM ${table} WHERE ${byKey}`);
      expect(count, name).toEqual({ n: 1 });
    }
    // Raw SQL sees the storage types: booleans as 0/1, JSON as text, bigints as numbers.
    const raw = await pool.query('SELECT deleted, notify_messages, seq FROM users');
    expect(raw.rows).toEqual([{ deleted: 0, notify_messages: 0, seq: 2 ** 40 + 2 }]);
    const json = await pool.query('SELECT images FROM announcements');
    expect(json.rows).toEqual([{ images: '["2","ș"]' }]);
  });

  it('reads int8 and numeric aggregates as JavaScript numbers', async () => {
    const { rows } = await pool.query(
      'SELECT count(*) AS n, sum(x) AS s, avg(x) AS a FROM (VALUES (1::bigint), (2::bigint)) v(x)',
    );
    expect(rows).toEqual([{ n: 2, s: 3, a: 1.5 }]);
    await expect(pool.query('SELECT 9007199254740993::bigint AS big')).rejects.toThrow(/does not fit/);
  });
});
