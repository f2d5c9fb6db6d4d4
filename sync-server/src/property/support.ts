import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { dialectOf, rawAll, sqliteOf } from '../lib/sql.ts';

/**
 * Shared pieces of the property tests: generators of hostile input and the checks every answer to it
 * must pass (no 5xx, `{ error }` in Romanian without internals, nothing stored).
 */

/** Strings that break naive code: huge, unicode of every plane, control characters, injections. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e\u0000drop',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    'ș'.repeat(5000),
    'a'.repeat(70_000),
    '😀'.repeat(300),
    'NaN',
    'true',
    '-1',
    '1e309',
    '0x10',
  ),
);

/** Any JSON value, including deep and odd ones. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  fc.jsonValue({ maxDepth: 3 }),
  nastyString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, [], {}, [[[]]], { $gt: '' }),
  fc.array(nastyString, { maxLength: 4 }),
);

/**
 * `base` with one field broken by a value from `breakers` (known to be refused), other fields sometimes
 * replaced by junk, dropped, or joined by fields a client must never control.
 */
export function brokenObject<T extends Record<string, unknown>>(
  base: T,
  breakers: { [K in keyof T]?: fc.Arbitrary<unknown> },
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(breakers) as (keyof T & string)[];
  return fc
    .record({
      key: fc.constantFrom(...keys),
      noise: fc.dictionary(
        fc.constantFrom(
          'userId',
          'ownerId',
          'author',
          'isAdmin',
          'favoritesCount',
          'seq',
          '__proto__',
          'id',
          'x',
        ),
        junk,
        { maxKeys: 3 },
      ),
    })
    .chain(({ key, noise }) =>
      breakers[key]!.map((bad) => {
        const out: Record<string, unknown> = { ...noise, ...base };
        if (bad === undefined) delete out[key];
        else out[key] = bad;
        return out;
      }),
    );
}

/** A hex id that exists nowhere (24 hex characters, like ours). */
export const unknownId = fc.stringMatching(/^[0-9a-f]{24}$/);

const ENGLISH =
  /(^|[^\p{L}])(must|should|required|property|expected|unexpected|undefined|error|failed|not found|route|stack|sqlite|typeerror|cannot|invalid|forbidden|unauthorized|bad request)(?![\p{L}])/iu;

/**
 * Every answer to hostile input: below 500; an error is `{ error, code?, errors? }` (errors: the
 * per-field Romanian messages of the announcement form), Romanian, with no internals.
 */
export function expectRefused(res: LightMyRequestResponse, context: unknown): void {
  const where = `${res.statusCode} ${res.body.slice(0, 300)} ← ${JSON.stringify(context)?.slice(0, 300)}`;
  expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, where).toBeLessThan(500);
  const body = res.json() as Record<string, unknown>;
  expect(
    Object.keys(body).every((k) => k === 'error' || k === 'code' || k === 'errors'),
    where,
  ).toBe(true);
  const messages = [body.error, ...Object.values((body.errors ?? {}) as Record<string, unknown>)];
  expect(typeof body.error, where).toBe('string');
  for (const text of messages) {
    expect(typeof text, where).toBe('string');
    expectRomanian(text as string, where);
  }
}

function expectRomanian(text: string, where: string): void {
  expect(text.length, where).toBeGreaterThan(2);
  // Short, but room for the one long answer: an unknown category lists the 14 (issue 25, ~400 characters).
  expect(text.length, where).toBeLessThan(500);
  expect(text, where).not.toMatch(/\n\s+at |\.ts:\d|node_modules/);
  expect(text, where).not.toMatch(ENGLISH);
  expect(text, where).toMatch(/[a-zăâîșț]/i);
}

