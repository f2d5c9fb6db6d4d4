import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { eq, type SQL } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { announcements, users } from '../../schema/db/tables.ts';
import { titleSortKey } from '../../schema/search.ts';
import { searchColumns } from '../../schema/text.ts';
import app, { serverOptions } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { newId } from './lib/ids.ts';
import { rawAll, rawGet, rawRun } from './lib/sql.ts';
import { freshDatabaseUrl } from './test-pg.ts';

/**
 * Builds the real app on a fresh SQLite file in a temp folder; call close() to remove it. Write limits
 * are off unless a test passes `writeLimits` (plugins/write-limits.test.ts does, with the real numbers
 * and smaller ones): most suites send hundreds of writes from one address to test other rules.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  /** `logStream`: the server's log lines go there (with `logLevel` in overrides) instead of stdout. */
  opts: { logStream?: Writable } = {},
): Promise<FastifyInstance & { cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hobbiz-test-'));
  // Under `npm run test:pg` every app gets a database of its own on the throwaway PostgreSQL, as it gets a
  // fresh SQLite file otherwise (a test that wants two instances on one database passes `databaseUrl`).
  const databaseUrl = process.env.DATABASE_URL ? await freshDatabaseUrl() : null;
  const config = {
    ...loadConfig({}),
    databaseUrl,
    dataDir,
    staticDir: null,
    logLevel: 'silent',
    writeLimits: null,
    // Searches in the test's own thread (many apps run side by side); search-pool.test.ts runs the pool.
    searchWorkers: 0,
    vocabRefreshMs: 0,
    // Tests send queued pushes themselves (app.pushSender.flush()); commits still nudge it.
    pushSender: false,
    ...overrides,
  };
  const options = serverOptions(config);
  const server = Fastify(
    opts.logStream
      ? { ...options, logger: { ...(options.logger as object), stream: opts.logStream } }
      : options,
  );
  await server.register(app, { config });
  await server.ready();
  // Fastify() returns an instance that is also PromiseLike; tests only need the instance side.
  const out = server as unknown as FastifyInstance & { cleanup(): Promise<void> };
  out.cleanup = async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return out;
}

export async function registerAndLogin(
  server: FastifyInstance,
  email = `u${Math.random().toString(16).slice(2, 10)}@hobbiz.test`,
): Promise<{ token: string; userId: string; email: string }> {
  const reg = await server.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { firstName: 'Ana', lastName: 'Pop', email, password: 'parola-buna-1', phone: '' },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const login = await server.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: 'parola-buna-1' },
  });
  return { ...(login.json() as { token: string; userId: string }), email };
}

/** Inserts an announcement row directly (publishing routes belong to a later issue). */
export async function insertAnnouncement(
  server: FastifyInstance,
  ownerId: string,
  patch: Partial<typeof announcements.$inferInsert> = {},
): Promise<string> {
  const now = new Date();
  const id = newId(now);
  await server.uow.write(async (tx) => {
    const row = {
      id,
      ownerId,
      title: 'Tort de ciocolată pentru aniversări',
      category: 'Fotografie',
      description: 'Descriere suficient de lungă pentru a trece de regula de patruzeci de caractere.',
      location: 'Cluj',
      localitate: 'Cluj-Napoca',
      contactPerson: 'Ana',
      contactEmail: 'ana@hobbiz.test',
      contactPhone: '',
      images: [],
      price: 100,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      seq: tx.seq(),
      ...patch,
      titleKey: titleSortKey(patch.title ?? 'Tort de ciocolată pentru aniversări'),
    };
    await server.db.insert(announcements).values({ ...row, ...searchColumns(row.title, row.description) });
  });
  return id;
}

/**
 * Raw SQL in tests, on either engine (write it with drizzle's `sql` in a form both accept): reads outside
 * a unit of work, as the routes read; a write inside one (the write connection / one PostgreSQL
 * transaction), answering how many rows it changed.
 */
export const sqlAll = <T>(server: FastifyInstance, query: SQL): Promise<T[]> => rawAll<T>(server.db, query);
export const sqlGet = <T>(server: FastifyInstance, query: SQL): Promise<T | undefined> =>
  rawGet<T>(server.db, query);
export const sqlRun = (server: FastifyInstance, query: SQL): Promise<number> =>
  server.uow.write(async () => (await rawRun(server.db, query)).changes);

/**
 * Lets real-time effects reach the test's sockets: a pause for the messages in flight, then (PostgreSQL)
 * until the bus has delivered a marker published after them (events travel through NOTIFY/LISTEN, which
 * under load takes longer than any fixed pause), then a pause for the sockets to carry them.
 */
export async function settled(server: FastifyInstance, ms = 20): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
  await server.hub.settled();
  await new Promise((r) => setTimeout(r, ms));
}

/**
 * Issue 40: gives an account standing as the real world would in a day — its address confirmed, the
 * account made two days ago — so a test can act as an established person (reports that hide, reviews that
 * count at once).
 */
export async function giveStanding(server: FastifyInstance, userId: string): Promise<void> {
  const now = Date.now();
  await server.uow.write(() =>
    server.db
      .update(users)
      .set({ emailVerifiedAt: now, createdAt: new Date(now - 2 * 86_400_000).toISOString() })
      .where(eq(users.id, userId)),
  );
}

/** A signed-in account of standing (issue 40): its reviews count at once, its reports weigh. */
export async function registerEstablished(
  server: FastifyInstance,
  email?: string,
): Promise<{ token: string; userId: string; email: string }> {
  const who = await registerAndLogin(server, email);
  await giveStanding(server, who.userId);
  return who;
}
