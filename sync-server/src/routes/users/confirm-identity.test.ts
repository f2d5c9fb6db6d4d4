import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECENT_SIGN_IN_MINUTES } from '../../../../schema/constants.ts';
import { users } from '../../../../schema/db/tables.ts';
import { ACCOUNT_MESSAGES } from '../../../../schema/rules/account.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, registerAndLogin, sqlRun } from '../../test-helper.ts';

/**
 * Issue 12 item 15: a token alone is not enough to change the e-mail or delete the account — the
 * current password is asked (a social-only account types its e-mail address), and wrong answers count
 * in the sign-in throttle.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const changeEmail = (token: string, payload: object, ip = '10.0.0.1') =>
  app.inject({
    method: 'PUT',
    url: '/api/users/update-email',
    headers: auth(token),
    payload,
    remoteAddress: ip,
  });
const deleteAccount = (token: string, payload?: object, ip = '10.0.0.1') =>
  app.inject({
    method: 'DELETE',
    url: '/api/users/delete-account',
    headers: auth(token),
    ...(payload ? { payload } : {}),
    remoteAddress: ip,
  });
const emailOf = async (id: string) => (await app.usersRepo.byId(id))!.email;
const deleted = async (id: string) => (await app.usersRepo.byId(id))!.deleted;

describe('changing the e-mail asks for the current password', () => {
  it('refuses without it or with a wrong one, in Romanian, and changes nothing', async () => {
    const me = await registerAndLogin(app, 'eu@hobbiz.test');
    await registerAndLogin(app, 'ocupat@hobbiz.test');
    const none = await changeEmail(me.token, { newEmail: 'nou@hobbiz.test' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      error: 'Introdu parola actuală pentru a confirma.',
      code: 'confirmation_required',
    });
    const wrong = await changeEmail(me.token, { newEmail: 'nou@hobbiz.test', password: 'nu-e-parola-1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'Parola actuală nu este corectă.', code: 'confirmation_wrong' });
    // A taken address is told only to the owner: a token alone cannot probe which addresses exist.
    const probe = await changeEmail(me.token, { newEmail: 'ocupat@hobbiz.test', password: 'nu-e-parola-1' });
    expect(probe.statusCode).toBe(403);
    expect(await emailOf(me.userId)).toBe('eu@hobbiz.test');

    const ok = await changeEmail(me.token, { newEmail: 'nou@hobbiz.test', password: 'parola-buna-1' });
    expect(ok.json()).toEqual({
      message: 'Ți-am trimis un e-mail la noua adresă; urmează pașii din el.',
      email: 'eu@hobbiz.test',
      pendingEmail: 'nou@hobbiz.test',
    });
    // The new address waits for its link (issue 40, L1).
    expect(await emailOf(me.userId)).toBe('eu@hobbiz.test');
  });
});

describe('deleting the account asks for the current password', () => {
  it('keeps the account without it or with a wrong one; deletes it with the right one', async () => {
    const me = await registerAndLogin(app);
    expect((await deleteAccount(me.token)).json().error).toBe('Introdu parola actuală pentru a confirma.');
    const wrong = await deleteAccount(me.token, { password: 'nu-e-parola-1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('Parola actuală nu este corectă.');
    expect(await deleted(me.userId)).toBe(false);
    const ok = await deleteAccount(me.token, { password: 'parola-buna-1' });
    expect(ok.json()).toEqual({ message: 'Contul tău a fost șters cu succes!' });
    expect(await deleted(me.userId)).toBe(true);
  });

  it('counts wrong passwords in the sign-in throttle: guessing here is as slow as at /login', async () => {
    const me = await registerAndLogin(app, 'tinta2@hobbiz.test');
    for (let i = 0; i < 6; i++) await deleteAccount(me.token, { password: `gresita-${i}a` }, '6.6.6.6');
    const slowed = await deleteAccount(me.token, { password: 'parola-buna-1' }, '6.6.6.6');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error).toMatch(
      /^Prea multe încercări de autentificare\. Încearcă din nou peste \d+ /,
    );
    expect(slowed.headers['retry-after']).toBeDefined();
    expect(await deleted(me.userId)).toBe(false);
    // The same counters as the sign-in screen.
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'tinta2@hobbiz.test', password: 'parola-buna-1' },
      remoteAddress: '6.6.6.6',
    });
    expect(login.statusCode).toBe(429);
    const email = await changeEmail(
      me.token,
      { newEmail: 'alt@hobbiz.test', password: 'parola-buna-1' },
      '6.6.6.6',
    );
    expect(email.statusCode).toBe(429);
  });
});

describe('an account made with Google/Facebook (no password)', () => {
  /** A social-only account as social-auth.ts makes it, with a session. */
  async function socialAccount(email: string) {
    const id = newId();
    await app.uow.write(async (tx) => {
      await app.db.insert(users).values({
        id,
        email,
        passwordHash: '!social',
        firstName: 'Ioana',
        lastName: 'Google',
        phone: '',
        localitate: '',
        avatar: null,
        createdAt: new Date().toISOString(),
        lastSeen: new Date().toISOString(),
        googleId: `g-${id}`,
        seq: tx.seq(),
      });
    });
    return { userId: id, token: await app.uow.write(() => app.sessionsRepo.create(id)) };
  }

  it('says so in the own profile and confirms with its e-mail address typed again', async () => {
    const social = await socialAccount('ioana@hobbiz.test');
    const profile = await app.inject({ url: '/api/users/profile', headers: auth(social.token) });
    expect(profile.json().hasPassword).toBe(false);
    const withPassword = await registerAndLogin(app);
    expect(
      (await app.inject({ url: '/api/users/profile', headers: auth(withPassword.token) })).json().hasPassword,
    ).toBe(true);

    const none = await deleteAccount(social.token, { password: 'orice-parola-1' });
    expect(none.json().error).toBe('Introdu adresa de email a contului pentru a confirma.');
    const wrong = await changeEmail(social.token, {
      newEmail: 'nou2@hobbiz.test',
      confirmEmail: 'alta@hobbiz.test',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('Adresa de email introdusă nu este cea a contului.');
    expect(await emailOf(social.userId)).toBe('ioana@hobbiz.test');
    const ok = await changeEmail(social.token, {
      newEmail: 'nou2@hobbiz.test',
      confirmEmail: ' Ioana@Hobbiz.test ',
    });
    expect(ok.statusCode).toBe(200);
    // Until its link is opened the account keeps its address: that is what confirms.
    expect((await deleteAccount(social.token, { confirmEmail: 'nou2@hobbiz.test' })).statusCode).toBe(403);
    expect((await deleteAccount(social.token, { confirmEmail: 'ioana@hobbiz.test' })).statusCode).toBe(200);
    expect(await deleted(social.userId)).toBe(true);
  });

  it('a token from an older sign-in is not enough, even with the address (readable from the profile)', async () => {
    const social = await socialAccount('vechi@hobbiz.test');
    const old = Date.now() - (RECENT_SIGN_IN_MINUTES + 1) * 60_000;
    await sqlRun(app, sql`UPDATE sessions SET created_at = ${old} WHERE user_id = ${social.userId}`);
    const address = (await app.inject({ url: '/api/users/profile', headers: auth(social.token) })).json()
      .email;
    const change = await changeEmail(social.token, { newEmail: 'hot@hobbiz.test', confirmEmail: address });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({
      error: ACCOUNT_MESSAGES.recentSignInRequired,
      code: 'recent_sign_in_required',
    });
    expect((await deleteAccount(social.token, { confirmEmail: address })).statusCode).toBe(403);
    expect(await emailOf(social.userId)).toBe('vechi@hobbiz.test');
    expect(await deleted(social.userId)).toBe(false);
    // Signed in again with the provider: a fresh session may.
    const fresh = await app.sessionsRepo.create(social.userId);
    expect((await deleteAccount(fresh, { confirmEmail: address })).statusCode).toBe(200);
  });
});
