import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOAuth, startFakeOAuth } from '../sync-server/src/test-fake-oauth.ts';
import {
  newPage,
  queryServerDb,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
  until,
} from './harness.ts';

// Social sign-in runs against a local fake provider (no internet): the server is pointed at it by env.
let fake: FakeOAuth;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  fake = await startFakeOAuth();
  Object.assign(process.env, fake.env());
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(async () => {
  await stopServerAndBrowser(server, browser);
  await fake?.close();
});

const SHOTS = join(import.meta.dirname, '..', '.tmp', 'shots-account');
const signedInAs = (page: Page) => page.evaluate(() => localStorage.getItem('userId'));

/** The newest mail in the server's outbox (no SMTP_URL in tests). */
function lastMail(): string {
  const dir = join(server.dataDir, 'outbox');
  const files = readdirSync(dir).sort();
  return readFileSync(join(dir, files[files.length - 1]!), 'utf8');
}

/** Pictures from Google and the Facebook SDK are served locally in place of the real hosts. */
async function fakeSocialHosts(page: Page, fbLogin: 'ok' | 'cancel', fbToken = '') {
  await page.route('https://lh3.googleusercontent.com/**', (route) =>
    route.fulfill({
      contentType: 'image/png',
      body: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    }),
  );
  await page.route('https://connect.facebook.net/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      headers: { 'access-control-allow-origin': '*' },
      body: `window.FB = {
        init: function () {},
        login: function (cb) { setTimeout(function () { cb(${
          fbLogin === 'ok'
            ? `{ status: 'connected', authResponse: { accessToken: ${JSON.stringify(fbToken)} } }`
            : `{ status: 'unknown', authResponse: null }`
        }); }, 50); }
      };
      window.fbAsyncInit && window.fbAsyncInit();`,
    }),
  );
}

