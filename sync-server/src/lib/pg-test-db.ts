import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL for tests: `DATABASE_URL` names a server the tests may create databases on (`npm run test:pg`
 * starts a throwaway one). Without it the PostgreSQL suites are skipped, and say so once.
 */
export const pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

export const pgSkipReason =
  'PostgreSQL suite skipped: set DATABASE_URL=postgres://… to run it (npm run test:pg)';
if (!pgUrl) console.info(pgSkipReason);

/** Creates an empty database on the DATABASE_URL server; `drop()` removes it (closing what is left on it). */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!pgUrl) throw new Error(pgSkipReason);
  const name = `hobbiz_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
