import { describe, expect, it } from 'vitest';
import { linkOrigin, loadConfig } from './config.ts';

describe('PostgreSQL settings', () => {
  it('keeps SQLite without DATABASE_URL; takes a postgres address and the pool size', () => {
    expect(loadConfig({})).toMatchObject({ databaseUrl: null, pgPoolMax: 10 });
    expect(loadConfig({ DATABASE_URL: ' ' }).databaseUrl).toBeNull();
    const c = loadConfig({ DATABASE_URL: 'postgresql://h@db:5432/hobbiz', PG_POOL_MAX: '25' });
    expect(c).toMatchObject({ databaseUrl: 'postgresql://h@db:5432/hobbiz', pgPoolMax: 25 });
  });

  it('refuses another kind of address and a pool size that is not a whole number from 1', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/hobbiz' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PG_POOL_MAX: '0' })).toThrow(/PG_POOL_MAX/);
    expect(() => loadConfig({ PG_POOL_MAX: 'zece' })).toThrow(/PG_POOL_MAX/);
  });
});

describe('SEARCH_REPLICA', () => {
  it('is on unless turned off, and refuses anything but a switch', () => {
    expect(loadConfig({}).searchReplica).toBe(true);
    expect(loadConfig({ SEARCH_REPLICA: 'off' }).searchReplica).toBe(false);
    expect(loadConfig({ SEARCH_REPLICA: '0' }).searchReplica).toBe(false);
    expect(loadConfig({ SEARCH_REPLICA: 'on' }).searchReplica).toBe(true);
    expect(() => loadConfig({ SEARCH_REPLICA: 'da' })).toThrow(/SEARCH_REPLICA/);
  });
});

describe('PUBLIC_URL and where links point (issue 40, item 8)', () => {
  it('links to PUBLIC_URL; without it, to this server’s own address, never to a request', () => {
    expect(linkOrigin(loadConfig({ PUBLIC_URL: 'https://hobbiz.ro/' }))).toBe('https://hobbiz.ro');
    expect(linkOrigin(loadConfig({}))).toBe('http://localhost:8080');
    expect(linkOrigin(loadConfig({ HOST: '127.0.0.1', PORT: '3001' }))).toBe('http://127.0.0.1:3001');
    expect(linkOrigin(loadConfig({ HOST: '::1', PORT: '3001' }))).toBe('http://[::1]:3001');
  });

  it('refuses a PUBLIC_URL that is not an http(s) address', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'hobbiz.ro' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://hobbiz.ro/?x=1' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PUBLIC_URL: ' ' }).publicUrl).toBeNull();
  });
});
