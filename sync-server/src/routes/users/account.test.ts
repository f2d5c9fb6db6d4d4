import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, insertAnnouncement, registerAndLogin, sqlGet } from '../../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
/** Every mail in DATA_DIR/outbox (no SMTP in tests), soft line breaks joined. */
function outbox(): string[] {
  const dir = join(app.config.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, ''));
}
const login = (email: string, password: string, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress: ip });

describe('account settings', () => {
  it('changes the email (required, valid): the new one waits for its link, the old one still signs in', async () => {
    const me = await registerAndLogin(app, 'vechi@hobbiz.test');
    await registerAndLogin(app, 'ocupat@hobbiz.test');
    const put = (newEmail: unknown, token = me.token) =>
      app.inject({
        method: 'PUT',
        url: '/api/users/update-email',
        headers: auth(token),
        payload: { newEmail, password: 'parola-buna-1' },
      });
    expect((await put('')).json()).toEqual({ error: 'Introduceți noua adresă de e-mail.' });
    expect((await put('nu-e-email')).json()).toEqual({ error: 'Adresa de email nu este validă' });
    const ok = await put('Nou@Hobbiz.test');
    expect(ok.json()).toEqual({
      message: 'Ți-am trimis un e-mail la noua adresă; urmează pașii din el.',
      email: 'vechi@hobbiz.test',
      pendingEmail: 'nou@hobbiz.test',
    });
    // Until the link mailed there is opened (email-verification.test.ts), the account keeps its address.
    expect((await login('nou@hobbiz.test', 'parola-buna-1')).statusCode).toBe(401);
    expect((await login('vechi@hobbiz.test', 'parola-buna-1')).statusCode).toBe(200);
    const guest = await app.inject({
      method: 'PUT',
      url: '/api/users/update-email',
      payload: { newEmail: 'x@y.ro' },
    });
    expect(guest.statusCode).toBe(401);
  });

  it('an address another account has: the same answer as a free one, nothing changes, its owner is mailed (issue 40, L1)', async () => {
    const me = await registerAndLogin(app, 'eu.schimb@hobbiz.test');
    await registerAndLogin(app, 'ocupat.deja@hobbiz.test');
    const put = (newEmail: string, token = me.token) =>
      app.inject({
        method: 'PUT',
        url: '/api/users/update-email',
        headers: auth(token),
        payload: { newEmail, password: 'parola-buna-1' },
      });
    const taken = await put('OCUPAT.deja@hobbiz.test');
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({
      message: 'Ți-am trimis un e-mail la noua adresă; urmează pașii din el.',
      email: 'eu.schimb@hobbiz.test',
      pendingEmail: 'ocupat.deja@hobbiz.test',
    });
    expect((await app.usersRepo.byId(me.userId))!.email).toBe('eu.schimb@hobbiz.test');
    expect((await login('ocupat.deja@hobbiz.test', 'parola-buna-1')).statusCode).toBe(200);
    // The owner of the address learns someone tried it; no confirmation link reaches them.
    await expect
      .poll(() => outbox().filter((m) => m.includes('To: ocupat.deja@hobbiz.test')).length, { timeout: 3000 })
      .toBe(2);
    const toOwner = outbox().filter((m) => m.includes('To: ocupat.deja@hobbiz.test'));
    expect(toOwner.at(-1)).toContain('Ai deja un cont cu ea');
    expect(toOwner.at(-1)).not.toContain('/confirmare-email?');
    // A free address answers the same words.
    const free = await put('liber.nou@hobbiz.test');
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({ ...taken.json(), pendingEmail: 'liber.nou@hobbiz.test' });
    expect((await app.usersRepo.byId(me.userId))!.email).toBe('eu.schimb@hobbiz.test');
  });

  it('changes the password with the current one and revokes every other session', async () => {
    const me = await registerAndLogin(app, 'schimb@hobbiz.test');
    const other = (await login('schimb@hobbiz.test', 'parola-buna-1')).json() as { token: string };
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: '/api/users/update-password', headers: auth(me.token), payload });
    expect((await put({ currentPassword: 'parola-buna-1' })).json()).toEqual({
      error: 'Introduceți ambele parole.',
    });
    expect((await put({ currentPassword: 'gresita-123', newPassword: 'alta-parola-9' })).json()).toEqual({
      error: 'Parola curentă nu este corectă.',
    });
    expect((await put({ currentPassword: 'parola-buna-1', newPassword: 'scurta' })).json().error).toBe(
      'Parola trebuie să aibă cel puțin 8 caractere.',
    );
    const ok = await put({ currentPassword: 'parola-buna-1', newPassword: 'alta-parola-9' });
    expect(ok.statusCode).toBe(200);
    const check = (t: string) => app.inject({ url: '/api/users/auth/check', headers: auth(t) });
    expect((await check(me.token)).json().isAuthenticated).toBe(true);
    expect((await check(other.token)).json().isAuthenticated).toBe(false);
    expect((await login('schimb@hobbiz.test', 'parola-buna-1')).statusCode).toBe(401);
    expect((await login('schimb@hobbiz.test', 'alta-parola-9')).statusCode).toBe(200);
  });

  it('logs out everywhere', async () => {
    const me = await registerAndLogin(app, 'toate@hobbiz.test');
    const other = (await login('toate@hobbiz.test', 'parola-buna-1')).json() as { token: string };
    const res = await app.inject({ method: 'POST', url: '/api/users/logout-all', headers: auth(me.token) });
    expect(res.json()).toEqual({ message: 'Ai fost deconectat de pe toate dispozitivele.' });
    for (const t of [me.token, other.token]) {
      expect(
        (await app.inject({ url: '/api/users/auth/check', headers: auth(t) })).json().isAuthenticated,
      ).toBe(false);
    }
  });

  it('deletes the account: the person’s data goes, the email is free again, others’ counters are right', async () => {
    const me = await registerAndLogin(app, 'plec@hobbiz.test');
    const seller = await registerAndLogin(app);
    const mine = await insertAnnouncement(app, me.userId);
    const theirs = await insertAnnouncement(app, seller.userId);
    await app.inject({ method: 'POST', url: `/api/favorites/${theirs}`, headers: auth(me.token) });
    expect((await app.announcementsRepo.byId(theirs))!.favoritesCount).toBe(1);

    const res = await app.inject({
      method: 'DELETE',
      url: '/api/users/delete-account',
      headers: auth(me.token),
      payload: { password: 'parola-buna-1' },
    });
    expect(res.json()).toEqual({ message: 'Contul tău a fost șters cu succes!' });
    expect((await app.announcementsRepo.byId(mine))!.deleted).toBe(true);
    expect((await app.announcementsRepo.byId(theirs))!.favoritesCount).toBe(0);
    expect(
      (await app.inject({ url: '/api/users/auth/check', headers: auth(me.token) })).json().isAuthenticated,
    ).toBe(false);
    expect((await app.inject({ url: `/api/users/profile/${me.userId}` })).statusCode).toBe(404);
    const row = await sqlGet(app, sql`SELECT email, first_name FROM users WHERE id = ${me.userId}`);
    expect(row).toEqual({ email: `deleted-${me.userId}@hobbiz.invalid`, first_name: '' });
    // The address can be used for a new account.
    await registerAndLogin(app, 'plec@hobbiz.test');
    expect((await app.inject({ method: 'DELETE', url: '/api/users/delete-account' })).statusCode).toBe(401);
  });
});

describe('sign-in throttling', () => {
  it('answers 429 with a Romanian wait after repeated failures, and never keeps the owner out for long', async () => {
    await registerAndLogin(app, 'tinta@hobbiz.test');
    for (let i = 0; i < 6; i++) await login('tinta@hobbiz.test', 'gresit-123', '6.6.6.6');
    const slowed = await login('tinta@hobbiz.test', 'gresit-123', '6.6.6.6');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error).toMatch(
      /^Prea multe încercări de autentificare\. Încearcă din nou peste \d+ /,
    );
    expect(slowed.headers['retry-after']).toBeDefined();
    // The owner, from her own address, is not locked out by the stranger.
    expect((await login('tinta@hobbiz.test', 'parola-buna-1', '9.9.9.9')).statusCode).toBe(200);
  });
});
