import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES } from '../schema/rules/messages.ts';
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
import { composer, message } from './locators.ts';

let server: TestServer;
let browser: Browser;
let seller: { token: string; userId: string; firstName: string };
let buyer: { token: string; userId: string };
let ann: { id: string; title: string };
let sellerPage: Page;
let buyerPage: Page;

beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
  const [row] = queryServerDb<{ id: string; title: string; email: string; first_name: string }>(
    server,
    `SELECT a.id, a.title, u.email, u.first_name FROM announcements a JOIN users u ON u.id = a.owner_id
     WHERE a.active = 1 AND a.deleted = 0 LIMIT 1`,
  );
  ann = { id: row!.id, title: row!.title };
  const login = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: row!.email, password: SEED_PASSWORD }),
  });
  seller = { ...((await login.json()) as { token: string; userId: string }), firstName: row!.first_name };
  buyer = await apiAccount(server, 'cumparator.chat@hobbiz.test');
  const s = await newPage(browser, server);
  const b = await newPage(browser, server);
  for (const c of [s.context, b.context]) await c.grantPermissions(['clipboard-read', 'clipboard-write']);
  sellerPage = s.page;
  buyerPage = b.page;
  await openSignedIn(sellerPage, seller);
  await openSignedIn(buyerPage, buyer);
});
afterAll(() => stopServerAndBrowser(server, browser));

const serverMessages = (text: string) =>
  queryServerDb<{ id: string; deleted: number; sender_id: string }>(
    server,
    'SELECT id, deleted, sender_id FROM messages WHERE text = ?',
    text,
  );

async function openConversation(page: Page) {
  await page.goto('/chat');
  await page.locator('.chat-list-item').first().click();
  await composer(page).waitFor();
}

