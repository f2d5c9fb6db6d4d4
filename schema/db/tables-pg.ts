import { is, SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  customType,
  doublePrecision,
  type ExtraConfigColumn,
  type IndexBuilder,
  index,
  integer,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
  pgTable,
  primaryKey,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as sqlite from './tables.ts';

/**
 * PostgreSQL tables, DERIVED from the SQLite tables of ./tables.ts so the two cannot drift: same tables,
 * column names, nullability, defaults, primary keys, foreign keys, unique / plain / partial indexes. They
 * exist for drizzle-kit (migrations in sync-server/migrations-pg, `npm run db:generate:pg`); the server
 * queries PostgreSQL through the SQLite table objects, so the storage types are the SQLite ones:
 * - text stays text (JSON too: the SQLite column object parses what it reads), compared byte by byte
 *   (COLLATE "C", SQLite's BINARY): the listing orders, the (created_at, id) cursors and title_key
 *   ('Titlu (A–Z)' with plain comparison) sort as on SQLite whatever the database's locale;
 * - booleans stay integer 0/1 (raw SQL says `deleted = 0`); a boolean default true/false becomes 1/0;
 * - integers are bigint, except the few counters below that cannot pass 2^31 (seq, counters.value,
 *   epoch-millisecond times and prices can); int8 reaches JS as a number through the pg type parser;
 * - real (SQLite's 8-byte float) is double precision.
 * The search structures of SQLite (FTS5 view, virtual table, triggers: migrations 0007/0009) are engine
 * specific and hand-written; PostgreSQL's live in their own custom migration of migrations-pg.
 */

/** Integer columns that stay 4-byte `integer`: counts bumped by one that cannot reach 2^31. */
const SMALL_INTEGERS = new Set([
  'announcements.favorites_count',
  'announcements.views',
  'conversation_members.unread_count',
  'password_resets.attempts',
]);

/** text with byte-wise comparison (SQLite's BINARY collation). */
const binaryText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text COLLATE "C"',
});

/** The chainable part of drizzle's pg column builders that the derivation uses. */
type Builder = PgColumnBuilderBase & {
  primaryKey(): Builder;
  notNull(): Builder;
  default(value: unknown): Builder;
  unique(name?: string): Builder;
  references(ref: () => AnyPgColumn, actions: object): Builder;
};

function pgColumn(table: string, col: SQLiteColumn): Builder {
  let builder: Builder;
  let dflt = col.default;
  switch (col.columnType) {
    case 'SQLiteText':
    case 'SQLiteTextJson':
      builder = binaryText(col.name) as unknown as Builder;
      break;
    case 'SQLiteBoolean':
      builder = integer(col.name) as unknown as Builder;
      if (typeof dflt === 'boolean') dflt = dflt ? 1 : 0;
      break;
    case 'SQLiteInteger':
    case 'SQLiteTimestamp':
      builder = (SMALL_INTEGERS.has(`${table}.${col.name}`)
        ? integer(col.name)
        : bigint(col.name, { mode: 'number' })) as unknown as Builder;
      break;
    case 'SQLiteReal':
      builder = doublePrecision(col.name) as unknown as Builder;
      break;
    default:
      throw new Error(`tables-pg: no PostgreSQL type for ${table}.${col.name} (${col.columnType})`);
  }
  if (col.primary) builder = builder.primaryKey();
  if (col.notNull) builder = builder.notNull();
  if (col.hasDefault && dflt !== undefined) builder = builder.default(dflt);
  if (col.isUnique) builder = builder.unique(col.uniqueName);
  return builder;
}

type AnyPgTable = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: Record<string, AnyPgColumn>;
  dialect: 'pg';
}>;
/** Derived tables by SQL name, for foreign keys (looked up lazily: the referenced table may come later). */
const byName = new Map<string, AnyPgTable>();

type IndexPart = Partial<ExtraConfigColumn> | SQL;