describe('account', () => {
  it('forgot password: code by email, wrong code and weak password refused, then the new password works', async () => {
    const { page, context } = await newPage(browser, server, { width: 375, height: 800 });
    await page.goto('/login');
    await page.screenshot({ path: join(SHOTS, 'login-375.png'), fullPage: true });
    await page.getByRole('button', { name: 'Acceptă tot' }).click();
    await page.getByRole('link', { name: 'Ai uitat parola?' }).click();
    await page.getByRole('heading', { name: 'Resetează parola' }).waitFor();
    await page.getByRole('button', { name: 'Trimite codul' }).click();
    await page.getByText('Introdu adresa de email.').waitFor();
    await page.getByLabel('Email').fill('ioana.popescu@hobbiz.test');
    await page.screenshot({ path: join(SHOTS, 'forgot-email-375.png') });
    await page.getByRole('button', { name: 'Trimite codul' }).click();
    await page
      .getByText('Dacă există un cont cu această adresă, ți-am trimis un cod de resetare.', { exact: false })
      .waitFor();

    await until(() => {
      try {
        return /^\d{6}$/m.test(lastMail());
      } catch {
        return false;
      }
    });
    const mail = lastMail();
    expect(mail).toMatch(/^To: ioana\.popescu@hobbiz\.test$/m);
    const code = /^(\d{6})$/m.exec(mail)![1]!;

    // A weak password: which rule failed, said under the field; nothing sent.
    await page.getByLabel('Codul primit pe email').fill(code);
    await page.getByLabel('Parola nouă', { exact: true }).fill('parolanoua');
    await page.getByRole('button', { name: 'Schimbă parola' }).click();
    await page.getByText('Parola trebuie să conțină cel puțin o cifră sau un simbol.').waitFor();
    // A wrong code: the server's Romanian answer; what was typed stays.
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Codul primit pe email').fill(wrong);
    await page.getByLabel('Parola nouă', { exact: true }).fill('Parola-Noua-2027');
    await page.getByRole('button', { name: 'Schimbă parola' }).click();
    await page.getByText('Codul nu este corect sau a expirat. Cere un cod nou.').waitFor();
    expect(await page.getByLabel('Parola nouă', { exact: true }).inputValue()).toBe('Parola-Noua-2027');
    await page.screenshot({ path: join(SHOTS, 'forgot-code-375.png'), fullPage: true });

    await page.getByLabel('Codul primit pe email').fill(code);
    await page.getByRole('button', { name: 'Schimbă parola' }).click();
    await page.waitForURL(/\/login\?reset=1$/);
    await page.getByText('Parola a fost schimbată. Te poți autentifica cu parola nouă.').waitFor();
    const [user] = queryServerDb<{ id: string }>(
      server,
      'SELECT id FROM users WHERE email = ?',
      'ioana.popescu@hobbiz.test',
    );
    expect(queryServerDb(server, 'SELECT 1 FROM password_resets WHERE user_id = ?', user!.id)).toHaveLength(
      0,
    );

    await page.getByLabel('Email').fill('ioana.popescu@hobbiz.test');
    await page.getByLabel('Parolă', { exact: true }).fill('Parola-Noua-2027');
    await page.getByRole('button', { name: 'Autentifică-te' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await until(async () => (await signedInAs(page)) === user!.id);
    await context.close();
  });

  it('Google: redirect, consent at the provider, back through /oauth-success signed in; cancel lands on /login', async () => {
    const { page, context } = await newPage(browser, server);
    await fakeSocialHosts(page, 'cancel');
    fake.google.next = {
      sub: 'google-e2e-1',
      email: 'radu.google@hobbiz.test',
      givenName: 'Radu',
      familyName: 'Munteanu',
    };
    // Every URL the browser asks for: the session token must be in none of them (issue 21).
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    // Where the page went (a navigation the service worker answers from its copy of the app sends no request).
    const went: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && went.push(new URL(f.url()).pathname));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continuă cu Google' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const [row] = queryServerDb<{ id: string; google_id: string; first_name: string }>(
      server,
      'SELECT id, google_id, first_name FROM users WHERE email = ?',
      'radu.google@hobbiz.test',
    );
    expect(row).toMatchObject({ google_id: 'google-e2e-1', first_name: 'Radu' });
    await until(async () => (await signedInAs(page)) === row!.id);
    expect(fake.calls).toEqual(expect.arrayContaining(['google/auth', 'google/token', 'google/userinfo']));
    // The token does not stay in the address bar or the history, and no request ever carried it (it came
    // back in the fragment).
    expect(page.url()).not.toContain('token=');
    expect(went).toContain('/oauth-success');
    expect(asked.filter((u) => u.includes('token='))).toEqual([]);

    // Signed out, then a cancelled consent: back on /login with the reason.
    await page.evaluate(() => localStorage.clear());
    fake.google.deny = true;
    try {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Continuă cu Google' }).click();
      await page.waitForURL(/\/login\?oauthError=google-cancelled/);
      await page.getByText('Autentificare Google anulată!').waitFor();
    } finally {
      fake.google.deny = false;
    }
    // /oauth-success without a token goes to /login.
    await page.goto('/oauth-success');
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('Facebook: the SDK token is exchanged for a session; a cancelled dialog says so', async () => {
    const cancel = await newPage(browser, server);
    await fakeSocialHosts(cancel.page, 'cancel');
    await cancel.page.goto('/login');
    await cancel.page.getByRole('button', { name: 'Continuă cu Facebook' }).click();
    await cancel.page.getByText('Autentificare Facebook anulată!').waitFor();
    // Offline: both social buttons say why instead of leaving for an error page.
    await cancel.context.setOffline(true);
    await cancel.page.getByRole('button', { name: 'Continuă cu Google' }).click();
    await cancel.page.getByText('Nu ești conectat la internet.', { exact: false }).waitFor();
    expect(new URL(cancel.page.url()).pathname).toBe('/login');
    await cancel.context.setOffline(false);
    await cancel.context.close();

    const { page, context } = await newPage(browser, server, { width: 900, height: 900 });
    const accessToken = fake.facebookToken({
      id: 'fb-e2e-1',
      email: 'elena.fb@hobbiz.test',
      first_name: 'Elena',
      last_name: 'Dobre',
    });
    await fakeSocialHosts(page, 'ok', accessToken);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continuă cu Facebook' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const [row] = queryServerDb<{ id: string; facebook_id: string }>(
      server,
      'SELECT id, facebook_id FROM users WHERE email = ?',
      'elena.fb@hobbiz.test',
    );
    expect(row?.facebook_id).toBe('fb-e2e-1');
    await until(async () => (await signedInAs(page)) === row!.id);
    await context.close();
  });

  it('screens: /forgot-password and a sign-in notice at 375, 900 and 1280 px, light and dark', async () => {
    const combos: [number, boolean][] = [
      [375, false],
      [375, true],
      [900, false],
      [1280, true],
    ];
    for (const [width, dark] of combos) {
      const { page, context } = await newPage(browser, server, { width, height: 900 });
      await page.goto('/');
      await page.evaluate((d) => {
        localStorage.setItem('darkMode', String(d));
        localStorage.setItem('cookie_consent', 'rejected');
      }, dark);
      await page.goto('/forgot-password');
      await page.getByLabel('Email').fill(`nimeni-${width}-${dark}@hobbiz.test`);
      await page.getByRole('button', { name: 'Trimite codul' }).click();
      await page.getByLabel('Codul primit pe email').fill('12');
      await page.getByRole('button', { name: 'Schimbă parola' }).click();
      await page.getByText('Codul nu este corect sau a expirat. Cere un cod nou.').waitFor();
      const theme = dark ? 'dark' : 'light';
      await page.screenshot({ path: join(SHOTS, `forgot-${width}-${theme}.png`), fullPage: true });
      await page.goto('/login?oauthError=google-failed');
      await page.getByText('Autentificare Google eșuată!').waitFor();
      await page.screenshot({ path: join(SHOTS, `login-error-${width}-${theme}.png`) });
      await context.close();
    }
  });

  it('API docs: /api/docs renders every path under its own CSP (no violation)', async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: /Hobbiz API/ }).waitFor();
    await page.getByText('/api/users/forgot-password', { exact: true }).first().waitFor();
    await page.getByText('/api/auth/facebook/token', { exact: true }).first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'api-docs-1280.png') });
    await context.close();
  });

  it('sign-up says which password rule failed (the server’s rule, shown by the form), and keeps what was typed', async () => {
    const { page, context } = await newPage(browser, server, { width: 375, height: 900 });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('cookie_consent', 'rejected'));
    await page.goto('/signup');
    await page.getByText('Cel puțin 8 caractere, cu litere și cel puțin o cifră sau un simbol.').waitFor();
    await page.getByLabel('Prenume').fill('Sorin');
    await page.getByLabel('Nume', { exact: true }).fill('Vlad');
    await page.getByLabel('Email').fill('sorin.vlad@hobbiz.test');
    await page.getByLabel('Parolă', { exact: true }).fill('12345678');
    await page.getByRole('button', { name: 'Creează cont' }).click();
    await page.getByText('Parola trebuie să conțină cel puțin o literă.').waitFor();
    await page.getByLabel('Parolă', { exact: true }).fill('sorin.vlad-1');
    await page.getByRole('button', { name: 'Creează cont' }).click();
    await page.getByText('Parola nu trebuie să conțină adresa de email.').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('sorin.vlad@hobbiz.test');
    expect(
      queryServerDb(server, 'SELECT 1 FROM users WHERE email = ?', 'sorin.vlad@hobbiz.test'),
    ).toHaveLength(0);
    await page.getByLabel('Parolă', { exact: true }).fill('Cozonac-cu-nuca-7');
    await page.getByRole('button', { name: 'Creează cont' }).click();
    await page.waitForURL(/\/login\?registered=1$/);
    expect(
      queryServerDb(server, 'SELECT 1 FROM users WHERE email = ?', 'sorin.vlad@hobbiz.test'),
    ).toHaveLength(1);
    await context.close();
  });
});
