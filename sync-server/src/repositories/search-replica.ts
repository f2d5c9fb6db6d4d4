import { and, asc, eq, getTableColumns, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { announcements, users } from '../../../schema/db/tables.ts';
import { rawGet, rawRun } from '../lib/sql.ts';
import type { Db, SqliteDb } from '../plugins/db.ts';

/** The replica's own checkpoint, in its counters table. */
const REPLICA_SEQ = 'replica_seq';
/** Rows per INSERT statement (SQLite's limit on bound values). */
const INSERT_CHUNK = 200;
/** A seller card's columns an upsert writes. */
const CARD_COLUMNS = ['firstName', 'lastName', 'avatar', 'seq', 'deleted'];

/** `excluded.<column>` for each of `keep`: an upsert that writes what was sent. */
const upsertAll = (keep: string[]): Record<string, SQL> =>
  Object.fromEntries(
    Object.entries(getTableColumns(users))
      .filter(([key]) => keep.includes(key))
      .map(([key, col]) => [key, sql.raw(`excluded."${col.name}"`)]),
  );

type AnnouncementRow = typeof announcements.$inferSelect;
type Card = typeof users.$inferInsert;

/**
 * The newest seq among PostgreSQL's announcements and seller cards: a copy holding everything up to it
 * holds every row a search can show (on the main thread, before each search on the replica).
 */
export async function replicaFeedTop(pg: Db): Promise<number> {
  const row = await rawGet<{ a: number | string | null; u: number | string | null }>(
    pg,
    sql`SELECT (SELECT max(seq) FROM announcements) AS a, (SELECT max(seq) FROM users) AS u`,
  );
  return Math.max(Number(row?.a ?? 0), Number(row?.u ?? 0));
}

/**
 * The queries of the search replica (services/search-replica.ts): what changed on PostgreSQL (`pg`) after
 * a seq, and writing it into this instance's SQLite copy (`local`).
 */
export function searchReplicaRepository(pg: Db, local: SqliteDb) {
  return {
    /** The seq the copy holds everything up to (0 for a new file). */
    heldSeq(): number {
      const row = local.$client.prepare('SELECT value FROM counters WHERE name = ?').get(REPLICA_SEQ) as
        | { value: number }
        | undefined;
      return Number(row?.value ?? 0);
    },

    /** PostgreSQL's committed seq: every row up to it is visible (writers commit in seq order). */
    async topSeq(): Promise<number> {
      const row = await rawGet<{ value: number | string }>(
        pg,
        sql`SELECT value FROM counters WHERE name = 'seq'`,
      );
      return Number(row?.value ?? 0);
    },

    /**
     * Announcements and seller cards changed in (from, top], at most `limit` of each; `to` is where this
     * batch ends (a full batch ends at its last seq: the other table's rows past it come next time).
     */
    async changes(from: number, top: number, limit: number) {
      const [anns, people] = await Promise.all([
        pg
          .select()
          .from(announcements)
          .where(and(gt(announcements.seq, from), lte(announcements.seq, top)))
          .orderBy(asc(announcements.seq))
          .limit(limit),
        pg
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            avatar: users.avatar,
            createdAt: users.createdAt,
            seq: users.seq,
            deleted: users.deleted,
          })
          .from(users)
          .where(and(gt(users.seq, from), lte(users.seq, top)))
          .orderBy(asc(users.seq))
          .limit(limit),
      ]);
      let to = top;
      if (anns.length === limit) to = Math.min(to, anns[anns.length - 1]!.seq);
      if (people.length === limit) to = Math.min(to, people[people.length - 1]!.seq);
      const cards: Card[] = people
        .filter((c) => c.seq <= to)
        // A card only: the copy never holds an address or a password.
        .map((c) => ({ ...c, email: `${c.id}@replica.invalid`, passwordHash: '', lastSeen: c.createdAt }));
      return { to, announcements: anns.filter((a) => a.seq <= to), cards };
    },

    /** Writes a batch into the copy (inside its unit of work) and moves its checkpoint to `to`. */
    async store(rows: AnnouncementRow[], cards: Card[], to: number): Promise<void> {
      for (let i = 0; i < cards.length; i += INSERT_CHUNK)
        await local
          .insert(users)
          .values(cards.slice(i, i + INSERT_CHUNK))
          .onConflictDoUpdate({ target: users.id, set: upsertAll(CARD_COLUMNS) });
      // Rows it holds are updated in place, as the app's own writes do: the search index's triggers
      // follow an UPDATE (an upsert's conflict rule would override theirs), and a row keeps its rowid,
      // which the search threads' memory is keyed by.
      const held = new Set<string>();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const part = rows.slice(i, i + INSERT_CHUNK).map((a) => a.id);
        for (const r of await local
          .select({ id: announcements.id })
          .from(announcements)
          .where(inArray(announcements.id, part)))
          held.add(r.id);
      }
      const added = rows.filter((a) => !held.has(a.id));
      for (let i = 0; i < added.length; i += INSERT_CHUNK)
        await local.insert(announcements).values(added.slice(i, i + INSERT_CHUNK));
      for (const { id, ...row } of rows.filter((a) => held.has(a.id)))
        await local.update(announcements).set(row).where(eq(announcements.id, id));
      await rawRun(
        local,
        sql`INSERT INTO counters (name, value) VALUES (${REPLICA_SEQ}, ${to})
          ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
      );
    },
  };
}
