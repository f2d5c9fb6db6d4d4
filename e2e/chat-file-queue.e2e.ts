import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationWithSeededSeller,
  newPage,
  openSignedIn,
  queryServerDb,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
  until,
  waitForServiceWorker,
} from './harness.ts';
import { composer } from './locators.ts';

/**
 * A file attached with the server unreachable waits on the device. It must go out when the server is
 * back even if the person has left the chat (the app reloaded on the home page): the queue is part of
 * the app's start, not of the chat page. Meanwhile the header counts it among what waits.
 */
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

describe('a chat file queued offline', () => {
  it('is sent when the server is back, with no chat page open, and is counted while it waits', async () => {
    const { buyer } = await conversationWithSeededSeller(server, 'fisier.coada@hobbiz.test', 'Bună ziua!');
    const { page } = await newPage(browser, server);
    await openSignedIn(page, buyer);
    await waitForServiceWorker(page);
    await page.goto('/chat');
    await page.locator('.chat-list-item').first().click();
    await composer(page).waitFor();

    await server.stop();
    await page.locator('.composer input[type=file]').setInputFiles({
      name: 'Ofertă.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await composer(page).fill('Fișierul promis');
    await page.getByRole('button', { name: 'Trimite', exact: true }).click();
    await page.locator('.msg--queued', { hasText: 'Fișierul promis' }).waitFor();

    // Away from the chat: a fresh start of the app on the home page, still without the server.
    await page.goto('/');
    await page.reload();
    await page
      .getByText(/1 modificare în așteptare/)
      .first()
      .waitFor({ timeout: 15_000 });

    await server.start();
    const sent = () =>
      queryServerDb<{ image: string; file_name: string }>(
        server,
        'SELECT image, file_name FROM messages WHERE text = ?',
        'Fișierul promis',
      );
    await until(() => sent().length > 0, 30_000);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toMatchObject({ file_name: 'Ofertă.pdf' });
    expect(page.url()).not.toContain('/chat');
  });
});