describe('chat between a buyer and a seller, live', () => {
  it('the buyer writes from the popup, the seller answers from /chat; typing, read ticks, replies, reactions, copy, delete', async () => {
    await sellerPage.goto('/chat');
    await sellerPage.getByText('Selectează o conversație pentru a o citi').waitFor();

    // The buyer starts from the announcement: the detail page's 'Trimite mesaj' opens the popup.
    await buyerPage.goto(`/announcement/${ann.id}`);
    const button = buyerPage.getByRole('button', { name: 'Trimite mesaj' });
    const first = 'Bună ziua! Mai este disponibil?';
    await button.click();
    const popup = buyerPage.getByRole('dialog', { name: `Conversație cu ${seller.firstName}` });
    await popup.getByText('Nicio conversație încă. Scrie primul mesaj!').waitFor();
    await popup.getByText(ann.title).waitFor();
    const send = popup.getByRole('button', { name: 'Trimite', exact: true });
    expect(await send.isDisabled()).toBe(true);
    await composer(buyerPage).fill(first);
    await send.click();
    // Written locally first: it shows at once, then the server confirms it.
    await message(buyerPage, first).waitFor();

    // The seller sees the conversation arrive and opens it.
    await sellerPage.locator('.chat-list-item', { hasText: first }).click();
    await message(sellerPage, first).waitFor();
    // Opening it marked it read: the buyer's tick turns into 'Citit'.
    await message(buyerPage, first).getByRole('img', { name: 'Citit' }).waitFor({ timeout: 10_000 });

    // Typing shows on the other side and stops on blur.
    await composer(sellerPage).pressSequentially('Da');
    await buyerPage.getByText(/scrie…/).waitFor();
    await sellerPage.getByRole('heading', { name: /Test Exemplu|Utilizator/ }).click();
    await buyerPage.getByText(/scrie…/).waitFor({ state: 'detached', timeout: 5000 });

    // The seller replies to the buyer's message, quoting it.
    await message(sellerPage, first).hover();
    await message(sellerPage, first).getByRole('button', { name: 'Răspunde' }).click();
    await sellerPage.getByText(/Răspuns la mesajul de la/).waitFor();
    await composer(sellerPage).fill('Da, este disponibil. Când doriți?');
    await sellerPage.getByRole('button', { name: 'Trimite', exact: true }).click();
    const answer = message(buyerPage, 'Da, este disponibil. Când doriți?');
    await answer.waitFor();
    await answer.locator('.msg-quote', { hasText: first }).waitFor();
    // The buyer has it on screen: the seller's tick becomes 'Citit'.
    await message(sellerPage, 'Da, este disponibil')
      .getByRole('img', { name: 'Citit' })
      .waitFor({ timeout: 10_000 });

    // Reactions: grouped with a count, the same emoji again takes it back.
    await answer.hover();
    await answer.getByRole('button', { name: 'Reacționează' }).click();
    await answer.getByRole('button', { name: '👍', exact: true }).click();
    await answer.getByRole('button', { name: '👍 1' }).waitFor();
    await message(sellerPage, 'Da, este disponibil').getByRole('button', { name: '👍 1' }).waitFor();
    await answer.getByRole('button', { name: '👍 1' }).click();
    await message(sellerPage, 'Da, este disponibil')
      .getByRole('button', { name: '👍 1' })
      .waitFor({ state: 'detached' });

    // Copy shows 'Copiat!'.
    await message(sellerPage, first).hover();
    await message(sellerPage, first).getByRole('button', { name: 'Copiază' }).click();
    await message(sellerPage, first).getByText('Copiat!').waitFor();
    expect(await sellerPage.evaluate(() => navigator.clipboard.readText())).toBe(first);

    // Only one's own messages can be deleted; the deletion reaches the other side.
    const oops = 'Mesaj trimis din greșeală';
    await composer(buyerPage).fill(oops);
    await buyerPage.getByRole('button', { name: 'Trimite', exact: true }).click();
    await message(sellerPage, oops).waitFor();
    await message(sellerPage, oops).hover();
    expect(await message(sellerPage, oops).getByRole('button', { name: 'Șterge' }).count()).toBe(0);
    await message(buyerPage, oops).hover();
    await message(buyerPage, oops).getByRole('button', { name: 'Șterge' }).click();
    // It asks first; 'Anulează' keeps the message.
    const ask = buyerPage.getByRole('dialog', { name: 'Ștergi mesajul?' });
    await ask.getByRole('button', { name: 'Anulează' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(serverMessages(oops)[0]?.deleted).toBe(0);
    await message(buyerPage, oops).waitFor();
    await message(buyerPage, oops).hover();
    await message(buyerPage, oops).getByRole('button', { name: 'Șterge' }).click();
    await ask.getByRole('button', { name: 'Șterge' }).click();
    await message(sellerPage, oops).waitFor({ state: 'detached' });
    await until(() => serverMessages(oops)[0]?.deleted === 1);
  });

  it('attachments: the spec’s two errors, then an image with its preview reaches the seller', async () => {
    const input = buyerPage.locator('.composer input[type=file]');
    await input.setInputFiles({
      name: 'mare.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    await buyerPage.getByText(ATTACHMENT_MESSAGES.tooLarge).waitFor();
    await input.setInputFiles({
      name: 'program.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ'),
    });
    await buyerPage.getByText(ATTACHMENT_MESSAGES.unsupported).waitFor();

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    await input.setInputFiles({ name: 'poza.png', mimeType: 'image/png', buffer: png });
    await buyerPage.getByRole('img', { name: 'Previzualizare imagine' }).waitFor();
    await composer(buyerPage).fill('Uitați o poză');
    await buyerPage.getByRole('button', { name: 'Trimite', exact: true }).click();
    const picture = message(sellerPage, 'Uitați o poză').getByRole('img', { name: 'Imagine trimisă' });
    await picture.waitFor();
    expect(await buyerPage.getByRole('img', { name: 'Previzualizare imagine' }).count()).toBe(0);
    // The seller's page really shows it: fetched with the seller's token (chat files are private).
    await expect
      .poll(() =>
        picture.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
      )
      .toBe(40);
    // Whoever else has the address gets nothing.
    const [row] = queryServerDb<{ image: string }>(
      server,
      "SELECT image FROM messages WHERE text = 'Uitați o poză'",
    );
    expect(row!.image).toMatch(/^\/uploads\/chat\//);
    expect((await fetch(`${server.url}${row!.image}`)).status).toBe(404);
  });

  it('a notification opens the right conversation; clicking an unread one removes it', async () => {
    await sellerPage.goto('/');
    await composer(buyerPage).fill('Vă pot suna mâine?');
    await buyerPage.getByRole('button', { name: 'Trimite', exact: true }).click();
    await sellerPage.getByRole('link', { name: 'Notificări (1)' }).first().click();
    await sellerPage.waitForURL('**/notificari');
    const item = sellerPage.locator('.notif', { hasText: 'Vă pot suna mâine?' });
    await item.getByRole('img', { name: 'Necitită' }).waitFor();
    await item.getByRole('button', { name: 'Deschide chat' }).click();
    await sellerPage.waitForURL('**/chat');
    await message(sellerPage, 'Vă pot suna mâine?').waitFor();
    await message(sellerPage, 'Da, este disponibil').waitFor();
    // Opening the chat removed its notification.
    await sellerPage.getByRole('link', { name: 'Notificări', exact: true }).first().waitFor();

    await sellerPage.goto('/notificari');
    await sellerPage.getByText('Nu ai notificări noi.').waitFor();
    await composer(buyerPage).fill('Încă o întrebare');
    await buyerPage.getByRole('button', { name: 'Trimite', exact: true }).click();
    const live = sellerPage.locator('.notif', { hasText: 'Încă o întrebare' });
    await live.getByRole('button', { name: /Încă o întrebare/ }).click();
    await sellerPage.getByText('Nu ai notificări noi.').waitFor();
    await until(
      () =>
        queryServerDb<{ n: number }>(
          server,
          'SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND deleted = 0',
          seller.userId,
        )[0]!.n === 0,
    );
  });

  it('with the server stopped, messages and files show at once as pending and reach the server exactly once', async () => {
    await openConversation(sellerPage);
    await waitForServiceWorker(buyerPage);
    await openConversation(buyerPage);
    await server.stop();
    const texts = ['Offline unu', 'Offline doi'];
    for (const t of texts) {
      await composer(buyerPage).fill(t);
      await buyerPage.getByRole('button', { name: 'Trimite', exact: true }).click();
      await message(buyerPage, t).getByRole('img', { name: 'În așteptare' }).waitFor();
    }
    // A file waits on the device (shown as pending) and goes out when the server is back.
    await buyerPage.locator('.composer input[type=file]').setInputFiles({
      name: 'nota.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Listă de cumpărături'),
    });
    await composer(buyerPage).fill('Cu fișier');
    await buyerPage.getByRole('button', { name: 'Trimite', exact: true }).click();
    const queued = buyerPage.locator('.msg--queued', { hasText: 'Cu fișier' });
    await queued.getByText('nota.txt').waitFor();
    await queued.getByRole('img', { name: 'În așteptare' }).waitFor();
    expect(await composer(buyerPage).inputValue()).toBe('');

    await buyerPage.reload();
    await buyerPage.locator('.chat-list-item').first().click();
    for (const t of texts) await message(buyerPage, t).getByRole('img', { name: 'În așteptare' }).waitFor();
    await queued.getByText('nota.txt').waitFor();

    await server.start();
    for (const t of texts) await message(sellerPage, t).waitFor({ timeout: 30_000 });
    for (const t of texts) {
      await message(buyerPage, t)
        .getByRole('img', { name: /Trimis|Citit/ })
        .waitFor({ timeout: 15_000 });
      const rows = serverMessages(t);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.sender_id).toBe(buyer.userId);
    }
    expect(await message(sellerPage, texts[0]!).count()).toBe(1);
    await message(sellerPage, 'Cu fișier')
      .getByRole('link', { name: 'nota.txt' })
      .waitFor({ timeout: 15_000 });
    await queued.waitFor({ state: 'detached' });
    const withFile = queryServerDb<{ image: string }>(
      server,
      'SELECT image FROM messages WHERE text = ?',
      'Cu fișier',
    );
    expect(withFile).toHaveLength(1);
    expect(withFile[0]!.image).toMatch(/^\/uploads\/chat\/[0-9a-f]{32}\.txt$/);
  });

  it('the popup: 440×450, resizable from 1200 px within the spec’s limits, a full sheet below; never on one’s own announcement', async () => {
    const { page, context } = await newPage(browser, server, { width: 1280, height: 900 });
    await openSignedIn(page, buyer);
    await page.goto(`/announcement/${ann.id}`);
    await page.getByRole('button', { name: 'Trimite mesaj' }).click();
    const popup = page.getByRole('dialog', { name: `Conversație cu ${seller.firstName}` });
    await popup.getByText(ann.title).waitFor();
    const box = async () => {
      const b = (await popup.boundingBox())!;
      return { width: Math.round(b.width), height: Math.round(b.height) };
    };
    expect(await box()).toEqual({ width: 440, height: 450 });
    const grip = popup.getByRole('slider', { name: /Redimensionează/ });
    const g = (await grip.boundingBox())!;
    const drag = async (dx: number, dy: number) => {
      await page.mouse.move(g.x + 5, g.y + 5);
      await page.mouse.down();
      await page.mouse.move(g.x + 5 + dx, g.y + 5 + dy, { steps: 4 });
      await page.mouse.up();
    };
    await drag(-200, -150);
    expect(await box()).toEqual({ width: 640, height: 600 });
    const g2 = (await grip.boundingBox())!;
    await page.mouse.move(g2.x + 5, g2.y + 5);
    await page.mouse.down();
    await page.mouse.move(0, 0, { steps: 4 });
    await page.mouse.up();
    // min(900, 1280 − 64) × min(900 − 80, 900)
    expect(await box()).toEqual({ width: 900, height: 820 });
    await grip.focus();
    for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowDown');
    expect(await box()).toEqual({ width: 320, height: 360 });

    // Below 1200 px it is a full sheet without the grip.
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(box).toEqual({ width: 900, height: 800 });
    expect(await grip.count()).toBe(0);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    await context.close();

    // The seller on their own announcement: no message button, no popup.
    const own = await newPage(browser, server);
    await openSignedIn(own.page, seller);
    await own.page.goto(`/announcement/${ann.id}`);
    await own.page.getByText('Acesta este anunțul tău').waitFor();
    expect(await own.page.getByRole('button', { name: 'Trimite mesaj' }).count()).toBe(0);
    await own.context.close();
  });
});
