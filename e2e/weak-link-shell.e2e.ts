import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAccount,
  cachedUrls,
  localAnnouncementCount,
  newPage,
  openSignedIn,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
  until,
  waitForServiceWorker,
} from './harness.ts';
import { fillPhotoForm, phonePhoto } from './phone-photo.ts';

/**
 * Issue 45, 'Shell and settings' and item 12, in the browser: the cookie banner leaves the sign-in and
 * sign-up buttons visible and tappable at first paint on a phone; the offline line stays put while the
 * socket keeps trying; the publish form's preload, cut by the link, is fetched again when it returns, so
 * the seller still reaches 'Anunțurile mele' offline; photos waiting for the link say they will go up.
 */
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/**
 * Whether the button is on screen and on top at five points (its centre and near each corner), as a
 * finger would find it before any scrolling: nothing (banner, bottom bar) lies over it.
 */
function tappableWithoutScrolling(page: Page, name: string) {
  return page.evaluate((label) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label);
    if (!button) return `no button ${label}`;
    const r = button.getBoundingClientRect();
    // Inside its rounded corners.
    const dx = r.width / 2 - 16;
    const dy = r.height / 2 - 8;
    const [cx, cy] = [r.left + r.width / 2, r.top + r.height / 2];
    const points: [number, number][] = [
      [cx, cy],
      [cx - dx, cy - dy],
      [cx + dx, cy - dy],
      [cx - dx, cy + dy],
      [cx + dx, cy + dy],
    ];
    for (const [x, y] of points) {
      if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return `(${x}, ${y}) is off screen`;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !button.contains(hit)) return `(${x}, ${y}) is under ${hit?.className || hit?.tagName}`;
    }
    return scrollY === 0 ? 'ok' : `scrolled by ${scrollY}`;
  }, name);
}

describe('the cookie banner and the form’s button (issue 45, item 9)', () => {
  for (const [size, viewport] of [
    ['375×812', PHONE],
    ['1280×900', DESKTOP],
  ] as const) {
    it(`at ${size}, 'Autentifică-te' and 'Creează cont' are seen and tapped at first paint`, async () => {
      const { page, context } = await newPage(browser, server, viewport);
      for (const [path, button] of [
        ['/login', 'Autentifică-te'],
        ['/signup', 'Creează cont'],
      ] as const) {
        await page.goto(path);
        const banner = page.getByRole('region', { name: 'Cookie-uri' });
        await banner.waitFor({ state: 'attached' });
        await page.getByRole('button', { name: button, exact: true }).waitFor();
        expect(await tappableWithoutScrolling(page, button), `${path} at ${size}`).toBe('ok');
        // The banner is still there to answer, on the page (a phone) or in its corner (a computer).
        await banner.getByRole('button', { name: 'Refuză tot' }).waitFor();
      }
      // Answered once, it goes on every page.
      await page
        .getByRole('region', { name: 'Cookie-uri' })
        .getByRole('button', { name: 'Acceptă tot' })
        .click();
      await page.getByRole('region', { name: 'Cookie-uri' }).waitFor({ state: 'detached' });
      await context.close();
    });
  }

  it('on the other pages of a phone it still floats above the bottom bar', async () => {
    const { page, context } = await newPage(browser, server, PHONE);
    await page.goto('/despre');
    const banner = page.getByRole('region', { name: 'Cookie-uri' });
    await banner.waitFor();
    expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await context.close();
  });
});

describe('the offline line on a phone (issue 45, item 11a)', () => {
  it('stays put while the socket keeps trying, and the page under it does not move', async () => {
    const { page, context } = await newPage(browser, server, PHONE);
    await page.goto('/');
    await page.locator('.card').first().waitFor();
    // The app has started (its worker, its local database) before the server goes.
    await waitForServiceWorker(page);
    await until(async () => (await localAnnouncementCount(page)) > 0);
    // Every change of where the page's content starts, and every time the line leaves, as it happens.
    await page.evaluate(() => {
      const w = window as unknown as { shifts: number[]; gone: number };
      w.shifts = [];
      w.gone = 0;
      let top = document.querySelector('main')!.getBoundingClientRect().top;
      let shown = !!document.querySelector('.sync-strip');
      new MutationObserver(() => {
        const now = document.querySelector('main')!.getBoundingClientRect().top;
        if (now !== top) w.shifts.push(now - top);
        top = now;
        const strip = !!document.querySelector('.sync-strip');
        if (shown && !strip) w.gone++;
        shown = strip;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await server.stop();
    try {
      await page.locator('.sync-strip').getByText('Offline · afișăm datele salvate').waitFor();
      // The socket tries again after 1, 2, 4, 8 s (with jitter): 20 s hold several attempts.
      await page.waitForTimeout(20_000);
      const seen = await page.evaluate(() => {
        const w = window as unknown as { shifts: number[]; gone: number };
        return { shifts: w.shifts, gone: w.gone };
      });
      expect(seen.gone, 'times the offline line went away while the server was down').toBe(0);
      // One shift: the line arriving when the link went down; none after it.
      expect(seen.shifts.length).toBeLessThanOrEqual(1);
    } finally {
      await server.start();
    }
    await context.close();
  });
});

describe('offline publishing after a preload cut by the link (issue 45, items 12 and 11)', () => {
  it('the code for ‘Anunțurile mele’ is fetched again when the link returns; photos wait without ‘Neîncărcată’', async () => {
    const { page, context } = await newPage(browser, server, PHONE);
    // The link drops while the form's preload of 'Anunțurile mele' is on its way (and the background
    // keeper's fetch of it too).
    let linkDown = true;
    let cut = 0;
    await context.route(/\/assets\/anunturile-mele\.lazy-[^/]*\.js/, (route) => {
      if (!linkDown) return route.continue();
      cut++;
      return route.abort('internetdisconnected');
    });
    const me = await apiAccount(server, 'preload.cut@hobbiz.test');
    await openSignedIn(page, me);
    await waitForServiceWorker(page);
    await page.goto('/add-announcement');
    await page.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
    await until(() => cut > 0);
    expect(await cachedUrls(page, 'hobbiz-assets')).not.toContainEqual(
      expect.stringMatching(/^\/assets\/anunturile-mele\.lazy-/),
    );
    // The link is back while the seller types: no reload, the form stays.
    linkDown = false;
    await until(
      async () =>
        (await cachedUrls(page, 'hobbiz-assets')).some((u) => u.startsWith('/assets/anunturile-mele.lazy-')),
      30_000,
    );

    await context.setOffline(true);
    await page.getByTestId('images-input').setInputFiles([await phonePhoto(41, 1600, 1200)]);
    await page.getByRole('img', { name: 'Imaginea 1' }).waitFor();
    await page.getByText('Se va încărca când revine internetul').waitFor();
    await page
      .getByText(/Fără conexiune: o fotografie se va încărca automat când revine internetul/)
      .waitFor();
    expect(await page.getByText(/Neîncărcată|nu au putut fi încărcate/).count()).toBe(0);

    const title = 'Lecții de chitară publicate fără semnal';
    await fillPhotoForm(page, title);
    await page.getByRole('button', { name: 'Publică un anunț' }).click();
    await page.getByText(/Anunțul a fost salvat pe dispozitiv/).waitFor();
    await page.waitForURL('**/anunturile-mele', { timeout: 10_000 });
    await page.getByRole('listitem', { name: title }).getByText('În așteptare').waitFor();
    expect(await page.getByText('Pagina nu este salvată pe acest telefon').count()).toBe(0);
    await context.setOffline(false);
    await context.close();
  });
});