/** An index column: a column by name, or `<column> DESC|ASC` written as SQL on SQLite (PostgreSQL has .desc()). */
function indexColumn(t: Record<string, ExtraConfigColumn>, c: unknown): IndexPart {
  if (!is(c, SQL)) return t[(c as SQLiteColumn).name];
  const text = c.queryChunks.map((q) => (q as { value?: string[] }).value?.join('') ?? '').join('');
  const m = /^\s*(\w+)\s+(ASC|DESC)\s*$/i.exec(text);
  if (!m || !t[m[1]]) return c;
  return m[2].toUpperCase() === 'DESC' ? t[m[1]].desc() : t[m[1]].asc();
}

export function pgTableFrom(source: SQLiteTable): AnyPgTable {
  const cfg = getTableConfig(source);
  const refs = new Map(
    cfg.foreignKeys.map((fk) => {
      const ref = fk.reference();
      if (ref.columns.length !== 1) throw new Error(`tables-pg: composite foreign key on ${cfg.name}`);
      const target = getTableConfig(ref.foreignTable).name;
      const to = ref.foreignColumns[0].name;
      // Looked up when drizzle-kit reads the reference: the target may be derived after this table.
      const column = () => byName.get(target)?.[to] as AnyPgColumn;
      return [ref.columns[0].name, { column, actions: { onDelete: fk.onDelete, onUpdate: fk.onUpdate } }];
    }),
  );
  const columns = Object.fromEntries(
    cfg.columns.map((c) => {
      const builder = pgColumn(cfg.name, c);
      const ref = refs.get(c.name);
      return [c.name, ref ? builder.references(ref.column, ref.actions) : builder];
    }),
  );
  const table = pgTable(cfg.name, columns, (t) => {
    const cols = t as unknown as Record<string, ExtraConfigColumn>;
    const extras: (IndexBuilder | ReturnType<typeof primaryKey>)[] = cfg.indexes.map((i) => {
      const on = i.config.columns.map((c) => indexColumn(cols, c)) as [IndexPart];
      const built = (i.config.unique ? uniqueIndex : index)(i.config.name).on(...on);
      return i.config.where ? built.where(i.config.where) : built;
    });
    for (const pk of cfg.primaryKeys) {
      extras.push(primaryKey({ columns: pk.columns.map((c) => cols[c.name]) as never }));
    }
    return extras;
  }) as unknown as AnyPgTable;
  byName.set(cfg.name, table);
  return table;
}

export const counters = pgTableFrom(sqlite.counters);
export const users = pgTableFrom(sqlite.users);
export const passwordResets = pgTableFrom(sqlite.passwordResets);
export const sessions = pgTableFrom(sqlite.sessions);
export const announcements = pgTableFrom(sqlite.announcements);
export const announcementViews = pgTableFrom(sqlite.announcementViews);
export const favorites = pgTableFrom(sqlite.favorites);
export const drafts = pgTableFrom(sqlite.drafts);
export const reviews = pgTableFrom(sqlite.reviews);
export const conversations = pgTableFrom(sqlite.conversations);
export const conversationMembers = pgTableFrom(sqlite.conversationMembers);
export const messages = pgTableFrom(sqlite.messages);
export const chatUploads = pgTableFrom(sqlite.chatUploads);
export const notifications = pgTableFrom(sqlite.notifications);
export const throttleHits = pgTableFrom(sqlite.throttleHits);
export const searchVocab = pgTableFrom(sqlite.searchVocab);
export const photoUploads = pgTableFrom(sqlite.photoUploads);
export const pushSubscriptions = pgTableFrom(sqlite.pushSubscriptions);
export const serverKeys = pgTableFrom(sqlite.serverKeys);
export const pushJobs = pgTableFrom(sqlite.pushJobs);
export const reports = pgTableFrom(sqlite.reports);
export const blocks = pgTableFrom(sqlite.blocks);
export const moderationLog = pgTableFrom(sqlite.moderationLog);