/** The app's tables (migration bookkeeping, the engine's own and throttle counters aside), by name. */
async function tableNames(app: FastifyInstance): Promise<string[]> {
  const query =
    dialectOf(app.db) === 'postgres'
      ? sql`SELECT table_name AS name FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
              AND table_name NOT LIKE '__drizzle%' ORDER BY name`
      : sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
            AND name NOT LIKE '__drizzle%' ORDER BY name`;
  const rows = await rawAll<{ name: string }>(app.db, query);
  return rows.map((r) => r.name).filter((name) => name !== 'throttle_hits');
}

/**
 * A fingerprint of everything stored: every table (users' and sessions' last activity aside: reading
 * with a token legitimately touches them; throttle counters aside: refused attempts are meant to count) and every
 * uploaded file. Equal fingerprints = nothing was written. Rows are hashed in sorted order: PostgreSQL
 * returns a table's rows in no fixed order (an update moves a row).
 */
export async function fingerprint(app: FastifyInstance): Promise<string> {
  const hash = createHash('sha256');
  for (const name of await tableNames(app)) {
    const rows = await rawAll<Record<string, unknown>>(app.db, sql.raw(`SELECT * FROM "${name}"`));
    const lines = rows.map((row) => {
      if (name === 'users') delete row.last_seen;
      // A session's last use and device ('Dispozitive conectate'): any request with its token writes them.
      if (name === 'sessions') {
        delete row.last_seen;
        delete row.device;
      }
      return `${name}:${JSON.stringify(row)}\n`;
    });
    for (const line of lines.sort()) hash.update(line);
  }
  const uploads = join(app.config.dataDir, 'uploads');
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const f of readdirSync(dir).sort()) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else hash.update(`file:${p}\n`);
    }
  };
  walk(uploads);
  return hash.digest('hex');
}

/**
 * A cheap value that moves whenever a row is written, so the full fingerprint is compared only then.
 * SQLite: total_changes() of the app's write connection. PostgreSQL: each table's row count and the
 * newest transaction id among its rows (xmin: an insert or update stamps it; a delete lowers the count).
 */
async function writeMark(app: FastifyInstance, names: string[]): Promise<string> {
  if (dialectOf(app.db) !== 'postgres') {
    return String(sqliteOf(app.db).$client.prepare('SELECT total_changes() AS n').pluck().get());
  }
  const parts = names.map(
    (n) => `SELECT '${n}' AS t, count(*) AS n, coalesce(max(xmin::text::bigint), 0) AS x FROM "${n}"`,
  );
  return JSON.stringify(await rawAll(app.db, sql.raw(parts.join(' UNION ALL '))));
}

/**
 * Runs `numRuns` hostile requests and checks each answer and that the stored state did not move.
 * `noOpOk` marks inputs an idempotent path may answer 2xx (e.g. removing a favourite one does not
 * have): then nothing stored may change either.
 */
export async function hammer<T>(
  app: FastifyInstance,
  arb: fc.Arbitrary<T>,
  send: (input: T) => Promise<LightMyRequestResponse>,
  opts: { numRuns?: number; noOpOk?: (input: T) => boolean } = {},
): Promise<void> {
  const before = await fingerprint(app);
  // Fast path: only when the write mark moved (or files may have) is the full fingerprint compared.
  const names = await tableNames(app);
  const uploads = join(app.config.dataDir, 'uploads');
  const files = () => (existsSync(uploads) ? JSON.stringify(readdirSync(uploads, { recursive: true })) : '');
  let seen = await writeMark(app, names);
  const filesBefore = files();
  await fc.assert(
    fc.asyncProperty(arb, async (input) => {
      const res = await send(input);
      if (!(res.statusCode < 300 && opts.noOpOk?.(input))) expectRefused(res, input);
      const now = await writeMark(app, names);
      if (now !== seen || files() !== filesBefore) {
        seen = now;
        expect(await fingerprint(app), JSON.stringify(input)?.slice(0, 300)).toBe(before);
      }
    }),
    {
      numRuns: opts.numRuns ?? 1000,
      seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31),
      endOnFailure: true,
    },
  );
}

/** JSON bodies, sometimes as raw text that is not JSON at all or with a wrong content type. */
export const jsonRequest = (body: unknown, raw: string | null, type: string) => ({
  payload: raw ?? JSON.stringify(body) ?? 'null',
  headers: { 'content-type': type },
});
export const bodyVariant = <T>(arb: fc.Arbitrary<T>) =>
  fc.record({
    body: arb,
    raw: fc.option(fc.constantFrom('{', '{"a":', 'null', '[1,2', '\u0000', 'nu e json'), { freq: 12 }),
    type: fc.constantFrom(
      'application/json',
      'application/json',
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
    ),
  });

/** A random 2-octet address so per-IP limits do not hide the validation behind a 429 every time. */
export const ip = fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.${a}.${b}.7`);
