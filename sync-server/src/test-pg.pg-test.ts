import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropDatabase, freshDatabaseUrl } from './test-pg.ts';

// The runner of `npm run test:pg` itself (scripts/test-pg.ts + test-pg-setup.ts): each worker is on its
// own database, and freshDatabaseUrl gives a test a new, empty, usable one.

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

const made: string[] = [];
afterAll(async () => {
  for (const url of made) await dropDatabase(url);
});

describe('test:pg runner', () => {
  it("runs on this worker's own database w<pool id>", async () => {
    const url = process.env.DATABASE_URL ?? '';
    expect(new URL(url).pathname).toBe(`/w${process.env.VITEST_POOL_ID}`);
    const [row] = await query<{ db: string }>(url, 'SELECT current_database() AS db');
    expect(row.db).toBe(`w${process.env.VITEST_POOL_ID}`);
  });

  it('freshDatabaseUrl makes a new empty database each call, usable right away, and drops it', async () => {
    const a = await freshDatabaseUrl();
    const b = await freshDatabaseUrl();
    made.push(a, b);
    expect(a).not.toBe(b);
    await query(a, 'CREATE TABLE t (x integer)');
    await query(a, 'INSERT INTO t VALUES (1)');
    // b is another database: it has no table t.
    const tables = await query(b, "SELECT 1 FROM information_schema.tables WHERE table_name = 't'");
    expect(tables).toHaveLength(0);
    const [enc] = await query<{ e: string }>(a, 'SELECT pg_encoding_to_char(encoding) AS e FROM pg_database');
    expect(enc.e).toBe('UTF8');

    // Dropping works even while a client is still connected to it (WITH (FORCE)).
    const holder = new pg.Client({ connectionString: a });
    await holder.connect();
    holder.on('error', () => {}); // the forced drop terminates it
    await dropDatabase(a);
    const name = new URL(a).pathname.slice(1);
    const left = await query(
      process.env.DATABASE_URL ?? '',
      `SELECT 1 FROM pg_database WHERE datname = '${name}'`,
    );
    expect(left).toHaveLength(0);
    await holder.end().catch(() => {});
  });

  it('freshDatabaseUrl({ template }) copies a prepared database (e.g. migrated once per worker)', async () => {
    const template = await freshDatabaseUrl();
    made.push(template);
    await query(template, 'CREATE TABLE migrated (x integer)');
    const copy = await freshDatabaseUrl({ template: new URL(template).pathname.slice(1) });
    made.push(copy);
    const tables = await query(copy, "SELECT 1 FROM information_schema.tables WHERE table_name = 'migrated'");
    expect(tables).toHaveLength(1);
  });
});
