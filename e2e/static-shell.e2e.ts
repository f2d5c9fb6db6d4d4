import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAccount,
  newPage,
  openSignedIn,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
} from './harness.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

const consent = (page: import('playwright-core').Page) =>
  page.evaluate(() => localStorage.getItem('cookie_consent'));

describe('shell: cookie banner, static pages, /cont', () => {
  it('the cookie banner asks a guest once; both answers are stored; signed-in people never see it', async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie-uri', exact: true });
    await banner.waitFor();
    await banner.getByRole('link', { name: 'Politica de cookie-uri' }).click();
    await page.getByRole('heading', { name: 'Politica de cookie-uri', level: 1 }).waitFor();
    await page.getByText('Ultima actualizare: septembrie 2025').waitFor();
    await banner.getByRole('button', { name: 'Acceptă tot' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await consent(page)).toBe('accepted');
    await page.reload();
    await page.getByRole('heading', { name: 'Politica de cookie-uri', level: 1 }).waitFor();
    await page.waitForTimeout(300);
    expect(await banner.count()).toBe(0);
    await context.close();

    // On a phone the banner never covers the end of a page: /login and /signup scrolled to the end keep
    // their submit button clear of it (issue 25).
    const phone = await newPage(browser, server, { width: 375, height: 812 });
    for (const [path, button] of [
      ['/login', 'Autentifică-te'],
      ['/signup', 'Creează cont'],
    ] as const) {
      await phone.page.goto(path);
      const phoneBanner = phone.page.getByRole('region', { name: 'Cookie-uri', exact: true });
      await phoneBanner.waitFor();
      await phone.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await phone.page.waitForTimeout(200);
      const submit = await phone.page.getByRole('button', { name: button, exact: true }).boundingBox();
      const over = await phoneBanner.boundingBox();
      expect(submit && over, path).toBeTruthy();
      expect(submit!.y + submit!.height, `${path}: '${button}' ends above the banner`).toBeLessThanOrEqual(
        over!.y,
      );
    }
    await phone.context.close();

    const second = await newPage(browser, server, { width: 375, height: 800 });
    await second.page.goto('/despre');
    await second.page.getByRole('button', { name: 'Refuză tot' }).click();
    await second.page.getByRole('region', { name: 'Cookie-uri', exact: true }).waitFor({ state: 'detached' });
    expect(await consent(second.page)).toBe('rejected');
    await second.context.close();

    const me = await apiAccount(server, 'cookie.user@hobbiz.test');
    const third = await newPage(browser, server);
    await openSignedIn(third.page, me);
    await third.page.getByRole('button', { name: 'Contul tău' }).waitFor();
    await third.page.waitForTimeout(300);
    expect(await third.page.getByRole('region', { name: 'Cookie-uri', exact: true }).count()).toBe(0);
    await third.context.close();
  });

  it('footer links open the legal pages with their dates; the FAQ and the stepper work', async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto('/');
    await page.getByRole('button', { name: 'Acceptă tot' }).click();
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'Termeni și condiții' }).click();
    await page.getByRole('heading', { name: 'Termeni și condiții', level: 1 }).waitFor();
    await page.getByText('Ultima actualizare: 5 septembrie 2025').waitFor();
    await page.getByText(/Registrul SIRUTA, Institutul Național de Statistică/).waitFor();
    await footer.getByRole('link', { name: 'Politică de Confidențialitate' }).click();
    await page.getByText('Ultima actualizare: 19 iulie 2025').waitFor();
    await page.getByText(/răspundem în cel mult 30 de zile/).waitFor();
    await page.getByText(/cel mult 72 de ore/).waitFor();
    await page.getByRole('cell', { name: 'cookie_consent' }).waitFor();

    // About: a 4-question accordion, closed at first; each question opens and closes its answer.
    await footer.getByRole('link', { name: 'Despre noi' }).click();
    const questions = page.locator('.faq-q');
    await expect.poll(() => questions.count()).toBe(4);
    const q = page.getByRole('button', { name: 'Funcționează aplicația și fără internet?' });
    const answer = page.getByText(/păstrează pe dispozitiv ultimele anunțuri/);
    expect(await q.getAttribute('aria-expanded')).toBe('false');
    expect(await answer.isVisible()).toBe(false);
    await q.click();
    await answer.waitFor();
    expect(await q.getAttribute('aria-expanded')).toBe('true');
    await q.press('Enter');
    await answer.waitFor({ state: 'hidden' });

    // How it works: four steps, walked with the buttons or picked directly; the claimed figures.
    await footer.getByRole('link', { name: 'Cum funcționează' }).click();
    await page.getByRole('heading', { name: 'Pasul 1 din 4: Creează-ți contul' }).waitFor();
    await page.getByRole('button', { name: 'Pasul următor' }).click();
    await page.getByRole('heading', { name: 'Pasul 2 din 4: Publică anunțul' }).waitFor();
    await page.getByRole('button', { name: 'Strânge recenzii', exact: true }).click();
    await page.getByRole('heading', { name: 'Pasul 4 din 4: Strânge recenzii' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pasul următor' }).isDisabled()).toBe(true);
    for (const figure of ['10K+', '2K+', '50+']) await page.getByText(figure, { exact: true }).waitFor();

    await footer.getByRole('link', { name: 'Contact' }).click();
    await page.getByText(/Răspundem în 24–48 de ore/).waitFor();
    await context.close();
  });

  it('static pages render without the local database (its chunk never arrives)', async () => {
    const { page, context } = await newPage(browser, server);
    // The request is held forever: the database never opens, and nothing fails loudly either.
    await page.route(/\/assets\/boot-[^/]+\.js$/, () => undefined);
    for (const [path, title] of [
      ['/cookie', 'Politica de cookie-uri'],
      ['/termeni', 'Termeni și condiții'],
      ['/confidentialitate', 'Politică de Confidențialitate'],
      ['/cum-functioneaza', 'Cum funcționează'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    }
    await context.close();
  });

  it('every signed-in page (the one _auth guard) sends a guest to the sign-in page', async () => {
    const { page, context } = await newPage(browser, server);
    for (const path of [
      '/add-announcement',
      '/adauga-anunt',
      '/anunturile-mele',
      '/chat',
      '/cont',
      '/contul-tau',
      '/edit-announcement',
      '/notificari',
      '/plati',
      '/profil',
      '/setari-cont',
    ]) {
      await page.goto(path);
      // The page asked for goes along, to come back to it once signed in (issue 25).
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
      expect(new URL(page.url()).searchParams.get('redirect'), path).toMatch(/^\//);
      await page.getByRole('heading', { name: 'Autentificare', level: 1 }).waitFor();
    }
    // Pages a guest may open stay open.
    await page.goto('/favorite-announcements');
    await page.getByRole('heading', { name: 'Anunțurile tale favorite', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/favorite-announcements');
    await context.close();
  });

  it('/cont on a phone: every entry, the dark-mode switch and sign-out; guests go to /login', async () => {
    const me = await apiAccount(server, 'cont.phone@hobbiz.test');
    const { page, context } = await newPage(browser, server, { width: 375, height: 800 });
    await page.goto('/cont');
    await page.waitForURL((url) => url.pathname === '/login');
    await openSignedIn(page, me);
    await page
      .getByRole('navigation', { name: 'Navigare principală' })
      .getByRole('link', { name: 'Cont' })
      .click();
    await page.waitForURL('**/cont');
    await page.getByRole('heading', { name: 'Contul meu' }).waitFor();
    for (const label of ['Setări', 'Anunțurile mele', 'Profil', 'Notificări', 'Plăți', 'Contul tău'])
      await page.locator('main').getByRole('link', { name: label, exact: true }).waitFor();

    const dark = page.getByRole('switch', { name: 'Mod Întunecat' });
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    const before = await isDark();
    await dark.click();
    expect(await isDark()).toBe(!before);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe(String(!before));
    await dark.click();

    await page.locator('main').getByRole('link', { name: 'Plăți', exact: true }).click();
    await page.getByRole('heading', { name: 'Plăți', level: 1 }).waitFor();
    await page.getByText(/Hobbiz nu procesează plăți/).waitFor();
    await page.goBack();
    await page.locator('main').getByRole('link', { name: 'Contul tău', exact: true }).click();
    await page.getByRole('heading', { name: 'Contul tău', level: 1 }).waitFor();
    await page.getByText('cont.phone@hobbiz.test').waitFor();
    await page.goBack();

    await page.locator('main').getByRole('button', { name: 'Deconectează-te' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByText('Ai fost deconectat din cont.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });
});
