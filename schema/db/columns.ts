import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/sqlite-core';

/**
 * The column kinds the SQLite tables (./tables.ts) are made of, each written once: how text, flags, counts,
 * times and JSON lists are stored (tables-pg.ts derives the PostgreSQL columns from them).
 */

/** A document's id (24 hex characters, schema/ids.ts). */
export const id = () => text('id').primaryKey();

/** Text that is always given. ISO times are text too ('2026-01-31T12:00:00.000Z'). */
export const str = (name: string) => text(name).notNull();

/** Text a person may leave out: '' rather than NULL. */
export const strOrEmpty = (name: string) => text(name).notNull().default('');

/** A yes/no stored as 0/1. */
export const flag = (name: string, initially: boolean) =>
  integer(name, { mode: 'boolean' }).notNull().default(initially);

/** A whole number that starts at 0. */
export const counter = (name: string) => integer(name).notNull().default(0);

/** A time in epoch milliseconds (server-only rows: sessions, codes, limits). */
export const epochMs = (name: string) => integer(name, { mode: 'number' }).notNull();

/** A JSON array, '[]' when empty. */
export const jsonList = <T>(name: string) =>
  text(name, { mode: 'json' }).$type<T[]>().notNull().default(sql`'[]'`);

/**
 * The tail of a replicated row: a removed document stays as a tombstone (so other devices learn of it),
 * and `seq` is the replication order, a value from the `counters` row 'seq' taken inside the write
 * transaction, kept outside the replicated document body.
 */
export const replicated = () => ({ deleted: flag('deleted', false), seq: integer('seq').notNull() });
