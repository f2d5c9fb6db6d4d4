import type { Browser, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationWithSeededSeller,
  newPage,
  openSignedIn,
  queryServerDb,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
  waitForServiceWorker,
} from './harness.ts';
import { composer, message } from './locators.ts';

/**
 * Issue 12 item 3: B reads message 1 on a device that is offline, A sends message 2 meanwhile, B's device
 * reconnects. The read covers only what B's device had shown: message 1 turns 'Citit' for A, message 2
 * stays 'Trimis', and B is still told about message 2 (badge and notification).
 */
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

describe('a read made offline', () => {
  it('marks read only the messages the reader’s device had shown', async () => {
    const first = 'Bună ziua, mai este disponibil?';
    const second = 'Aș putea veni mâine la ora 10.';
    const chat = await conversationWithSeededSeller(server, 'citit.offline@hobbiz.test', first);
    const { seller: userB, buyer: userA } = chat;

    // B (the seller): the sync socket goes through a switch, so B can be cut off while A stays live.
    const b = await newPage(browser, server);
    let online = true;
    const open = new Set<WebSocketRoute>();
    await b.page.routeWebSocket(/\/api\/sync$/, (ws) => {
      if (!online) return void ws.close();
      ws.connectToServer();
      open.add(ws);
    });
    await openSignedIn(b.page, userB);
    await b.page.getByText('Sincronizat').waitFor();
    await b.page.getByRole('link', { name: 'Mesaje (1)' }).first().waitFor({ timeout: 15_000 });
    await waitForServiceWorker(b.page);
    // The chat page and its conversation are on B's device before the cut.
    await b.page.goto('/chat');
    await b.page.locator('.chat-list-item').first().waitFor();
    await b.page.goto('/');
    await b.page.getByRole('link', { name: 'Mesaje (1)' }).first().waitFor();

    // A (the buyer) looks at the conversation: the first message is sent, not read.
    const a = await newPage(browser, server);
    await openSignedIn(a.page, userA);
    await a.page.goto('/chat');
    await a.page.locator('.chat-list-item').first().click();
    await message(a.page, first, { exact: true }).getByRole('img', { name: 'Trimis' }).waitFor();

    // --- B goes offline and reads the first message there, then leaves the conversation.
    await b.context.setOffline(true);
    online = false;
    for (const ws of [...open]) await ws.close();
    open.clear();
    await b.page
      .getByText(/^Offline/)
      .first()
      .waitFor();
    await b.page.goto('/chat');
    await b.page.locator('.chat-list-item').first().click();
    await message(b.page, first, { exact: true }).waitFor();
    await b.page.getByRole('link', { name: 'Mesaje', exact: true }).first().waitFor();
    await b.page.waitForTimeout(300);
    await b.page.goto('/');

    // --- Meanwhile A sends the second message.
    await composer(a.page).fill(second);
    await a.page.getByRole('button', { name: 'Trimite', exact: true }).click();
    await message(a.page, second, { exact: true }).getByRole('img', { name: 'Trimis' }).waitFor();

    // --- B's device reconnects: its read reaches the server.
    online = true;
    await b.context.setOffline(false);
    await b.page.getByText('Sincronizat').waitFor({ timeout: 30_000 });
    await message(a.page, first, { exact: true })
      .getByRole('img', { name: 'Citit' })
      .waitFor({ timeout: 15_000 });
    // B is still told about the second message: the chat badge and its notification stay.
    await b.page.getByRole('link', { name: 'Mesaje (1)' }).first().waitFor({ timeout: 15_000 });
    await b.page.getByRole('link', { name: 'Notificări (1)' }).first().waitFor();
    // Give a wrong "read" the time to show, then check A's screen and the server.
    await a.page.waitForTimeout(1500);
    expect(await message(a.page, second, { exact: true }).getByRole('img', { name: 'Trimis' }).count()).toBe(
      1,
    );
    const rows = queryServerDb<{ text: string; is_read: number }>(
      server,
      'SELECT text, is_read FROM messages WHERE sender_id = ? ORDER BY created_at',
      userA.userId,
    );
    expect(rows).toEqual([
      { text: first, is_read: 1 },
      { text: second, is_read: 0 },
    ]);
    await b.page.getByRole('link', { name: 'Mesaje (1)' }).first().waitFor();

    // B opens the conversation now and sees the second message: only then is it read.
    await b.page.goto('/chat');
    await b.page.locator('.chat-list-item').first().click();
    await message(b.page, second, { exact: true }).waitFor();
    await message(a.page, second, { exact: true })
      .getByRole('img', { name: 'Citit' })
      .waitFor({ timeout: 15_000 });
    await a.context.close();
    await b.context.close();
  });
});
