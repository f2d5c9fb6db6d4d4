import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PASSWORD } from '../scripts/seed-data.ts';
import {
  apiAccount,
  giveStanding,
  newPage,
  openSignedIn,
  queryServerDb,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
  until,
  waitForServiceWorker,
} from './harness.ts';

/** Issue 12 item 13: one card per conversation, 'Șterge toate', a deleted review's notification goes. */
let server: TestServer;
let browser: Browser;
let seller: { token: string; userId: string };
let annId: string;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
  const [row] = queryServerDb<{ id: string; email: string }>(
    server,
    `SELECT a.id, u.email FROM announcements a JOIN users u ON u.id = a.owner_id
     WHERE a.active = 1 AND a.deleted = 0 ORDER BY a.id LIMIT 1`,
  );
  annId = row!.id;
  const login = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: row!.email, password: SEED_PASSWORD }),
  });
  seller = (await login.json()) as { token: string; userId: string };
});
afterAll(() => stopServerAndBrowser(server, browser));

const api = (token: string, method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
const liveNotifications = () =>
  queryServerDb<{ id: string }>(
    server,
    'SELECT id FROM notifications WHERE user_id = ? AND deleted = 0',
    seller.userId,
  ).length;

describe('notifications, grouped', () => {
  it("5 messages from one buyer make one card; 'Șterge toate' (offline) empties the list on every device", async () => {
    const maria = await apiAccount(server, 'maria.grup@hobbiz.test');
    const other = await apiAccount(server, 'ion.grup@hobbiz.test');
    for (let i = 1; i <= 5; i++) {
      const res = await api(maria.token, 'POST', '/api/messages', {
        announcementId: annId,
        text: `Întrebarea ${i}`,
      });
      expect(res.status).toBe(201);
    }
    expect(
      (await api(other.token, 'POST', '/api/messages', { announcementId: annId, text: 'Salut!' })).status,
    ).toBe(201);

    const one = await newPage(browser, server, { width: 375, height: 800 });
    const two = await newPage(browser, server);
    await openSignedIn(one.page, seller);
    await openSignedIn(two.page, seller);
    for (const p of [one.page, two.page]) await p.goto('/notificari');
    const cards = one.page.locator('.notif');
    await until(async () => (await cards.count()) === 2);
    // The apiAccount helper names everyone 'Test Exemplu'.
    const grouped = cards.filter({ hasText: 'Test ți-a trimis 5 mesaje' });
    await grouped.waitFor();
    await grouped.getByText('Întrebarea 5').waitFor();
    expect(await grouped.getByRole('img', { name: 'Necitită' }).count()).toBe(1);
    // A single message keeps the spec's card: sender and the message itself.
    await cards.filter({ hasText: 'Salut!' }).getByText('Test Exemplu').waitFor();
    expect(
      await cards
        .filter({ hasText: 'Salut!' })
        .getByText(/ți-a trimis/)
        .count(),
    ).toBe(0);
    await until(async () => (await two.page.locator('.notif').count()) === 2);
    // The bell counts the cards the page shows (2), not the six messages behind them (issue 25).
    await two.page.getByRole('link', { name: 'Notificări (2)' }).waitFor();

    // 'Șterge toate' asks first; 'Anulează' keeps everything.
    await one.page.getByRole('button', { name: 'Șterge toate' }).click();
    const ask = one.page.getByRole('dialog', { name: 'Ștergi toate notificările?' });
    await ask.getByText('6 notificări vor dispărea de pe toate dispozitivele tale.').waitFor();
    await ask.getByRole('button', { name: 'Anulează' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await cards.count()).toBe(2);

    // Confirmed with the server down: empty at once, on the server once it is back, and on device two.
    await one.page.getByText('Sincronizat').waitFor();
    await waitForServiceWorker(one.page);
    await server.stop();
    await one.page.getByRole('button', { name: 'Șterge toate' }).click();
    await ask.getByRole('button', { name: 'Șterge toate' }).click();
    await one.page.getByText('Nu ai notificări noi.').waitFor();
    await server.start();
    await until(() => liveNotifications() === 0, 30_000);
    await two.page.getByText('Nu ai notificări noi.').waitFor({ timeout: 30_000 });
    await one.page.reload();
    await one.page.getByRole('heading', { name: 'Notificări' }).waitFor();
    await one.page.getByText('Nu ai notificări noi.').waitFor();
    expect(await cards.count()).toBe(0);
    await one.context.close();
    await two.context.close();
  });

  it('a review deleted by its author takes its notification off the seller’s screen', async () => {
    const reviewer = await apiAccount(server, 'recenzent@hobbiz.test');
    // Of standing (issue 40): a review by a seconds-old account waits and tells the seller nothing.
    giveStanding(server, reviewer.userId);
    const { page, context } = await newPage(browser, server);
    await openSignedIn(page, seller);
    await page.goto('/notificari');
    await page.getByText('Nu ai notificări noi.').waitFor();
    const res = await api(reviewer.token, 'POST', '/api/reviews', {
      user: seller.userId,
      score: 5,
      comment: 'Super',
    });
    expect(res.status).toBe(201);
    const card = page.locator('.notif', { hasText: 'ți-a lăsat o recenzie.' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Vezi recenzia' }).waitFor();
    const { _id } = (await res.json()) as { _id: string };
    expect((await api(reviewer.token, 'DELETE', `/api/reviews/${_id}`)).status).toBe(200);
    await card.waitFor({ state: 'detached' });
    await page.getByText('Nu ai notificări noi.').waitFor();
    await context.close();
  });
});
