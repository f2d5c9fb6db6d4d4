import { getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type pg from 'pg';
import { type AnnouncementRow, announcements } from '../../../schema/db/tables.ts';

/**
 * Rows copied from SQLite into PostgreSQL unchanged (same ids, dates, title keys), for the tests and the
 * benchmarks that compare the two engines over the same rows. Plain INSERTs: the search trigger indexes
 * announcements as any write.
 */
export async function copyRows<T extends SQLiteTable>(
  pool: pg.Pool,
  table: T,
  rows: T['$inferSelect'][],
): Promise<void> {
  const columns = Object.entries(getTableColumns(table));
  const names = columns.map(([, col]) => col.name);
  for (let i = 0; i < rows.length; i += 500) {
    const values: unknown[] = [];
    const tuples = rows.slice(i, i + 500).map((row) => {
      const marks = columns.map(([key, col]) => {
        const v = (row as Record<string, unknown>)[key];
        values.push(v === null || v === undefined ? null : col.mapToDriverValue(v));
        return `$${values.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await pool.query(
      `INSERT INTO "${getTableName(table)}" (${names.map((n) => `"${n}"`).join(', ')}) VALUES ${tuples.join(', ')}`,
      values,
    );
  }
}

export const copyAnnouncements = (pool: pg.Pool, rows: AnnouncementRow[]) =>
  copyRows(pool, announcements, rows);
