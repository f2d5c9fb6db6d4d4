import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { WRITE_LIMITS, type WriteKind, type WriteLimitTable } from '../../../../schema/constants.ts';
import { ACCOUNT_MESSAGES } from '../../../../schema/rules/account.ts';
import { writeLimitMessage } from '../../../../schema/rules/write-limits.ts';
import type { Config } from '../../config.ts';
import { newId } from '../../lib/ids.ts';
import { client } from '../../replication/test-client.ts';
import { startFakeOAuth } from '../../test-fake-oauth.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../../test-helper.ts';
import { freshDatabaseUrl } from '../../test-pg.ts';

/**
 * Issue 13, "State shared across instances": two server instances on ONE database (here two apps on
 * one SQLite data directory, as two processes on one file would be) count sign-in failures, reset
 * requests and writes together: alternating between them gains nothing, and a delay set by one holds
 * on the other.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let apps: App[] = [];
let shared: string | null = null;
afterEach(async () => {
  for (const a of apps.splice(0)) await a.cleanup();
  if (shared) rmSync(shared, { recursive: true, force: true });
  shared = null;
});

/** Two instances on one database (one SQLite data directory, or one PostgreSQL database under test:pg). */
async function twoInstances(overrides: Partial<Config> = {}): Promise<[App, App]> {
  shared = mkdtempSync(join(tmpdir(), 'hobbiz-shared-'));
  const databaseUrl = process.env.DATABASE_URL ? await freshDatabaseUrl() : null;
  const one = await buildTestApp({ ...overrides, dataDir: shared, databaseUrl });
  const two = await buildTestApp({ ...overrides, dataDir: shared, databaseUrl });
  apps = [one, two];
  return [one, two];
}

const login = (a: App, email: string, password: string, ip = '10.0.0.7') =>
  a.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress: ip });

describe('limits shared by two instances on one database', () => {
  it('guesses alternated between instances are slowed down as on one instance', async () => {
    const [one, two] = await twoInstances();
    await registerAndLogin(one, 'ana@hobbiz.test');
    // 5 wrong guesses from one address are free (per account from one IP); they alternate here.
    for (let i = 0; i < 6; i++) {
      const res = await login(i % 2 === 0 ? one : two, 'ana@hobbiz.test', 'ghicit-123');
      expect(res.statusCode).toBe(401);
    }
    // The 6th failure set a 1 s delay: both instances hold the next attempt, even with the right password.
    for (const a of [one, two]) {
      const held = await login(a, 'ana@hobbiz.test', 'parola-buna-1');
      expect(held.statusCode).toBe(429);
      expect(held.json()).toEqual({ error: ACCOUNT_MESSAGES.tooManyAttempts(1), code: 'throttled' });
      expect(held.headers['retry-after']).toBe('1');
    }
  });

  it('a delay set on one instance is seen by the other', async () => {
    const [one, two] = await twoInstances();
    await registerAndLogin(two, 'ion@hobbiz.test');
    for (let i = 0; i < 6; i++)
      expect((await login(one, 'ion@hobbiz.test', 'ghicit-123')).statusCode).toBe(401);
    const held = await login(two, 'ion@hobbiz.test', 'parola-buna-1');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'throttled' });
    // Another address is not held (the per-account delay from everywhere starts after 20 failures).
    expect((await login(two, 'ion@hobbiz.test', 'parola-buna-1', '10.9.9.9')).statusCode).toBe(200);
  });

  it('password-reset requests count once across instances (3 per address an hour)', async () => {
    const [one, two] = await twoInstances();
    const ask = (a: App) =>
      a.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        payload: { email: 'oricine@hobbiz.test' },
      });
    for (const a of [one, two, one]) expect((await ask(a)).statusCode).toBe(200);
    const refused = await ask(two);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: ACCOUNT_MESSAGES.resetTooMany, code: 'throttled' });
  });

  it('the write budgets are shared: REST on one instance and sync pushes on the other', async () => {
    let t = 1_000_000;
    const limits = { ...WRITE_LIMITS } as Record<WriteKind, WriteLimitTable[WriteKind]>;
    limits.messages = { perAccount: 3, perIp: 100, windowMs: 60_000 };
    const [one, two] = await twoInstances({ writeLimits: limits, now: () => t });
    const seller = await registerAndLogin(one);
    const buyer = await registerAndLogin(two);
    const announcementId = await insertAnnouncement(one, seller.userId);
    const send = (a: App) =>
      a.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { authorization: `Bearer ${buyer.token}` },
        payload: { announcementId, text: 'Bună ziua! Mai este disponibil?' },
      });
    expect((await send(one)).statusCode).toBe(201);
    expect((await send(two)).statusCode).toBe(201);
    // The third message of the window goes by sync, on the other instance; the fourth is refused anywhere.
    const ws = (await two.injectWS('/api/sync')) as WebSocket;
    const c = client(ws);
    c.hello(buyer.token);
    expect((await c.answer()).type).toBe('ready');
    const row = () => ({
      newDocumentState: {
        id: newId(),
        conversationId: 'x',
        announcementId,
        senderId: 'x',
        recipientId: '',
        text: 'Încă o întrebare despre anunț.',
        image: '',
        replyTo: null,
        reactions: [],
        isRead: true,
        createdAt: new Date().toISOString(),
        _deleted: false,
      },
    });
    c.send({ type: 'push', id: 'p1', collection: 'messages', rows: [row()] });
    expect(await c.answer()).toMatchObject({ type: 'result', id: 'p1', data: [] });
    const refused = await send(one);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: writeLimitMessage('messages', 60), code: 'rate_limited' });
    c.send({ type: 'push', id: 'p2', collection: 'messages', rows: [row()] });
    expect(await c.answer()).toMatchObject({ type: 'error', id: 'p2', code: 'rate-limited' });
    ws.terminate();
    // A new window, on either instance.
    t += 60_000;
    expect((await send(two)).statusCode).toBe(201);
  });

  it('a Google sign-in started on one instance is completed by the other, and its state is used once', async () => {
    const fake = await startFakeOAuth();
    try {
      const publicUrl = 'http://hobbiz.test';
      const [one, two] = await twoInstances({ ...fake.config(), publicUrl });
      fake.google.next = {
        sub: 'g-two-1',
        email: 'doua.instante@hobbiz.test',
        givenName: 'Ioana',
        familyName: 'Pop',
      };
      const start = await one.inject({ method: 'GET', url: '/auth/google' });
      expect(start.statusCode).toBe(302);
      const cookie = String(start.headers['set-cookie']).split(';')[0]!;
      const consent = await fetch(String(start.headers.location), { redirect: 'manual' });
      const back = new URL(consent.headers.get('location')!);
      const callback = { method: 'GET' as const, url: back.pathname + back.search, headers: { cookie } };
      // nginx sends the browser's return to the other instance: it knows the state all the same.
      const done = await two.inject(callback);
      expect(done.statusCode).toBe(302);
      expect(new URL(String(done.headers.location), publicUrl).pathname).toBe('/oauth-success');
      // A replay of the same callback is refused by both instances (one-time state).
      for (const a of [one, two]) {
        const again = await a.inject(callback);
        expect(new URL(String(again.headers.location), publicUrl).searchParams.get('oauthError')).toBe(
          'google-failed',
        );
      }
    } finally {
      await fake.close();
    }
  });
});
