import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ACCOUNT_MESSAGES } from '../../../../schema/rules/account.ts';
import { COLLECTION_VERSIONS, SYNC_PROTOCOL_VERSION } from '../../../../schema/sync.ts';
import { buildTestApp, registerAndLogin, sqlAll, sqlGet, sqlRun } from '../../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.cleanup();
});

const register = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/users/register', payload });

describe('accounts', () => {
  it('registers, logs in, checks the session and reads the own profile', async () => {
    const { token, userId, email } = await registerAndLogin(app);
    expect(token).toMatch(/^[\w-]{40,}$/);
    const check = await app.inject({
      url: '/api/users/auth/check',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(check.json()).toEqual({ isAuthenticated: true, avatar: null, googleAvatar: null });
    const profile = await app.inject({
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ _id: userId, email, firstName: 'Ana', lastName: 'Pop' });
    expect(profile.json()).not.toHaveProperty('passwordHash');
  });

  it('stores only a memory-hard hash of the password and only a hash of the token', async () => {
    const { token } = await registerAndLogin(app, 'hash@hobbiz.test');
    const user = (await sqlGet<{ password_hash: string }>(
      app,
      sql`SELECT password_hash FROM users WHERE email = 'hash@hobbiz.test'`,
    ))!;
    expect(user.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(user.password_hash).not.toContain('parola-buna-1');
    const rows = await sqlAll<{ token_hash: string }>(app, sql`SELECT token_hash FROM sessions`);
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('answers Romanian errors for missing fields, a bad email, a taken email and wrong credentials', async () => {
    const missing = await register({ email: 'a@b.ro', password: 'parola-buna-1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Introdu prenumele.');
    const badEmail = await register({
      firstName: 'A',
      lastName: 'B',
      email: 'nu-e-email',
      password: 'parola-buna-1',
    });
    expect(badEmail.json().error).toBe('Adresa de email nu este validă');
    await registerAndLogin(app, 'dublu@hobbiz.test');
    const taken = await register({
      firstName: 'A',
      lastName: 'B',
      email: 'DUBLU@hobbiz.test',
      password: 'parola-strainului-9',
    });
    // The same answer as for a new address (issue 21, item 9); nothing changed on the account.
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toEqual({ message: ACCOUNT_MESSAGES.registered });
    const fresh = await register({
      firstName: 'A',
      lastName: 'B',
      email: 'nou-nout@hobbiz.test',
      password: 'parola-buna-1',
    });
    expect(fresh.json()).toEqual(taken.json());
    const owners = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'dublu@hobbiz.test', password: 'parola-buna-1' },
    });
    expect(owners.statusCode).toBe(200);
    const strangers = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'dublu@hobbiz.test', password: 'parola-strainului-9' },
    });
    expect(strangers.statusCode).toBe(401);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'dublu@hobbiz.test', password: 'gresita-123' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Email sau parolă incorectă.' });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'nimeni@hobbiz.test', password: 'gresita-123' },
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rejects a weak password and says which rule failed (the sign-up form’s rule)', async () => {
    const base = { firstName: 'Ana', lastName: 'Pop', email: 'ana.maria@hobbiz.test', phone: '' };
    const cases: [string, string][] = [
      ['scurt-1', 'Parola trebuie să aibă cel puțin 8 caractere.'],
      ['12345678', 'Parola trebuie să conțină cel puțin o literă.'],
      ['parolasigura', 'Parola trebuie să conțină cel puțin o cifră sau un simbol.'],
      ['Parola123', 'Parola este prea des folosită și ușor de ghicit. Alege alta.'],
      ['ana.maria-99', 'Parola nu trebuie să conțină adresa de email.'],
      [`${'p'.repeat(122)}-1234567`, 'Parola nu poate depăși 128 de caractere.'],
    ];
    for (const [password, error] of cases) {
      const res = await register({ ...base, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual({ error });
    }
    expect(await sqlGet(app, sql`SELECT count(*) AS n FROM users`)).toEqual({ n: 0 });
    expect((await register({ ...base, password: 'Cozonac-cu-nuca-7' })).statusCode).toBe(201);
  });

  it('ignores client-supplied identity fields on registration', async () => {
    const res = await register({
      firstName: 'Ion',
      lastName: 'Ionescu',
      email: 'ion@hobbiz.test',
      password: 'parola-buna-1',
      _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      avatar: '/uploads/x.jpg',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().userId).not.toBe('aaaaaaaaaaaaaaaaaaaaaaaa');
    const row = (await app.usersRepo.byEmail('ion@hobbiz.test'))!;
    expect(row.avatar).toBeNull();
  });

  it('logout revokes the token', async () => {
    const { token } = await registerAndLogin(app);
    const auth = { authorization: `Bearer ${token}` };
    expect((await app.inject({ url: '/auth/logout', headers: auth })).statusCode).toBe(200);
    const check = await app.inject({ url: '/api/users/auth/check', headers: auth });
    expect(check.json().isAuthenticated).toBe(false);
    const profile = await app.inject({ url: '/api/users/profile', headers: auth });
    expect(profile.statusCode).toBe(401);
    expect(profile.json().error).toBe('Trebuie să fii autentificat.');
  });

  it('rejects expired sessions', async () => {
    const { token } = await registerAndLogin(app);
    await sqlRun(app, sql`UPDATE sessions SET expires_at = 1`);
    const check = await app.inject({
      url: '/api/users/auth/check',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(check.json().isAuthenticated).toBe(false);
  });

  it('health counts the sync sockets this instance holds (a number only), as they come and go', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const health = async () => (await fetch(`${address}/api/health`)).json();
    expect(await health()).toEqual({ ok: true, sockets: 0 });
    const { token } = await registerAndLogin(app);
    const open = async (t: string | null) => {
      const ws = new WebSocket(`${address.replace('http', 'ws')}/api/sync`);
      await new Promise((r) => ws.once('open', r));
      const ready = new Promise((r) => ws.once('message', (raw) => r(JSON.parse(String(raw)).type)));
      ws.send(
        JSON.stringify({
          type: 'hello',
          token: t,
          protocol: SYNC_PROTOCOL_VERSION,
          collections: COLLECTION_VERSIONS,
        }),
      );
      expect(await ready).toBe('ready');
      return ws;
    };
    const guest = await open(null);
    const signedIn = await open(token);
    expect(await health()).toEqual({ ok: true, sockets: 2 });
    guest.close();
    await expect.poll(health).toEqual({ ok: true, sockets: 1 });
    signedIn.close();
    await expect.poll(health).toEqual({ ok: true, sockets: 0 });
  });

  it('health answers ok and never leaks a stack trace on errors', async () => {
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ ok: true, sockets: 0 });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['error']);
  });
});
