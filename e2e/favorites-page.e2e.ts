import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVORITE_MESSAGES } from '../schema/rules/favorites.ts';
import { SEED_PASSWORD } from '../scripts/seed-data.ts';
import {
  apiAccount,
  localFavoriteIds,
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
let popular: { _id: string; title: string; user: { _id: string } }[];
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
  popular = await popularAnnouncements(server, 10);
});
afterAll(() => stopServerAndBrowser(server, browser));

const liveServerFavorites = (userId: string) =>
  queryServerDb<{ announcement_id: string }>(
    server,
    'SELECT announcement_id FROM favorites WHERE user_id = ? AND deleted = 0',
    userId,
  ).map((r) => r.announcement_id);

async function favorite(token: string, id: string) {
  const res = await fetch(`${server.url}/api/favorites/${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok).toBe(true);
}

describe('the favourites page', () => {
  it('lists the saved announcements with the counter; removing one shows the toast, then the empty state', async () => {
    const me = await apiAccount(server, 'fav.page@hobbiz.test');
    const [a, b] = popular;
    await favorite(me.token, a!._id);
    await favorite(me.token, b!._id);
    const { page, context } = await newPage(browser, server);
    await openSignedIn(page, me);
    await page.goto('/favorite-announcements');
    await page.getByRole('heading', { name: 'Anunțurile tale favorite' }).waitFor();
    await page.getByText('Anunțuri favorite (2/150)').waitFor();
    await page.locator('.fav-card', { hasText: a!.title }).locator('time').waitFor();
    expect(await page.locator('.fav-card time').first().textContent()).toMatch(/\d{2} \p{L}+ \d{4}/u);
    // Prices in lei (the spec's screen shows € for the same amounts: not copied).
    for (const p of await page.locator('.fav-card-price').allTextContents())
      expect(p).toMatch(/^(\d{1,3}(\.\d{3})* lei|Gratuit)$/);
    expect(await page.getByText('€').count()).toBe(0);

    await heart(page, a!.title, true).click();
    const toast = page.getByText(FAVORITE_MESSAGES.removed);
    await toast.waitFor();
    await page.getByText('Anunțuri favorite (1/150)').waitFor();
    const shownAt = Date.now();
    await toast.waitFor({ state: 'detached', timeout: 4000 });
    // Spec doc 2 §9: the toast stays 1.8 s.
    expect(Date.now() - shownAt).toBeGreaterThan(1200);
    await until(() => !liveServerFavorites(me.userId).includes(a!._id));

    await heart(page, b!.title, true).click();
    await page.getByText('Nu ai încă anunțuri favorite').waitFor();
    await page.getByText('Anunțuri favorite (0/150)').waitFor();
    await page.getByRole('link', { name: 'Descoperă anunțuri' }).waitFor();
    await context.close();
  });

  it('readable and writable with the server stopped; synced after restart; a refused add is rolled back', async () => {
    const me = await apiAccount(server, 'fav.page.offline@hobbiz.test');
    const [, , c, d, x] = popular;
    await favorite(me.token, c!._id);
    await favorite(me.token, d!._id);
    const { page, context } = await newPage(browser, server);
    // The page's sync socket can be held back, so the owner's deletion surely lands before its push.
    let holdSync = false;
    await page.routeWebSocket(/\/api\/sync/, (ws) => {
      if (holdSync) void ws.close({ code: 4000, reason: 'held by the test' });
      else ws.connectToServer();
    });
    await openSignedIn(page, me);
    await page.getByText('Sincronizat').waitFor();
    // 'Sincronizat' means the socket is up; the first pull of the favourites may still be on its way.
    await until(async () => (await localFavoriteIds(page)).length === 2);
    await waitForServiceWorker(page);

    await server.stop();
    // Offline: add one on the home page, go to the favourites (a reload, served by the service worker).
    await heart(page, x!.title, false).first().click();
    // Let the local write finish before leaving the page (a reload can abort an open IndexedDB write).
    await heart(page, x!.title, true).first().waitFor();
    await page.waitForTimeout(300);
    await page.goto('/favorite-announcements');
    await page.getByText('Anunțuri favorite (3/150)').waitFor();
    await heart(page, c!.title, true).click();
    await page.getByText('Anunțuri favorite (2/150)').waitFor();

    // Meanwhile x's owner deletes it: when the device is back, the server refuses that favourite.
    holdSync = true;
    await server.start();
    const owner = queryServerDb<{ email: string }>(
      server,
      'SELECT u.email FROM users u JOIN announcements a ON a.owner_id = u.id WHERE a.id = ?',
      x!._id,
    )[0]!;
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: SEED_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const del = await fetch(`${server.url}/api/users/my-announcements/${x!._id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(del.ok).toBe(true);
    holdSync = false;
    // The browser tells the app the network is back (as it does when a phone regains coverage).
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    // The removal reaches the server; the refused add comes back off the list with a Romanian reason.
    await page.getByText(FAVORITE_MESSAGES.notFound).waitFor({ timeout: 30_000 });
    await page.getByText('Anunțuri favorite (1/150)').waitFor();
    await until(() => {
      const live = liveServerFavorites(me.userId);
      return live.length === 1 && live[0] === d!._id;
    });
    await context.close();
  });
});
