import { spawnSync } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { removeStalePostgres, startPostgres } from './pg.ts';

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

describe('throwaway PostgreSQL (scripts/pg.ts)', () => {
  it('starts on a free port in its own folder, takes CREATE/DROP DATABASE, and stop() removes it all', async () => {
    const server = await startPostgres();
    try {
      expect(server.url).toBe(`postgres://hobbiz@127.0.0.1:${server.port}/postgres`);
      expect(existsSync(join(server.dir, 'data', 'PG_VERSION'))).toBe(true);
      if (process.getuid?.() === 0) expect(statSync(server.dir).uid).not.toBe(0); // run as `postgres`
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const settings = await client.query(
        "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'listen_addresses') ORDER BY name",
      );
      expect(settings.rows).toEqual([
        { name: 'fsync', setting: 'off' },
        { name: 'listen_addresses', setting: '127.0.0.1' },
      ]);
      await client.query('CREATE DATABASE smoke TEMPLATE template0');
      const other = server.url.replace(/\/postgres$/, '/smoke');
      expect(await canConnect(other)).toBe(true);
      await client.query('DROP DATABASE smoke');
      expect(await canConnect(other)).toBe(false);
      await client.end();
    } finally {
      await server.stop();
    }
    expect(existsSync(server.dir)).toBe(false);
    expect(await canConnect(server.url)).toBe(false);
  });

  it('a run killed before stop() leaves a folder that the next start stops and removes', async () => {
    const server = await startPostgres();
    // As if this process had been killed: the folder's owner becomes a process that no longer exists.
    const gone = spawnSync('true').pid;
    writeFileSync(join(server.dir, 'owner.pid'), String(gone));
    expect(await canConnect(server.url)).toBe(true);

    const removed = removeStalePostgres();
    expect(removed).toContain(server.dir);
    expect(existsSync(server.dir)).toBe(false);
    expect(await canConnect(server.url)).toBe(false);
    await server.stop(); // nothing left to do, and no error
  });
});
