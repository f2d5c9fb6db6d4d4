import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
import { composer } from './locators.ts';

/** Issue 12 item 14 and the small ones: file names, the bottom bar while typing, 320 px, favourites, 'recenzii'. */
let server: TestServer;
let browser: Browser;
let seller: { token: string; userId: string };
let buyer: { token: string; userId: string };
let ann: { id: string; title: string };
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
  const [row] = queryServerDb<{ id: string; title: string; email: string }>(
    server,
    `SELECT a.id, a.title, u.email FROM announcements a JOIN users u ON u.id = a.owner_id
     WHERE a.active = 1 AND a.deleted = 0 ORDER BY a.id LIMIT 1`,
  );
  ann = { id: row!.id, title: row!.title };
  const login = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: row!.email, password: SEED_PASSWORD }),
  });
  seller = (await login.json()) as { token: string; userId: string };
  buyer = await apiAccount(server, 'cumparator.detalii@hobbiz.test');
  const first = await fetch(`${server.url}/api/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ announcementId: ann.id, text: 'Bună ziua!' }),
  });
  expect(first.status).toBe(201);
});
afterAll(() => stopServerAndBrowser(server, browser));
// A test that failed with the server stopped does not take the next ones down with it.
afterEach(async () => {
  if (!server.running) await server.start();
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
async function openConversation(page: Page) {
  await page.goto('/chat');
  await page.locator('.chat-list-item').first().click();
  await composer(page).waitFor();
}
const attach = (page: Page, name: string) =>
  page
    .locator('.composer input[type=file]')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
const fileLink = (page: Page, name: string) => page.locator('.msg-file', { hasText: name });

describe('chat details', () => {
  it('a PDF shows its name in both bubbles, sent online and sent offline', async () => {
    const b = await newPage(browser, server);
    const s = await newPage(browser, server);
    await openSignedIn(b.page, buyer);
    await openSignedIn(s.page, seller);
    // Before the conversation is opened: if the worker is late, the page is reloaded, and an open
    // conversation would not survive that.
    await waitForServiceWorker(b.page);
    await openConversation(b.page);
    await openConversation(s.page);

    await attach(b.page, 'Ofertă de preț.pdf');
    await b.page.getByRole('button', { name: 'Trimite', exact: true }).click();
    await fileLink(b.page, 'Ofertă de preț.pdf').waitFor();
    await fileLink(s.page, 'Ofertă de preț.pdf').waitFor();
    // The file is private: the link holds the bytes fetched with the seller's token, not the bare path.
    await expect.poll(() => fileLink(s.page, 'Ofertă de preț.pdf').getAttribute('href')).toMatch(/^blob:/);

    // Offline the file waits on the device; sent over sync when the server is back, its name goes too.
    await b.page.getByText('Sincronizat').waitFor();
    await server.stop();
    await attach(b.page, 'Deviz lucrări.pdf');
    await b.page.getByRole('button', { name: 'Trimite', exact: true }).click();
    await b.page.locator('.composer-file').waitFor({ state: 'detached' });
    await server.start();
    await fileLink(s.page, 'Deviz lucrări.pdf').waitFor({ timeout: 40_000 });
    await fileLink(b.page, 'Deviz lucrări.pdf').waitFor();
    expect(
      queryServerDb<{ file_name: string }>(
        server,
        "SELECT file_name FROM messages WHERE image LIKE '%.pdf'",
      ).map((r) => r.file_name),
    ).toEqual(expect.arrayContaining(['Ofertă de preț.pdf', 'Deviz lucrări.pdf']));
    await b.context.close();
    await s.context.close();
  });

  it('at 375 px the bottom bar steps aside while the composer has focus', async () => {
    const { page, context } = await newPage(browser, server, { width: 375, height: 700 });
    await openSignedIn(page, seller);
    await openConversation(page);
    const nav = page.getByRole('navigation', { name: 'Navigare principală' });
    await nav.waitFor();
    await composer(page).click();
    await nav.waitFor({ state: 'hidden' });
    // The composer sits at the bottom of the screen, where the bar was.
    const box = await page.locator('.composer').boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(700 - 4);
    await page.locator('.msg-text').first().click();
    await nav.waitFor({ state: 'visible' });
    await context.close();
  });

  it('the chat popup shows its whole placeholder at 320 px', async () => {
    const { page, context } = await newPage(browser, server, { width: 320, height: 640 });
    await openSignedIn(page, buyer);
    await page.goto(`/announcement/${ann.id}`);
    await page.getByRole('button', { name: 'Trimite mesaj' }).first().click();
    const box = composer(page);
    await box.waitFor();
    const fit = await box.evaluate((el: HTMLTextAreaElement) => {
      const css = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
      const room = el.clientWidth - Number.parseFloat(css.paddingLeft) - Number.parseFloat(css.paddingRight);
      return {
        text: ctx.measureText(el.placeholder).width,
        room,
        scroll: el.scrollWidth,
        client: el.clientWidth,
      };
    });
    expect(fit.text).toBeLessThanOrEqual(fit.room);
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    await page.getByRole('button', { name: 'Trimite', exact: true }).waitFor();
    await context.close();
  });

  it('favourites at 375 px are a dense list: at least 4 cards fully on screen above the bottom bar', async () => {
    const popular = (await (await fetch(`${server.url}/api/announcements/popular?limit=8`)).json()) as {
      _id: string;
    }[];
    for (const a of popular.slice(0, 6)) {
      const res = await fetch(`${server.url}/api/favorites/${a._id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      expect(res.ok).toBe(true);
    }
    const { page, context } = await newPage(browser, server, { width: 375, height: 667 });
    await openSignedIn(page, buyer);
    await page.goto('/favorite-announcements');
    await page.getByText('Anunțuri favorite (6/150)').waitFor();
    await until(async () => (await page.locator('.fav-card img').count()) >= 4);
    const visible = await page.evaluate(() => {
      const bar = document.querySelector('.mnav')!.getBoundingClientRect().top;
      return [...document.querySelectorAll('.fav-card')].filter((c) => {
        const r = c.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= bar;
      }).length;
    });
    expect(visible).toBeGreaterThanOrEqual(4);
    await context.close();
  });

  it("the seller card counts 'recenzii', never 'review-uri'", async () => {
    const reviews = () =>
      queryServerDb<{ n: number }>(
        server,
        'SELECT COUNT(*) AS n FROM reviews WHERE user_id = ? AND deleted = 0 AND waiting = 0',
        seller.userId,
      )[0]!.n;
    // Romanian agreement written out here, independently of the app's helper.
    const words = (n: number) =>
      n === 0
        ? 'nu există recenzii'
        : n === 1
          ? '1 recenzie'
          : n % 100 >= 1 && n % 100 <= 19
            ? `${n} recenzii`
            : `${n} de recenzii`;
    // Of standing (issue 40): a seconds-old account's review waits and would not be counted.
    giveStanding(server, buyer.userId);
    const { page, context } = await newPage(browser, server, { width: 375, height: 800 });
    await openSignedIn(page, buyer);
    await page.goto(`/announcement/${ann.id}`);
    const rating = page.locator('.seller-rating');
    const had = reviews();
    await until(async () => ((await rating.textContent()) ?? '').endsWith(words(had)));
    await page.getByRole('button', { name: 'Evaluează' }).click();
    const dialog = page.getByRole('dialog', { name: 'Evaluează utilizatorul' });
    await dialog.getByRole('button', { name: 'Trimite' }).click();
    await page.waitForURL(/recenzie=1/);
    expect(reviews()).toBe(had + 1);
    await page.goto(`/announcement/${ann.id}`);
    await until(async () => ((await rating.textContent()) ?? '').endsWith(`★ · ${words(had + 1)}`));
    expect(await rating.textContent()).not.toMatch(/review/);
    await context.close();
  });
});
