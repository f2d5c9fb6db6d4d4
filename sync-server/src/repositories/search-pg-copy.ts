import { getTableColumns } from 'drizzle-orm';
import type pg from 'pg';
import { type AnnouncementRow, announcements } from '../../../schema/db/tables.ts';

/**
 * Announcements copied from SQLite into PostgreSQL unchanged (same ids, dates, title keys), for the tests
 * and the benchmark that compare the two engines' searches over the same rows. Plain INSERTs: the search
 * trigger indexes them as any write.
 */
export async function copyAnnouncements(pool: pg.Pool, rows: AnnouncementRow[]): Promise<void> {
  const columns = Object.entries(getTableColumns(announcements));
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
    await pool.query(`INSERT INTO announcements (${names.join(', ')}) VALUES ${tuples.join(', ')}`, values);
  }
}
