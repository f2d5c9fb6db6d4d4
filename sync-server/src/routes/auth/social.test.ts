import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../../schema/db/tables.ts';
import { SOCIAL_MESSAGES } from '../../services/social-auth.ts';
import { type FakeOAuth, startFakeOAuth } from '../../test-fake-oauth.ts';
import { buildTestApp, registerAndLogin, sqlAll, sqlRun } from '../../test-helper.ts';

type App = FastifyInstance & { cleanup(): Promise<void> };
const PUBLIC = 'http://hobbiz.test';

let fake: FakeOAuth;
let app: App;

beforeAll(async () => {
  fake = await startFakeOAuth();
  app = await buildTestApp({ ...fake.config(), publicUrl: PUBLIC });
});
afterAll(async () => {
  await app.cleanup();
  await fake.close();
});

/** Browser-like journey: our redirect → the provider's consent → our callback (with the state cookie). */
async function googleJourney(opts: { cookie?: 'keep' | 'drop' | 'other'; handoff?: string } = {}) {
  const start = await app.inject({
    method: 'GET',
    url: `/auth/google${opts.handoff ? `?handoff=${opts.handoff}` : ''}`,
  });
  expect(start.statusCode).toBe(302);
  const cookie = [start.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => String(c).split(';')[0]!)
    .join('; ');
  const consent = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`${PUBLIC}/auth/google/callback`);
  const sent =
    opts.cookie === 'drop' ? {} : { cookie: opts.cookie === 'other' ? 'hobbiz_oauth_state=forged' : cookie };
  const cb = await app.inject({ method: 'GET', url: back.pathname + back.search, headers: sent });
  return { start, cb, callbackUrl: back.pathname + back.search, cookie };
}

const tokenOf = (location: string) => new URL(location, PUBLIC).searchParams.get('token');

