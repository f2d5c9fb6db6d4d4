import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PASSWORD } from '../scripts/seed-data.ts';
import {
  apiAccount,
  newPage,
  openSignedIn,
  queryServerDb,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
  until,
  waitForServiceWorker,
} from './harness.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

const liveNotifications = (userId: string) =>
  queryServerDb<{ id: string; message: string }>(
    server,
    'SELECT id, message FROM notifications WHERE user_id = ? AND deleted = 0',
    userId,
  );

describe('notifications', () => {
  it('sender, initials, preview, date, unread marker and badge; delete (also offline); Deschide chat', async () => {
    // A seller with two announcements, and a buyer (no avatar: initials 'TE') writing about each.
    const [owner] = queryServerDb<{ id: string; email: string }>(
      server,
      `SELECT u.id, u.email FROM users u JOIN announcements a ON a.owner_id = u.id
       WHERE a.active = 1 AND a.deleted = 0 GROUP BY u.id HAVING COUNT(*) >= 2 LIMIT 1`,
    );
    const anns = queryServerDb<{ id: string; title: string }>(
      server,
      'SELECT id, title FROM announcements WHERE owner_id = ? AND active = 1 AND deleted = 0 LIMIT 2',
      owner!.id,
    );
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner!.email, password: SEED_PASSWORD }),
    });
    const seller = (await login.json()) as { token: string; userId: string };
    const buyer = await apiAccount(server, 'notif.buyer@hobbiz.test');
    const send = (announcementId: string, text: string) =>
      fetch(`${server.url}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
        body: JSON.stringify({ announcementId, text }),
      });

    const { page, context } = await newPage(browser, server);
    await openSignedIn(page, seller);
    await page.goto('/notificari');
    await page.getByText('Nu ai notificări noi.').waitFor();
    expect((await send(anns[0]!.id, 'Prima întrebare despre anunț')).status).toBe(201);
    expect((await send(anns[1]!.id, 'A doua întrebare')).status).toBe(201);

    // Both arrive live, newest first, with the badge in the header.
    const items = page.locator('.notif');
    await page.getByRole('link', { name: 'Notificări (2)' }).first().waitFor();
    await until(async () => (await items.count()) === 2);
    const first = items.nth(0);
    await first.getByText('A doua întrebare').waitFor();
    await first.getByText('Test Exemplu').waitFor();
    await first.getByText('TE', { exact: true }).waitFor();
    await first.getByRole('img', { name: 'Necitită' }).waitFor();
    expect(await first.locator('time').textContent()).toMatch(/\d{2} \p{L}+ \d{4}, \d{2}:\d{2}/u);

    // Delete with the server stopped: gone at once, gone on the server after the restart.
    await page.getByText('Sincronizat').waitFor();
    await waitForServiceWorker(page);
    await server.stop();
    await first.getByRole('button', { name: 'Șterge notificarea de la Test Exemplu' }).click();
    await until(async () => (await items.count()) === 1);
    await page.getByRole('link', { name: 'Notificări (1)' }).first().waitFor();
    await server.start();
    await until(() => liveNotifications(seller.userId).length === 1, 30_000);
    expect(liveNotifications(seller.userId)[0]!.message).toBe('Prima întrebare despre anunț');

    // 'Deschide chat' opens that conversation, which removes its notification.
    await items.first().getByRole('button', { name: 'Deschide chat' }).click();
    await page.waitForURL('**/chat');
    await page.locator('.chat-pane-ann', { hasText: anns[0]!.title }).waitFor();
    await page.locator('.msg-text', { hasText: 'Prima întrebare despre anunț' }).waitFor();
    await page.getByRole('link', { name: 'Notificări', exact: true }).first().waitFor();
    await until(() => liveNotifications(seller.userId).length === 0);
    await page.goto('/notificari');
    await page.getByText('Nu ai notificări noi.').waitFor();
    await context.close();
  });
});
