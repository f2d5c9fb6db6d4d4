import { and, asc, eq, getTableColumns, gt, lte, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../plugins/db.ts';

/**
 * The query shapes every repository repeats, written once: conditions from column values (`matching`,
 * `live`), the row a key names (`firstRow`, `rowsById`), the rows a replication checkpoint has not seen
 * yet (`changedAfter`), and long id lists read in bound-parameter-sized parts (`readInChunks`, `mapById`).
 */

/** A table whose rows replicate: each write takes a new `seq` (schema/db/tables.ts). */
type Replicated = SQLiteTable & { seq: SQLiteColumn };
/** A table keyed by one `id` column. */
type ById = SQLiteTable & { id: SQLiteColumn };
/** A table whose removed rows stay as tombstones (`deleted`), so devices learn of the removal. */
type Tombstoned = SQLiteTable & { deleted: SQLiteColumn };

/** SQLite allows ~32k bound parameters; IN lists are cut well below that. */
export function chunks<T>(list: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Every row `read` returns for the parts of `keys` (one statement per part), in part order. */
export async function readInChunks<K, R>(keys: K[], read: (part: K[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const part of chunks(keys)) out.push(...(await read(part)));
  return out;
}

/** Rows whose columns equal the values in `match` (an undefined value sets no condition). */
export function matching<T extends SQLiteTable>(
  table: T,
  match: Partial<T['$inferSelect']>,
): SQL | undefined {
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const equal = Object.entries(match)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => eq(columns[key]!, value));
  return and(...equal);
}

/** The live rows (not tombstones) `match` names: what most lookups ask for. */
export function live<T extends Tombstoned>(table: T, match: Partial<T['$inferSelect']> = {}): SQL {
  return and(eq(table.deleted, false), matching(table, match))!;
}

/**
 * The one row of `table` matching `where` (a key, or a key with conditions), or undefined. A lookup
 * always names its row: no condition at all (a `matching` of undefined values) is a bug, not "any row".
 */
export async function firstRow<T extends SQLiteTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
): Promise<T['$inferSelect'] | undefined> {
  if (!where) throw new Error('firstRow: no condition');
  const [row] = await db.select().from(table).where(where).limit(1);
  return row as T['$inferSelect'] | undefined;
}

/**
 * A replication page: rows of `table` (within `scope`, when given) written after the checkpoint's
 * `afterSeq`, and up to `upToSeq` when given, in commit order, at most `limit`.
 */
export async function changedAfter<T extends Replicated>(
  db: Db,
  table: T,
  range: { afterSeq: number; upToSeq?: number; limit: number; scope?: SQL },
): Promise<T['$inferSelect'][]> {
  const upTo = range.upToSeq === undefined ? undefined : lte(table.seq, range.upToSeq);
  const rows = await db
    .select()
    .from(table)
    .where(and(range.scope, gt(table.seq, range.afterSeq), upTo))
    .orderBy(asc(table.seq))
    .limit(range.limit);
  return rows as T['$inferSelect'][];
}

/** `read` over the distinct `ids` (in parts), as a map from each row's id to `value` of it. */
export async function mapById<R extends { id: string }, V>(
  ids: string[],
  read: (part: string[]) => Promise<R[]>,
  value: (row: R) => V,
): Promise<Map<string, V>> {
  const rows = await readInChunks([...new Set(ids)], read);
  return new Map(rows.map((r) => [r.id, value(r)]));
}

/** Read, insert and patch rows of a table keyed by `id`: the plain accessors most repositories start from. */
export function rowsById<T extends ById>(db: Db, table: T) {
  return {
    get: (id: string): Promise<T['$inferSelect'] | undefined> => firstRow(db, table, eq(table.id, id)),
    async insert(row: T['$inferInsert']): Promise<void> {
      await db.insert(table).values(row);
    },
    async update(id: string, patch: Partial<T['$inferInsert']>): Promise<void> {
      await db.update(table).set(patch).where(eq(table.id, id));
    },
  };
}