/** Every mail in the app's outbox, decoded from quoted-printable. */
function outbox(): string[] {
  try {
    const dir = join(app.config.dataDir, 'outbox');
    return readdirSync(dir).map((f) =>
      Buffer.from(
        readFileSync(join(dir, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
        'latin1',
      ).toString('utf8'),
    );
  } catch {
    return [];
  }
}

describe('Google sign-in by redirect', () => {
  it('asks the provider with our client id, callback, scopes and a one-time state bound by a cookie', async () => {
    const start = await app.inject({ method: 'GET', url: '/auth/google' });
    const url = new URL(String(start.headers.location));
    expect(url.origin + url.pathname).toBe(`${fake.base}/google/auth`);
    expect(url.searchParams.get('client_id')).toBe('fake-google-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC}/auth/google/callback`);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const state = url.searchParams.get('state')!;
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(String(start.headers['set-cookie'])).toContain(`hobbiz_oauth_state=${state}`);
    expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
  });

  it('hands the token in the fragment when the app asks for it (handoff=fragment): no server ever sees it', async () => {
    fake.google.next = { sub: 'g-frag-1', email: 'fragment@example.ro', givenName: 'Dan', familyName: 'Pop' };
    const { start, cb } = await googleJourney({ handoff: 'fragment' });
    const set = [start.headers['set-cookie']].flat().map(String);
    expect(set.some((c) => c.startsWith('hobbiz_oauth_handoff=fragment;') && c.includes('HttpOnly'))).toBe(
      true,
    );
    expect(cb.statusCode).toBe(302);
    const location = String(cb.headers.location);
    expect(location).toMatch(/^\/oauth-success#token=[^&?]+$/);
    const token = decodeURIComponent(location.split('#token=')[1]!);
    const check = await app.inject({
      url: '/api/users/auth/check',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(check.json().isAuthenticated).toBe(true);
    // The handoff cookie goes with the state's.
    expect([cb.headers['set-cookie']].flat().map(String)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^hobbiz_oauth_handoff=; .*Max-Age=0/)]),
    );
  });

  it('creates an account, lands on /oauth-success with our session token, and reports googleAvatar', async () => {
    fake.google.next = {
      sub: 'g-new-1',
      email: 'Noua.Google@Example.RO',
      givenName: 'Ioana',
      familyName: 'Gheorghe',
    };
    const { cb } = await googleJourney();
    expect(cb.statusCode).toBe(302);
    expect(String(cb.headers.location)).toMatch(/^\/oauth-success\?token=/);
    const token = tokenOf(String(cb.headers.location))!;
    const check = await app.inject({
      method: 'GET',
      url: '/api/users/auth/check',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(check.json()).toEqual({
      isAuthenticated: true,
      avatar: null,
      googleAvatar: 'https://lh3.googleusercontent.com/a/fake-photo',
    });
    const [row] = await app.db.select().from(users).where(eq(users.email, 'noua.google@example.ro'));
    if (!row) throw new Error('no account made');
    expect(row).toMatchObject({ googleId: 'g-new-1', firstName: 'Ioana', lastName: 'Gheorghe' });
    // No usable password: logging in with any password fails until one is set through a reset.
    expect(row.passwordHash.startsWith('scrypt$')).toBe(false);

    // The same Google account again: the same user, a new session.
    fake.google.next = { sub: 'g-new-1', email: 'noua.google@example.ro' };
    const again = await googleJourney();
    const token2 = tokenOf(String(again.cb.headers.location))!;
    expect(token2).not.toBe(token);
    expect(await app.sessionsRepo.userIdFor(token2)).toBe(row.id);
  });

  it('a provider name that passes for the staff or hides text becomes no name, not the account name (issue 40, L12)', async () => {
    fake.google.next = {
      sub: 'g-staff-1',
      email: 'echipa.falsa@example.ro',
      givenName: 'Echipa',
      familyName: 'Hobbiz \u202Eexe.',
    };
    const { cb } = await googleJourney();
    expect(cb.statusCode).toBe(302);
    const [row] = await app.db.select().from(users).where(eq(users.email, 'echipa.falsa@example.ro'));
    expect(row).toMatchObject({ firstName: 'Utilizator', lastName: '' });
  });

  it('links to an existing account by a verified email, never by an unverified one', async () => {
    const existing = await registerAndLogin(app, 'deja@hobbiz.test');
    fake.google.next = { sub: 'g-unverified', email: 'deja@hobbiz.test', emailVerified: false };
    const refused = await googleJourney();
    expect(refused.cb.headers.location).toBe('/login?oauthError=google-failed');
    expect((await app.usersRepo.byId(existing.userId))?.googleId).toBeNull();

    fake.google.next = { sub: 'g-verified', email: 'DEJA@hobbiz.test' };
    const linked = await googleJourney();
    const token = tokenOf(String(linked.cb.headers.location))!;
    expect(await app.sessionsRepo.userIdFor(token)).toBe(existing.userId);
    expect((await app.usersRepo.byId(existing.userId))?.googleId).toBe('g-verified');
  });

  it('takes over an account whose address was never confirmed: its password and sessions go (issue 21, item 4)', async () => {
    // Someone registered the victim's address with their own password (addresses were never checked).
    const squatter = await registerAndLogin(app, 'victima.google@hobbiz.test');
    fake.google.next = { sub: 'g-victim', email: 'victima.google@hobbiz.test' };
    const owner = await googleJourney();
    const token = tokenOf(String(owner.cb.headers.location))!;
    expect(await app.sessionsRepo.userIdFor(token)).toBe(squatter.userId);
    // The squatter's session and password no longer work; the address is now confirmed.
    expect(await app.sessionsRepo.userIdFor(squatter.token)).toBeNull();
    const again = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'victima.google@hobbiz.test', password: 'parola-buna-1' },
    });
    expect(again.statusCode).toBe(401);
    expect((await app.usersRepo.byId(squatter.userId))?.emailVerifiedAt).toBeGreaterThan(0);
  });

  it('joins a confirmed password account only by removing its password and every session, and tells the owner (issue 40, item 9)', async () => {
    // The squatter registered the victim's address with their own password; the victim then opened the
    // confirmation mail (or its link leaked): the address is confirmed, the password still the squatter's.
    const squatter = await registerAndLogin(app, 'victima.confirmata@hobbiz.test');
    await app.usersRepo.setEmailVerified(squatter.userId, 'victima.confirmata@hobbiz.test', Date.now());
    await sqlRun(
      app,
      sql`INSERT INTO push_subscriptions (id, user_id, session_hash, endpoint, p256dh, auth, created_at)
          VALUES ('squat', ${squatter.userId}, 'h', 'https://fcm.googleapis.com/fcm/send/squat', 'k', 'a', 0)`,
    );
    fake.google.next = { sub: 'g-confirmed', email: 'victima.confirmata@hobbiz.test' };
    const owner = await googleJourney();
    const token = tokenOf(String(owner.cb.headers.location))!;
    expect(await app.sessionsRepo.userIdFor(token)).toBe(squatter.userId);
    // The squatter's session, push subscription and password no longer work.
    expect(await app.sessionsRepo.userIdFor(squatter.token)).toBeNull();
    const subs = await sqlAll<{ id: string }>(
      app,
      sql`SELECT id FROM push_subscriptions WHERE user_id = ${squatter.userId}`,
    );
    expect(subs).toEqual([]);
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'victima.confirmata@hobbiz.test', password: 'parola-buna-1' },
    });
    expect(login.statusCode).toBe(401);
    // The owner is told, and how to choose a password again.
    let mail: string | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      mail = outbox().find((m) => /^To: victima\.confirmata@hobbiz\.test$/m.test(m) && m.includes('ștearsă'));
      if (!mail) await new Promise((r) => setTimeout(r, 20));
    }
    expect(mail).toContain('Te-ai conectat la Hobbiz cu contul Google al acestei adrese');
    expect(mail).toContain('parola contului a fost ștearsă și toate celelalte sesiuni au fost închise');
    expect(mail).toContain(`${PUBLIC}/forgot-password`);
    // The next Google sign-in finds the account by its Google id: nothing more is removed.
    const again = await googleJourney();
    const second = tokenOf(String(again.cb.headers.location))!;
    expect(await app.sessionsRepo.userIdFor(token)).toBe(squatter.userId);
    expect(await app.sessionsRepo.userIdFor(second)).toBe(squatter.userId);
  });

  it('refuses a callback without the browser cookie, with a forged one, or replayed', async () => {
    fake.google.next = { sub: 'g-csrf', email: 'csrf@hobbiz.test' };
    expect((await googleJourney({ cookie: 'drop' })).cb.headers.location).toBe(
      '/login?oauthError=google-failed',
    );
    expect((await googleJourney({ cookie: 'other' })).cb.headers.location).toBe(
      '/login?oauthError=google-failed',
    );
    const ok = await googleJourney();
    expect(String(ok.cb.headers.location)).toMatch(/^\/oauth-success\?token=/);
    const replay = await app.inject({ method: 'GET', url: ok.callbackUrl, headers: { cookie: ok.cookie } });
    expect(replay.headers.location).toBe('/login?oauthError=google-failed');
  });

  it('sends a cancelled consent back to /login with the reason', async () => {
    fake.google.deny = true;
    try {
      expect((await googleJourney()).cb.headers.location).toBe('/login?oauthError=google-cancelled');
    } finally {
      fake.google.deny = false;
    }
  });

  it('lands back on /login when Google is not configured', async () => {
    const bare = await buildTestApp();
    try {
      const res = await bare.inject({ method: 'GET', url: '/auth/google' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?oauthError=google-off');
      const providers = await bare.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(providers.json()).toEqual({ google: false, facebookAppId: null });
      const fb = await bare.inject({
        method: 'POST',
        url: '/api/auth/facebook/token',
        payload: { access_token: 'x' },
      });
      expect(fb.statusCode).toBe(503);
      expect(fb.json()).toEqual({ error: SOCIAL_MESSAGES.facebookNotConfigured, code: 'not_configured' });
    } finally {
      await bare.cleanup();
    }
  });
});

