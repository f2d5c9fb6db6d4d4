import pg from 'pg';

/**
 * Databases for the PostgreSQL test run (`npm run test:pg`, scripts/test-pg.ts). Every vitest worker gets
 * its own database `w<pool id>` (test-pg-setup.ts points DATABASE_URL at it); every app a test builds gets a
 * fresh one from freshDatabaseUrl() — the PostgreSQL counterpart of the fresh temp folder buildTestApp makes
 * for SQLite (test-helper.ts calls it when DATABASE_URL is set). The throwaway server is removed with
 * everything on it after the run, so nothing needs dropping; dropDatabase is there for long-lived servers.
 */

let made = 0;

function quoteName(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  return `"${name}"`;
}

/** The same server and credentials as `url`, on database `name`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * CREATE DATABASE `name` on the server of `serverUrl`: empty (TEMPLATE template0), or a copy of
 * `template` (e.g. a database migrated once per worker; nobody may be connected to it while copying).
 */
export async function createDatabase(
  serverUrl: string,
  name: string,
  opts: { ifMissing?: boolean; template?: string } = {},
): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(
      `CREATE DATABASE ${quoteName(name)} TEMPLATE ${quoteName(opts.template ?? 'template0')}`,
    );
  } catch (err) {
    // 42P04 duplicate_database: the worker's database made by an earlier file of the same worker.
    if (!(opts.ifMissing && (err as { code?: string }).code === '42P04')) throw err;
  } finally {
    await client.end();
  }
  return databaseUrl(serverUrl, name);
}

/**
 * A new database on the server of DATABASE_URL (the worker's database during `npm run test:pg`), empty
 * or copied from `template`; answers its URL. Names are unique per worker process: t_<pool>_<pid>_<n>.
 */
export async function freshDatabaseUrl(opts: { template?: string } = {}): Promise<string> {
  const server = process.env.DATABASE_URL;
  if (!server) throw new Error('freshDatabaseUrl needs DATABASE_URL (run the suite with npm run test:pg)');
  made += 1;
  return createDatabase(server, `t_${process.env.VITEST_POOL_ID ?? '0'}_${process.pid}_${made}`, opts);
}

/** Drops the database of `url`, closing whatever is still connected to it. */
export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: databaseUrl(url, 'postgres') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteName(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
