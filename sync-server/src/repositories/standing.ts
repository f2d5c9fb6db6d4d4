import { eq, type SQL, sql } from 'drizzle-orm';
import { users } from '../../../schema/db/tables.ts';
import { STANDING, type StandingFacts } from '../../../schema/rules/standing.ts';
import type { Db } from '../plugins/db.ts';

/**
 * Standing's SQL (issue 40; the rule: schema/rules/standing.ts). Written once as a condition other queries
 * embed (the automatic hold counts reporters of standing, the review promotion finds authors who gained
 * it), in SQL both engines accept: booleans are 0/1 on both, times ISO text (compared as text) or epoch ms.
 * The aliases are prefixed `st_` so the condition nests inside any query.
 */

/** The ISO time before which an account is old enough. */
export const agedBefore = (now: number): string => new Date(now - STANDING.minAccountAgeMs).toISOString();

/** `person` (a column or expression holding a user id) was established: confirmed address and old enough. */
const established = (alias: string, now: number) =>
  sql`${sql.raw(alias)}.deleted = 0 AND ${sql.raw(alias)}.email_verified_at > 0 AND ${sql.raw(alias)}.created_at <= ${agedBefore(now)}`;

/**
 * `other` answered `person` in a conversation: a live message from `other` to `person` and one from
 * `person` to `other` (the chat's ids are people-and-announcement: both wrote about the same thing).
 */
export const exchangedSql = (person: SQL, other: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM messages st_x WHERE st_x.sender_id = ${other} AND st_x.recipient_id = ${person} AND st_x.deleted = 0
    AND EXISTS (SELECT 1 FROM messages st_y WHERE st_y.sender_id = ${person} AND st_y.recipient_id = ${other} AND st_y.deleted = 0))`;

/**
 * The person with id `person` has standing at `now`: not deleted nor suspended, and either confirmed and
 * older than a day, or answered in a conversation by someone who is.
 */
export function hasStandingSql(person: SQL, now: number): SQL {
  return sql`EXISTS (SELECT 1 FROM users st_u WHERE st_u.id = ${person} AND st_u.deleted = 0 AND st_u.suspended_until <= ${now}
    AND ((${established('st_u', now)})
      OR EXISTS (SELECT 1 FROM messages st_a JOIN users st_o ON st_o.id = st_a.sender_id
        WHERE st_a.recipient_id = st_u.id AND st_a.deleted = 0 AND ${established('st_o', now)}
          AND st_o.suspended_until <= ${now}
          AND EXISTS (SELECT 1 FROM messages st_b WHERE st_b.sender_id = st_u.id AND st_b.recipient_id = st_a.sender_id AND st_b.deleted = 0))))`;
}

export function standingRepository(db: Db) {
  return {
    /** What standing is made of for one person (undefined: no such account). */
    async facts(userId: string, now: number): Promise<StandingFacts | undefined> {
      // Named in full: drizzle writes a column of a one-table select without its table, and `id` is also
      // a column of the subquery's tables.
      const me = sql.raw('"users"."id"');
      const [row] = await db
        .select({
          createdAt: users.createdAt,
          emailVerifiedAt: users.emailVerifiedAt,
          deleted: users.deleted,
          suspendedUntil: users.suspendedUntil,
          // Answered by an established person: the full condition, less the person's own confirmation.
          answered: sql<number>`CASE WHEN EXISTS (SELECT 1 FROM messages st_a JOIN users st_o ON st_o.id = st_a.sender_id
            WHERE st_a.recipient_id = ${me} AND st_a.deleted = 0 AND ${established('st_o', now)}
              AND st_o.suspended_until <= ${now}
              AND EXISTS (SELECT 1 FROM messages st_b WHERE st_b.sender_id = ${me} AND st_b.recipient_id = st_a.sender_id AND st_b.deleted = 0))
            THEN 1 ELSE 0 END`,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ? { ...row, answered: Number(row.answered) === 1 } : undefined;
    },
    /** `other` answered `person` in a conversation (the review's transaction: see services/standing.ts). */
    async exchanged(person: string, other: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(users)
        .where(sql`${users.id} = ${person} AND ${exchangedSql(sql`${person}`, sql`${other}`)}`)
        .limit(1);
      return row !== undefined;
    },
  };
}
export type StandingRepository = ReturnType<typeof standingRepository>;
