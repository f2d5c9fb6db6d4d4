import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  localAnnouncementCount,
  localAnnouncementIds,
  newPage,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
  until,
  waitForServiceWorker,
} from './harness.ts';

let server: TestServer;
let browser: Browser;
/** A failing journey must not leave the next test without a server. */
let stopped = false;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

describe('walking skeleton', () => {
  it('sign up → sign in → popular from the server → offline reload still shows them → log out', async () => {
    const { page, context } = await newPage(browser, server);
    const popular = (await (await fetch(`${server.url}/api/announcements/popular?limit=10`)).json()) as {
      _id: string;
      title: string;
    }[];
    expect(popular).toHaveLength(10);

    // Sign up.
    await page.goto('/signup');
    await page.getByLabel('Prenume').fill('Maria');
    await page.getByLabel('Nume', { exact: true }).fill('Ionescu');
    await page.getByLabel('Email').fill('maria.ionescu@hobbiz.test');
    await page.getByLabel('Parolă', { exact: true }).fill('o-parola-lunga');
    await page.getByRole('button', { name: 'Creează cont' }).click();
    await page.waitForURL('**/login?registered=1');
    await page.getByText('Cont creat cu succes! Te poți autentifica.').waitFor();

    // A wrong password keeps what was typed and says why in Romanian.
    await page.getByLabel('Email').fill('maria.ionescu@hobbiz.test');
    await page.getByLabel('Parolă', { exact: true }).fill('gresita-de-tot');
    await page.getByRole('button', { name: 'Autentifică-te' }).click();
    await page.getByRole('alert').getByText('Email sau parolă incorectă.').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('maria.ionescu@hobbiz.test');

    // Sign in.
    await page.getByLabel('Parolă', { exact: true }).fill('o-parola-lunga');
    await page.getByRole('button', { name: 'Autentifică-te' }).click();
    await page.waitForURL(`${server.url}/`);
    // Signed in, the hero offers publishing rather than signing up.
    const hero = page.locator('section.hero');
    await hero.getByRole('link', { name: 'Adaugă un anunț' }).waitFor();
    expect(await hero.getByRole('link', { name: 'Înregistrează-te' }).count()).toBe(0);

    // Home shows the server's popular announcements, most favourited first.
    await page.getByRole('heading', { name: 'Anunțuri populare' }).waitFor();
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: 'Anunțuri populare' }),
    });
    await section.getByText(popular[0]!.title, { exact: true }).first().waitFor();
    await section.getByText(popular[1]!.title, { exact: true }).first().waitFor();

    // The app shell is cached and the carousel's announcements held by the local database (the device
    // holds what it showed, not the catalogue).
    await waitForServiceWorker(page);
    await until(async () => {
      const held = new Set(await localAnnouncementIds(page));
      return popular.every((a) => held.has(a._id));
    });
    expect(await localAnnouncementCount(page)).toBeLessThan(60);

    // Server gone: the installed app still starts and shows the announcements from RxDB.
    await server.stop();
    stopped = true;
    await page.reload();
    await page.getByText('Fă din pasiunea ta o sursă de venit!').first().waitFor();
    await section.getByText(popular[0]!.title, { exact: true }).first().waitFor();
    await section.getByText(popular[1]!.title, { exact: true }).first().waitFor();
    // Still signed in while offline (only a 401 signs a user out).
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // Back online: log out from the account menu.
    await server.start();
    stopped = false;
    await page.reload();
    await page.getByText('Contul tău').first().hover();
    await page
      .getByRole('menuitem', { name: 'Deconectează-te' })
      .or(page.getByRole('button', { name: 'Deconectează-te' }))
      .or(page.getByRole('link', { name: 'Deconectează-te' }))
      .first()
      .click();
    await page.getByText('Ai fost deconectat din cont.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('unknown paths show the home page and the manifest makes the app installable', async () => {
    if (stopped) await server.start();
    const { page, context } = await newPage(browser, server);
    await page.goto('/o-pagina-care-nu-exista');
    await page.getByText('Fă din pasiunea ta o sursă de venit!').first().waitFor();
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({
      lang: 'ro',
      display: 'standalone',
      start_url: '/',
      short_name: 'Hobbiz',
    });
    const icons = manifest.icons as { sizes: string; purpose?: string }[];
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
    await context.close();
  });
});
