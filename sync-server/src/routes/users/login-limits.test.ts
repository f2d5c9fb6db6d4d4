import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildTestApp, registerAndLogin } from '../../test-helper.ts';

/** Per-IP sign-in limits against the real app: who counts as "one IP", and what a success clears. */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

const login = (
  a: App,
  email: string,
  password: string,
  headers: Record<string, string> = {},
  ip = '127.0.0.1',
) =>
  a.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    headers,
    remoteAddress: ip,
  });

describe('sign-in limits per IP', () => {
  it('signing in to one’s own account between guesses does not reset the IP’s limit', async () => {
    app = await buildTestApp();
    await registerAndLogin(app, 'atacator@hobbiz.test');
    const from = '10.1.2.3';
    // 9 wrong guesses at 9 different accounts (under every per-account limit), then one's own sign-in.
    for (let i = 0; i < 9; i++) {
      expect((await login(app, `victima${i}@hobbiz.test`, 'ghicit-123', {}, from)).statusCode).toBe(401);
    }
    expect((await login(app, 'atacator@hobbiz.test', 'parola-buna-1', {}, from)).statusCode).toBe(200);
    // Two more guesses make 11 failures from this IP: the next attempt, whatever the account, waits.
    for (const email of ['alta@hobbiz.test', 'inca@hobbiz.test']) {
      expect((await login(app, email, 'ghicit-123', {}, from)).statusCode).toBe(401);
    }
    const held = await login(app, 'victima-noua@hobbiz.test', 'ghicit-123', {}, from);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'throttled' });
    // Someone else, from another address, is not affected.
    expect((await login(app, 'atacator@hobbiz.test', 'parola-buna-1', {}, '10.9.9.9')).statusCode).toBe(200);
  });

  const elevenFailures = async (a: App, headers: Record<string, string>) => {
    for (let i = 0; i < 11; i++) {
      expect((await login(a, `cineva${i}@hobbiz.test`, 'ghicit-123', headers)).statusCode).toBe(401);
    }
  };

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a forged header does not dodge the limit', async () => {
    app = await buildTestApp();
    await elevenFailures(app, { 'x-forwarded-for': '203.0.113.5' });
    const forged = await login(app, 'altcineva@hobbiz.test', 'ghicit-123', {
      'x-forwarded-for': '198.51.100.7',
    });
    expect(forged.statusCode).toBe(429);
  });

  it('with TRUST_PROXY naming the proxy, each client behind it has its own limit', async () => {
    app = await buildTestApp({ trustProxy: 'loopback' });
    await elevenFailures(app, { 'x-forwarded-for': '203.0.113.5' });
    const same = await login(app, 'altcineva@hobbiz.test', 'ghicit-123', {
      'x-forwarded-for': '203.0.113.5',
    });
    expect(same.statusCode).toBe(429);
    const other = await login(app, 'altcineva@hobbiz.test', 'ghicit-123', {
      'x-forwarded-for': '198.51.100.7',
    });
    expect(other.statusCode).toBe(401);
    // A client that is not the named proxy cannot pose as someone else with the header.
    const direct = await login(
      app,
      'altcineva@hobbiz.test',
      'ghicit-123',
      { 'x-forwarded-for': '198.51.100.8' },
      '203.0.113.5',
    );
    expect(direct.statusCode).toBe(429);
  });

  it('TRUST_PROXY is off by default; true, or a list of proxy addresses; a hop count is refused', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
  });
});