describe('the Google callback without PUBLIC_URL (issue 40, item 8)', () => {
  it("is this server's own address, never the request's Host", async () => {
    const bare = await buildTestApp({ ...fake.config(), host: '0.0.0.0', port: 8080 });
    try {
      const start = await bare.inject({
        method: 'GET',
        url: '/auth/google',
        headers: { host: 'evil.example' },
      });
      const url = new URL(String(start.headers.location));
      expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:8080/auth/google/callback');
    } finally {
      await bare.cleanup();
    }
  });
});

describe('POST /api/auth/facebook/token', () => {
  const exchange = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/auth/facebook/token', payload: payload as object });

  it('tells the client which providers are on (the app id is public)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ google: true, facebookAppId: '424242' });
  });

  it('answers {token} for a token the provider confirms was issued to our app', async () => {
    const accessToken = fake.facebookToken({
      id: 'fb-1',
      email: 'fb@hobbiz.test',
      first_name: 'Mihai',
      last_name: 'Facebook',
    });
    const res = await exchange({ access_token: accessToken });
    expect(res.statusCode).toBe(200);
    const { token } = res.json() as { token: string };
    const userId = (await app.sessionsRepo.userIdFor(token))!;
    expect(await app.usersRepo.byId(userId)).toMatchObject({
      facebookId: 'fb-1',
      email: 'fb@hobbiz.test',
      firstName: 'Mihai',
    });
    // Signing in again finds the same person by their Facebook id, whatever the email says now.
    const again = await exchange({
      access_token: fake.facebookToken({ id: 'fb-1', email: 'alta@hobbiz.test' }),
    });
    expect(await app.sessionsRepo.userIdFor((again.json() as { token: string }).token)).toBe(userId);
  });

  it('links to an existing account by email', async () => {
    const existing = await registerAndLogin(app, 'fb-link@hobbiz.test');
    const res = await exchange({
      access_token: fake.facebookToken({ id: 'fb-2', email: 'fb-link@hobbiz.test' }),
    });
    expect(await app.sessionsRepo.userIdFor((res.json() as { token: string }).token)).toBe(existing.userId);
  });

  it('refuses unknown tokens, tokens of another app, and accounts without an email', async () => {
    const before = (await app.db.select().from(users)).length;
    expect((await exchange({ access_token: 'EAAnot-a-real-token' })).json()).toEqual({
      error: 'Autentificare Facebook eșuată!',
    });
    const foreign = fake.facebookToken({ id: 'fb-3', email: 'x@hobbiz.test' }, '999');
    const res = await exchange({ access_token: foreign });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Autentificare Facebook eșuată!' });
    const noEmail = await exchange({ access_token: fake.facebookToken({ id: 'fb-4' }) });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({ error: SOCIAL_MESSAGES.noEmail });
    const missing = await exchange({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: SOCIAL_MESSAGES.facebookTokenMissing });
    expect((await app.db.select().from(users)).length).toBe(before);
  });
});

describe('account deletion of a social account', () => {
  it('forgets the provider ids and the Google picture; the same Google account can sign up again', async () => {
    fake.google.next = { sub: 'g-gone', email: 'plecat@hobbiz.test' };
    const first = tokenOf(String((await googleJourney()).cb.headers.location))!;
    const userId = (await app.sessionsRepo.userIdFor(first))!;
    const del = await app.inject({
      method: 'DELETE',
      url: '/api/users/delete-account',
      headers: { authorization: `Bearer ${first}` },
      // No password on a Google-made account: the address typed again confirms (issue 12 item 15).
      payload: { confirmEmail: 'Plecat@hobbiz.test' },
    });
    expect(del.statusCode).toBe(200);
    expect(await app.usersRepo.byId(userId)).toMatchObject({
      googleId: null,
      facebookId: null,
      googleAvatar: null,
    });
    fake.google.next = { sub: 'g-gone', email: 'plecat@hobbiz.test' };
    const again = tokenOf(String((await googleJourney()).cb.headers.location))!;
    const newId = (await app.sessionsRepo.userIdFor(again))!;
    expect(newId).not.toBe(userId);
    expect((await app.usersRepo.byId(newId))?.googleId).toBe('g-gone');
  });
});
