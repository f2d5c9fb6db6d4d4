import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAccount,
  newPage,
  openSignedIn,
  popularAnnouncements,
  queryServerDb,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
  until,
  waitForServiceWorker,
} from './harness.ts';
import { heart } from './locators.ts';

let server: TestServer;
let browser: Browser;
let popular: { _id: string; title: string; favoritesCount: number }[];
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
  popular = await popularAnnouncements(server, 10);
});
afterAll(() => stopServerAndBrowser(server, browser));

type FavRow = { announcement_id: string; deleted: number };
const serverFavorites = (userId: string) =>
  queryServerDb<FavRow>(server, 'SELECT announcement_id, deleted FROM favorites WHERE user_id = ?', userId);
const countOf = (id: string) =>
  queryServerDb<{ n: number }>(server, 'SELECT favorites_count AS n FROM announcements WHERE id = ?', id)[0]!
    .n;

describe('favourites, offline first', () => {
  it('hearts toggled with the server down survive a reload and reach the server exactly once', async () => {
    const me = await apiAccount(server, 'fav.offline@hobbiz.test');
    const { page, context } = await newPage(browser, server);
    await openSignedIn(page, me);
    const [a, b, c] = popular;

    // Online: the heart flips at once and the server gets it.
    await heart(page, a!.title, false).first().click();
    await heart(page, a!.title, true).first().waitFor();
    await until(() => serverFavorites(me.userId).some((r) => r.announcement_id === a!._id && !r.deleted));
    await page.getByText('Sincronizat').waitFor();
    await waitForServiceWorker(page);

    // Server gone: two more hearts and one removal, all shown at once, counted as waiting.
    await server.stop();
    await page.getByText('Offline').first().waitFor();
    await heart(page, b!.title, false).first().click();
    await heart(page, c!.title, false).first().click();
    await heart(page, a!.title, true).first().click();
    await page.getByText('Offline · 3 modificări în așteptare').waitFor();

    // Reload with no server: the app starts from the service worker and remembers everything.
    await page.reload();
    await heart(page, b!.title, true).first().waitFor();
    await heart(page, c!.title, true).first().waitFor();
    await heart(page, a!.title, false).first().waitFor();
    await page.getByText('Offline · 3 modificări în așteptare').waitFor();

    // Back online: the queue drains by itself.
    await server.start();
    await page.getByText('Sincronizat').waitFor({ timeout: 30_000 });
    const rows = serverFavorites(me.userId);
    expect(
      rows
        .filter((r) => !r.deleted)
        .map((r) => r.announcement_id)
        .sort(),
    ).toEqual([b!._id, c!._id].sort());
    expect(rows.find((r) => r.announcement_id === a!._id)?.deleted).toBe(1);
    expect(rows).toHaveLength(3);
    // Counters are the server's: one more for b and c, a back where it was.
    expect(countOf(b!._id)).toBe(b!.favoritesCount + 1);
    expect(countOf(c!._id)).toBe(c!.favoritesCount + 1);
    expect(countOf(a!._id)).toBe(a!.favoritesCount);
    await context.close();
  });

  it('a guest’s favourites are offered to the account after login and added with “Adaugă în cont”', async () => {
    await apiAccount(server, 'fav.guest@hobbiz.test');
    const { page, context } = await newPage(browser, server);
    await page.goto('/');
    const [, , , d, e] = popular;
    await heart(page, d!.title, false).first().click();
    await heart(page, e!.title, false).first().click();
    await heart(page, e!.title, true).first().waitFor();

    await page.goto('/login');
    await page.getByLabel('Email').fill('fav.guest@hobbiz.test');
    await page.getByLabel('Parolă', { exact: true }).fill('o-parola-lunga');
    await page.getByRole('button', { name: 'Autentifică-te' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sincronizează favoritele salvate înainte de login' });
    await dialog.waitFor();
    await dialog.getByText('Ai salvat 2 anunțuri favorite').waitFor();
    await dialog.getByRole('button', { name: 'Adaugă în cont' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const userId = await page.evaluate(() => localStorage.getItem('userId'));
    await until(() => serverFavorites(userId!).filter((r) => !r.deleted).length === 2);
    expect(
      serverFavorites(userId!)
        .map((r) => r.announcement_id)
        .sort(),
    ).toEqual([d!._id, e!._id].sort());
    await context.close();
  });
});
