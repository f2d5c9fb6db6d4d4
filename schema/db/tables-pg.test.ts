import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { is, SQL } from 'drizzle-orm';
import { PgTable, getTableConfig as pgConfig } from 'drizzle-orm/pg-core';
import { SQLiteTable, getTableConfig as sqliteConfig } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as sqlite from './tables.ts';
import * as pg from './tables-pg.ts';

const sqliteTables = Object.entries(sqlite).filter(([, v]) => is(v, SQLiteTable)) as [string, SQLiteTable][];
const pgTables = Object.entries(pg).filter(([, v]) => is(v, PgTable)) as [string, PgTable][];
const pgByKey = new Map(pgTables);
const pgOf = (key: string) => {
  const t = pgByKey.get(key);
  if (!t) throw new Error(`no PostgreSQL table for ${key}`);
  return t;
};

const sqlText = (s: unknown) =>
  is(s, SQL) ? s.queryChunks.map((q) => (q as { value?: string[] }).value?.join('') ?? '').join('') : s;

/** What the PostgreSQL column must be for a SQLite column (docs/decisions.md, "PostgreSQL storage types"). */
function expectedPgType(table: string, col: { columnType: string; name: string }): string[] {
  switch (col.columnType) {
    case 'SQLiteText':
    case 'SQLiteTextJson':
      return ['text COLLATE "C"'];
    case 'SQLiteBoolean':
      return ['integer'];
    case 'SQLiteReal':
      return ['double precision'];
    case 'SQLiteInteger':
      // seq, counters and epoch milliseconds pass 2^31; a small counter may stay 4 bytes.
      return col.name === 'seq' || table === 'counters' || col.name.endsWith('_at')
        ? ['bigint']
        : ['bigint', 'integer'];
    default:
      return [`unknown ${col.columnType}`];
  }
}

describe('PostgreSQL tables (schema/db/tables-pg.ts) against the SQLite tables', () => {
  it('has one PostgreSQL table per SQLite table, under the same export and SQL name', () => {
    expect(pgTables.map(([k]) => k).sort()).toEqual(sqliteTables.map(([k]) => k).sort());
    for (const [key, table] of sqliteTables) {
      expect(pgConfig(pgOf(key)).name).toBe(sqliteConfig(table).name);
    }
  });

  it.each(sqliteTables)('%s: same columns, storage types, nullability, defaults and keys', (key, table) => {
    const s = sqliteConfig(table);
    const p = pgConfig(pgOf(key));
    expect(p.columns.map((c) => c.name)).toEqual(s.columns.map((c) => c.name));
    for (const sc of s.columns) {
      const pc = p.columns.find((c) => c.name === sc.name);
      if (!pc) throw new Error(`${s.name}.${sc.name} missing`);
      const where = `${s.name}.${sc.name}`;
      expect(expectedPgType(s.name, sc), where).toContain(pc.getSQLType());
      expect(pc.notNull, where).toBe(sc.notNull);
      expect(pc.primary, where).toBe(sc.primary);
      expect(pc.isUnique, where).toBe(sc.isUnique);
      const dflt = typeof sc.default === 'boolean' ? Number(sc.default) : sc.default;
      expect(sqlText(pc.default), where).toEqual(sqlText(dflt));
    }
    expect(p.primaryKeys.map((k) => k.columns.map((c) => c.name))).toEqual(
      s.primaryKeys.map((k) => k.columns.map((c) => c.name)),
    );
    const fks = (
      fs: { reference(): { columns: { name: string }[]; foreignColumns: { name: string }[] } }[],
    ) =>
      fs.map((f) => {
        const r = f.reference();
        return [r.columns.map((c) => c.name), r.foreignColumns.map((c) => c.name)];
      });
    expect(fks(p.foreignKeys)).toEqual(fks(s.foreignKeys));
    expect(p.foreignKeys.map((f) => [f.onDelete, f.reference().foreignTable])).toEqual(
      s.foreignKeys.map((f) => [
        f.onDelete,
        pgOf(sqliteTables.find(([, t]) => t === f.reference().foreignTable)?.[0] ?? ''),
      ]),
    );
  });

  it.each(sqliteTables)('%s: same unique, plain and partial indexes, column by column', (key, table) => {
    const s = sqliteConfig(table);
    const p = pgConfig(pgOf(key));
    const sIdx = s.indexes.map((i) => ({
      name: i.config.name,
      unique: i.config.unique,
      // SQLite writes a descending column as SQL ('created_at DESC'); PostgreSQL as a column with an order.
      columns: i.config.columns.map((c) => (is(c, SQL) ? sqlText(c) : (c as { name: string }).name)),
      where: sqlText(i.config.where),
    }));
    const pIdx = p.indexes.map((i) => ({
      name: i.config.name,
      unique: i.config.unique,
      columns: i.config.columns.map((c) => {
        if (is(c, SQL)) return sqlText(c);
        const col = c as { name: string; indexConfig?: { order?: string } };
        return col.indexConfig?.order === 'desc' ? `${col.name} DESC` : col.name;
      }),
      where: sqlText(i.config.where),
    }));
    expect(pIdx).toEqual(sIdx);
  });

  it('sync-server/migrations-pg is up to date with the tables (run `npm run db:generate:pg`)', async () => {
    const meta = join(dirname(fileURLToPath(import.meta.url)), '../../sync-server/migrations-pg/meta');
    const last = readdirSync(meta)
      .filter((f) => f.endsWith('_snapshot.json'))
      .sort()
      .at(-1);
    if (!last) throw new Error('no PostgreSQL migration snapshot');
    const previous = JSON.parse(readFileSync(join(meta, last), 'utf8'));
    const current = generateDrizzleJson(pg, previous.id);
    expect(await generateMigration(previous, current)).toEqual([]);
  });
});
