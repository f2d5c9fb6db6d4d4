import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAccount,
  newPage,
  openSignedIn,
  queryServerDb,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
  until,
} from './harness.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

const login = (email: string, password: string) =>
  fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

/** The newest confirmation link mailed to `address` (the server's outbox: no SMTP in tests, quoted-printable). */
async function linkMailedTo(address: string): Promise<string> {
  let link = '';
  await until(() => {
    const dir = join(server.dataDir, 'outbox');
    const mails = readdirSync(dir)
      .sort()
      .map((f) =>
        readFileSync(join(dir, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )
      .filter((m) => m.includes(`To: ${address}`) && m.includes('/confirmare-email?'));
    link = /https?:\/\/\S+\/confirmare-email\?\S+/.exec(mails.at(-1) ?? '')?.[0] ?? '';
    return link !== '';
  });
  const url = new URL(link);
  return url.pathname + url.search;
}

async function openSettings(page: Page, account: { token: string; userId: string }) {
  await openSignedIn(page, account);
  await page.goto('/setari-cont');
  await page.getByRole('heading', { name: 'Setări cont', level: 1 }).waitFor();
}

describe('account settings', () => {
  it('change password: the spec messages, typed values kept on a refusal, then sign in with the new one', async () => {
    const me = await apiAccount(server, 'settings.pw@hobbiz.test', 'parola-veche-1');
    const { page, context } = await newPage(browser, server);
    await openSettings(page, me);
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Schimbă parola' }) });
    await form.getByRole('button', { name: 'Schimbă parola' }).click();
    await form.getByText('Introduceți ambele parole.').waitFor();

    await form.getByLabel('Parola curentă').fill('nu-este-asta');
    await form.getByLabel('Parola nouă').fill('parola-noua-2');
    await form.getByRole('button', { name: 'Schimbă parola' }).click();
    await form.getByRole('alert').getByText('Parola curentă nu este corectă.').waitFor();
    expect(await form.getByLabel('Parola nouă').inputValue()).toBe('parola-noua-2');

    await form.getByLabel('Parola curentă').fill('parola-veche-1');
    await form.getByRole('button', { name: 'Schimbă parola' }).click();
    await form.getByText('Parola a fost schimbată. Celelalte dispozitive au fost deconectate.').waitFor();
    expect(await form.getByLabel('Parola curentă').inputValue()).toBe('');

    // Through the sign-in screen, with the new password; the old one is refused.
    expect((await login('settings.pw@hobbiz.test', 'parola-veche-1')).status).toBe(401);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByLabel('Email').fill('settings.pw@hobbiz.test');
    await page.getByLabel('Parolă', { exact: true }).fill('parola-noua-2');
    await page.getByRole('button', { name: 'Autentifică-te' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: 'Contul tău' }).waitFor();
    await context.close();
  });

  it('change email: required messages, the current password asked, typed values kept on a refusal, the new address waits for its link, then is the account’s', async () => {
    const me = await apiAccount(server, 'settings.email@hobbiz.test');
    const { page, context } = await newPage(browser, server, { width: 375, height: 800 });
    await openSettings(page, me);
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Schimbă email-ul' }) });
    await form.getByText('settings.email@hobbiz.test').waitFor();
    await form.getByRole('button', { name: 'Schimbă email-ul' }).click();
    await form.getByText('Introduceți noua adresă de e-mail.').waitFor();
    await form.getByLabel('Noua adresă de email').fill('settings.email.nou@hobbiz.test');
    await form.getByRole('button', { name: 'Schimbă email-ul' }).click();
    await form.getByText('Introdu parola actuală pentru a confirma.').waitFor();
    // A wrong password: the server's Romanian answer, and nothing typed is lost (issue 12 item 15).
    await form.getByLabel('Parola actuală').fill('nu-este-parola-1');
    await form.getByRole('button', { name: 'Schimbă email-ul' }).click();
    await form.getByRole('alert').getByText('Parola actuală nu este corectă.').waitFor();
    expect(await form.getByLabel('Noua adresă de email').inputValue()).toBe('settings.email.nou@hobbiz.test');
    expect(await form.getByLabel('Parola actuală').inputValue()).toBe('nu-este-parola-1');
    const [still] = queryServerDb<{ email: string }>(
      server,
      'SELECT email FROM users WHERE id = ?',
      me.userId,
    );
    expect(still?.email).toBe('settings.email@hobbiz.test');
    await form.getByLabel('Parola actuală').fill('o-parola-lunga');
    await form.getByRole('button', { name: 'Schimbă email-ul' }).click();
    await form.getByText('Ți-am trimis un e-mail la noua adresă; urmează pașii din el.').waitFor();
    expect(await form.getByLabel('Parola actuală').inputValue()).toBe('');
    // Issue 40, L1: the new address waits for the link mailed to it; the account keeps its own.
    const pending =
      'Adresa nouă, settings.email.nou@hobbiz.test, așteaptă confirmarea. Deschide linkul din e-mailul trimis acolo.';
    await form.getByText(pending).waitFor();
    expect(await form.locator('strong').innerText()).toBe('settings.email@hobbiz.test');
    const [row] = queryServerDb<{ email: string; pending_email: string }>(
      server,
      'SELECT email, pending_email FROM users WHERE id = ?',
      me.userId,
    );
    expect(row).toEqual({
      email: 'settings.email@hobbiz.test',
      pending_email: 'settings.email.nou@hobbiz.test',
    });
    // Shown again after a reload, and the link from the mail makes it the account's address.
    await page.reload();
    await form.getByText(pending).waitFor();
    await page.goto(await linkMailedTo('settings.email.nou@hobbiz.test'));
    await page
      .getByText('Adresa de e-mail a contului a fost schimbată și confirmată. De acum te autentifici cu ea.')
      .waitFor();
    await page.getByRole('link', { name: 'Mergi la Setări cont' }).click();
    await form.getByText('settings.email.nou@hobbiz.test').waitFor();
    await form.getByText('confirmată', { exact: true }).waitFor();
    expect(await form.getByText(pending).count()).toBe(0);
    expect((await login('settings.email.nou@hobbiz.test', 'o-parola-lunga')).status).toBe(200);
    expect((await login('settings.email@hobbiz.test', 'o-parola-lunga')).status).toBe(401);
    await context.close();
  });

  it('notification settings: a switch is saved on the server and shown again after a reload', async () => {
    const me = await apiAccount(server, 'settings.notif@hobbiz.test');
    const { page, context } = await newPage(browser, server);
    await openSettings(page, me);
    const messages = page.getByRole('checkbox', { name: /Mesaje noi/ });
    expect(await messages.isChecked()).toBe(true);
    await messages.click();
    await page.getByText('Setările notificărilor au fost salvate.').waitFor();
    const favorites = page.getByRole('checkbox', { name: /Anunțuri adăugate la favorite/ });
    expect(await favorites.isChecked()).toBe(true);
    await favorites.click();
    await expect.poll(() => favorites.isChecked(), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => favorites.isDisabled(), { timeout: 10_000 }).toBe(false);
    const res = await fetch(`${server.url}/api/users/notification-settings`, {
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(await res.json()).toEqual({ messages: false, reviews: true, favorites: false });
    await page.reload();
    await page.getByRole('checkbox', { name: /Recenzii noi/ }).waitFor();
    expect(await page.getByRole('checkbox', { name: /Mesaje noi/ }).isChecked()).toBe(false);
    expect(await favorites.isChecked()).toBe(false);
    await context.close();
  });

  it("'Dispozitive conectate' lists this device and another; 'Deconectează' signs the other one out at once", async () => {
    await apiAccount(server, 'settings.devices@hobbiz.test');
    const a = await (await login('settings.devices@hobbiz.test', 'o-parola-lunga')).json();
    const b = await (await login('settings.devices@hobbiz.test', 'o-parola-lunga')).json();
    const other = await newPage(browser, server);
    await openSettings(other.page, b);
    await other.page.getByText('Sincronizat').waitFor();
    const here = await newPage(browser, server);
    await openSettings(here.page, a);
    const card = here.page.locator('section', {
      has: here.page.getByRole('heading', { name: 'Dispozitive conectate' }),
    });
    await card.getByText('Acest dispozitiv').waitFor();
    // The other browser, named from its own requests (headless Chromium on Linux).
    const end = card.getByRole('button', { name: 'Deconectează Chrome pe Linux' });
    await end.waitFor();
    // apiAccount's own sign-in made no request since: its device is unknown.
    await card.getByText('Dispozitiv necunoscut').waitFor();
    expect(await card.getByRole('button', { name: /^Deconectează/ }).count()).toBe(2);
    await end.click();
    await card.getByText('Dispozitivul a fost deconectat.').waitFor();
    // The other browser is signed out at once (its socket closed), with the reason.
    await other.page.waitForURL(`${server.url}/login`);
    await other.page
      .getByRole('alert')
      .getByText('Sesiunea ta a expirat sau a fost închisă de pe alt dispozitiv. Autentifică-te din nou.')
      .waitFor();
    // This one stays signed in.
    expect(await here.page.evaluate(() => localStorage.getItem('token'))).toBe(a.token);
    await here.context.close();
    await other.context.close();
  });

  it("an unconfirmed address: Setări says so, 'Trimite din nou' mails a link, the link confirms it", async () => {
    const me = await apiAccount(server, 'settings.confirm@hobbiz.test');
    const { page, context } = await newPage(browser, server);
    await openSettings(page, me);
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Schimbă email-ul' }) });
    await form.getByText('neconfirmată', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Trimite din nou e-mailul de confirmare' }).click();
    await form.getByText('Ți-am trimis un e-mail cu linkul de confirmare.', { exact: false }).waitFor();
    const link = await linkMailedTo('settings.confirm@hobbiz.test');
    await page.goto(link);
    await page.getByText('Adresa de e-mail a fost confirmată.').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('link', { name: 'Mergi la Setări cont' }).click();
    await form.getByText('confirmată', { exact: true }).waitFor();
    expect(await form.getByRole('button', { name: 'Trimite din nou e-mailul de confirmare' }).count()).toBe(
      0,
    );
    // The same link again confirms nothing more and says so.
    await page.goto(link);
    await page.getByText('Adresa de e-mail a fost confirmată.').waitFor();
    await context.close();
  });

  it('log out everywhere: this device signs out, another browser session is refused', async () => {
    await apiAccount(server, 'settings.everywhere@hobbiz.test');
    const a = await (await login('settings.everywhere@hobbiz.test', 'o-parola-lunga')).json();
    const b = await (await login('settings.everywhere@hobbiz.test', 'o-parola-lunga')).json();
    const one = await newPage(browser, server);
    const two = await newPage(browser, server);
    await openSettings(one.page, a);
    await openSettings(two.page, b);

    await one.page.getByRole('button', { name: 'Ieși din cont de pe toate dispozitivele' }).click();
    const dialog = one.page.getByRole('dialog', { name: 'Ieși din cont de pe toate dispozitivele?' });
    await dialog.getByRole('button', { name: 'Ieși de pe toate' }).click();
    await one.page.waitForURL(`${server.url}/`);
    await one.page.getByText('Ai fost deconectat de pe toate dispozitivele.').waitFor();
    expect(await one.page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The other browser: its token no longer works; its next session check signs it out.
    const check = await fetch(`${server.url}/api/users/profile`, {
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(check.status).toBe(401);
    await two.page.reload();
    await two.page.waitForURL((url) => url.pathname === '/login');
    await one.context.close();
    await two.context.close();
  });

  it('delete account: Anulează keeps it; a wrong password is refused in the dialog; Șterge with the password removes it, says so, and goes home after 1.5 s', async () => {
    const me = await apiAccount(server, 'settings.delete@hobbiz.test');
    const { page, context } = await newPage(browser, server, { width: 900, height: 900 });
    await openSettings(page, me);
    await page.getByRole('button', { name: 'Șterge contul' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sigur vrei să ștergi contul?' });
    await dialog.getByText(/ireversibilă/).waitFor();
    await dialog.getByText(/Toate anunțurile tale vor fi șterse/).waitFor();
    await dialog.getByRole('button', { name: 'Anulează' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(
      queryServerDb<{ deleted: number }>(server, 'SELECT deleted FROM users WHERE id = ?', me.userId)[0]
        ?.deleted,
    ).toBe(0);

    await page.getByRole('button', { name: 'Șterge contul' }).click();
    await dialog.getByRole('button', { name: 'Șterge', exact: true }).click();
    await dialog.getByText('Introdu parola actuală pentru a confirma.').waitFor();
    await dialog.getByLabel('Parola actuală').fill('nu-este-parola-1');
    await dialog.getByRole('button', { name: 'Șterge', exact: true }).click();
    await dialog.getByRole('alert').getByText('Parola actuală nu este corectă.').waitFor();
    expect(await dialog.getByLabel('Parola actuală').inputValue()).toBe('nu-este-parola-1');
    expect(
      queryServerDb<{ deleted: number }>(server, 'SELECT deleted FROM users WHERE id = ?', me.userId)[0]
        ?.deleted,
    ).toBe(0);
    // Enter in the password field confirms, as in any form.
    await dialog.getByLabel('Parola actuală').fill('o-parola-lunga');
    await dialog.getByLabel('Parola actuală').press('Enter');
    const started = Date.now();
    await page.getByText('Contul tău a fost șters cu succes!').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.waitForURL(`${server.url}/`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1200);
    expect(
      queryServerDb<{ deleted: number }>(server, 'SELECT deleted FROM users WHERE id = ?', me.userId)[0]
        ?.deleted,
    ).toBe(1);
    expect((await login('settings.delete@hobbiz.test', 'o-parola-lunga')).status).toBe(401);
    await context.close();
  });
});
