import { sql } from 'drizzle-orm';
import { rawAll, rawRun } from '../lib/sql.ts';
import { type Db, sideWrite } from '../plugins/db.ts';

/** One key's counter (table throttle_hits): the count of its window, and when it lapses. */
export type ThrottleHit = { count: number; windowStart: number; expiresAt: number; blockedUntil: number };

const RETURNING = sql.raw(
  'RETURNING count, window_start AS "windowStart", expires_at AS "expiresAt", blocked_until AS "blockedUntil"',
);

/**
 * The counters of the sign-in throttle and of the reset, Facebook and write limits, in the database so
 * that every server instance on it counts together: a second instance neither doubles an allowance nor
 * forgets a delay. Each change is one atomic statement (an upsert that returns the new count), run
 * outside the unit of work (`sideWrite`): the counters are not replicated, take no `seq`, and on
 * PostgreSQL never wait for the `seq` lock. SQL both engines accept (SQLite ≥ 3.35 and PostgreSQL).
 */
export function throttlesRepository(db: Db) {
  return {
    /**
     * Counts one event for `key` and returns its counter. A key whose window has lapsed starts again at
     * 1 (a window of `windowMs` from now). `slide`: every event pushes the lapse to now + windowMs (the
     * sign-in throttle forgets failures 15 minutes after the last one). `max`: the event is not counted
     * when the window already holds `max` — then null, and nothing changed.
     */
    hit(
      key: string,
      now: number,
      windowMs: number,
      opts: { slide?: boolean; max?: number } = {},
    ): Promise<ThrottleHit | null> {
      const lapse = now + windowMs;
      const fresh = sql`throttle_hits.expires_at <= ${now}`;
      const expires = opts.slide
        ? sql`${lapse}`
        : sql`CASE WHEN ${fresh} THEN ${lapse} ELSE throttle_hits.expires_at END`;
      const room = opts.max === undefined ? sql`` : sql`WHERE ${fresh} OR throttle_hits.count < ${opts.max}`;
      const query = sql`INSERT INTO throttle_hits ("key", count, window_start, expires_at, blocked_until)
        VALUES (${key}, 1, ${now}, ${lapse}, 0)
        ON CONFLICT ("key") DO UPDATE SET
          count = CASE WHEN ${fresh} THEN 1 ELSE throttle_hits.count + 1 END,
          window_start = CASE WHEN ${fresh} THEN ${now} ELSE throttle_hits.window_start END,
          expires_at = ${expires},
          blocked_until = CASE WHEN ${fresh} THEN 0 ELSE throttle_hits.blocked_until END
        ${room} ${RETURNING}`;
      return sideWrite(db, async () => (await rawAll<ThrottleHit>(db, query))[0] ?? null);
    },

    /**
     * Reserves one attempt for `key` unless it is held back (issue 21, item 5: the wait is checked and
     * the attempt counted in one statement, so parallel attempts cannot all pass a check made before
     * any of them was counted). Past `free` attempts in the sliding window, each one holds the next back
     * 2^(n−1) s (n attempts past `free`), at most `maxDelayS`. null: held back, nothing counted.
     */
    attempt(
      key: string,
      now: number,
      windowMs: number,
      rule: { free: number; maxDelayS: number },
    ): Promise<ThrottleHit | null> {
      const lapse = now + windowMs;
      const fresh = sql`throttle_hits.expires_at <= ${now}`;
      // Integers of our own rules, written into the statement (no parameter type to infer on PostgreSQL).
      const free = sql.raw(String(Math.trunc(rule.free)));
      const maxS = sql.raw(String(Math.trunc(rule.maxDelayS)));
      const over = sql`(throttle_hits.count + 1 - ${free})`;
      const power = sql`(1 << CAST(${over} - 1 AS INTEGER))`;
      const delayS = sql`CASE WHEN ${over} > 20 OR ${power} >= ${maxS} THEN ${maxS} ELSE ${power} END`;
      const query = sql`INSERT INTO throttle_hits ("key", count, window_start, expires_at, blocked_until)
        VALUES (${key}, 1, ${now}, ${lapse}, 0)
        ON CONFLICT ("key") DO UPDATE SET
          count = CASE WHEN ${fresh} THEN 1 ELSE throttle_hits.count + 1 END,
          window_start = CASE WHEN ${fresh} THEN ${now} ELSE throttle_hits.window_start END,
          expires_at = ${lapse},
          blocked_until = CASE WHEN ${fresh} THEN 0
            WHEN ${over} > 0 THEN CAST(${now} AS BIGINT) + ${delayS} * 1000
            ELSE throttle_hits.blocked_until END
        WHERE ${fresh} OR throttle_hits.blocked_until <= ${now}
        ${RETURNING}`;
      return sideWrite(db, async () => (await rawAll<ThrottleHit>(db, query))[0] ?? null);
    },

    /**
     * Adds `amount` to `key`'s count (bytes of an upload, issue 40) only when the window then holds at
     * most `max`: one atomic statement, so parallel uploads cannot all pass a check made before any of
     * them was counted. A lapsed window starts again at `amount`. null: no room, nothing changed.
     */
    add(
      key: string,
      amount: number,
      now: number,
      windowMs: number,
      max: number,
    ): Promise<ThrottleHit | null> {
      if (amount > max) return Promise.resolve(null);
      const lapse = now + windowMs;
      const fresh = sql`throttle_hits.expires_at <= ${now}`;
      const n = sql.raw(String(Math.trunc(amount)));
      const query = sql`INSERT INTO throttle_hits ("key", count, window_start, expires_at, blocked_until)
        VALUES (${key}, ${n}, ${now}, ${lapse}, 0)
        ON CONFLICT ("key") DO UPDATE SET
          count = CASE WHEN ${fresh} THEN ${n} ELSE throttle_hits.count + ${n} END,
          window_start = CASE WHEN ${fresh} THEN ${now} ELSE throttle_hits.window_start END,
          expires_at = CASE WHEN ${fresh} THEN ${lapse} ELSE throttle_hits.expires_at END
        WHERE ${fresh} OR throttle_hits.count + ${n} <= ${sql.raw(String(Math.trunc(max)))}
        ${RETURNING}`;
      return sideWrite(db, async () => (await rawAll<ThrottleHit>(db, query))[0] ?? null);
    },

    /** Takes back `amount` added by `add` in the window that began at `windowStart` (an upload that failed). */
    async subtract(key: string, windowStart: number, amount: number): Promise<void> {
      const n = sql.raw(String(Math.trunc(amount)));
      await sideWrite(db, () =>
        rawRun(
          db,
          sql`UPDATE throttle_hits SET count = CASE WHEN count > ${n} THEN count - ${n} ELSE 0 END
            WHERE "key" = ${key} AND window_start = ${windowStart}`,
        ),
      );
    },

    /** Gives back one event counted by `hit` in the window that began at `windowStart` (a refused write). */
    async unhit(key: string, windowStart: number): Promise<void> {
      await sideWrite(db, () =>
        rawRun(
          db,
          sql`UPDATE throttle_hits SET count = count - 1
            WHERE "key" = ${key} AND window_start = ${windowStart} AND count > 0`,
        ),
      );
    },

    /** No attempt for `key` before `until` (a later delay already set is kept). */
    async block(key: string, until: number): Promise<void> {
      await sideWrite(db, () =>
        rawRun(
          db,
          sql`UPDATE throttle_hits
            SET blocked_until = CASE WHEN blocked_until < ${until} THEN ${until} ELSE blocked_until END
            WHERE "key" = ${key}`,
        ),
      );
    },

    /** The live counters of `keys` (lapsed ones are absent), recording nothing. */
    async peek(keys: readonly string[], now: number): Promise<Map<string, ThrottleHit>> {
      if (keys.length === 0) return new Map();
      const list = sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      );
      const rows = await rawAll<ThrottleHit & { key: string }>(
        db,
        sql`SELECT "key", count, window_start AS "windowStart", expires_at AS "expiresAt",
            blocked_until AS "blockedUntil"
          FROM throttle_hits WHERE "key" IN (${list}) AND expires_at > ${now}`,
      );
      return new Map(rows.map(({ key, ...hit }) => [key, hit]));
    },

    /** Forgets `keys` (a successful sign-in clears the account's counters). */
    async clear(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      const list = sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      );
      await sideWrite(db, () => rawRun(db, sql`DELETE FROM throttle_hits WHERE "key" IN (${list})`));
    },

    /**
     * Removes `key` and tells whether it was live: a one-time value (a Google sign-in's `state`) stored by
     * `hit`, taken once by whichever instance the callback reaches.
     */
    async take(key: string, now: number): Promise<boolean> {
      const rows = await sideWrite(db, () =>
        rawAll<{ expiresAt: number }>(
          db,
          sql`DELETE FROM throttle_hits WHERE "key" = ${key} RETURNING expires_at AS "expiresAt"`,
        ),
      );
      return rows.some((r) => Number(r.expiresAt) > now);
    },

    /** Deletes the counters that have lapsed; resolves to how many. */
    async purge(now: number): Promise<number> {
      const out = await sideWrite(db, () =>
        rawRun(db, sql`DELETE FROM throttle_hits WHERE expires_at <= ${now}`),
      );
      return out.changes;
    },
  };
}
export type ThrottlesRepository = ReturnType<typeof throttlesRepository>;
