import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationWithSeededSeller,
  localAnnouncementIds,
  newPage,
  openSignedIn,
  popularAnnouncements,
  queryServerDb,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
  until,
  waitForServiceWorker,
  waitForSignedInPages,
} from './harness.ts';
import { composer, heart, message } from './locators.ts';

/**
 * Issue 12, item 5: "after the server was down ~30 s, open apps took 22–37 s after it answered again to
 * sync". The server is killed long enough for the socket's back-off to grow past 10 s; meanwhile the
 * person publishes an announcement (it waits in the publish queue), hearts one and writes a chat
 * message. The offline chip counts all three. The server comes back: the clock starts when it answers
 * its health check and stops when the server has each write and the page says 'Sincronizat'.
 */
let server: TestServer;
let browser: Browser;
let popular: { _id: string; title: string }[];
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
  popular = await popularAnnouncements(server, 10);
});
afterAll(() => stopServerAndBrowser(server, browser));

/** Down this long: the back-off between socket attempts has grown to 12–20 s by the end. */
const OUTAGE_MS = 20_000;
/** From the server answering again to every write on it and the page saying so. */
const RETURN_BUDGET_MS = 3000;

/** Polls quickly (the measured time must not be padded by the poll) until `fn` holds. */
async function timeUntil(fn: () => boolean | Promise<boolean>, ms = 60_000): Promise<number> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn()) return Date.now();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

const chip = (page: Page) => page.locator('.sync-chip');

async function publishOffline(page: Page, title: string) {
  await page.goto('/add-announcement');
  await page.getByLabel('Titlu').fill(title);
  await page.getByText('Meditații & Cursuri').click();
  await page
    .getByLabel('Descriere')
    .fill('O oră pe săptămână, acorduri, ritm și primele piese cântate cap-coadă, la tine acasă.');
  await page.getByRole('button', { name: /Locație/ }).click();
  await page.getByRole('button', { name: 'Cluj', exact: true }).click();
  await page.getByRole('button', { name: 'Cluj-Napoca', exact: true }).click();
  await page.getByLabel('Persoana de contact').fill('Maria Ionescu');
  await page.getByLabel('Email').fill('maria@example.ro');
  // Past the form's 400 ms pause in typing: the draft is written (a change waiting for the server).
  await page.waitForTimeout(800);
  await page.getByRole('button', { name: 'Publică un anunț' }).click();
  await page.getByText(/Anunțul a fost salvat pe dispozitiv/).waitFor();
  await page.waitForURL('**/anunturile-mele', { timeout: 5000 });
  await page.getByRole('listitem', { name: title }).getByText('În așteptare').waitFor();
}

describe('back after an outage', () => {
  it('a heart, a message and a queued publish reach the server within 3 s of it answering again', async () => {
    const opening = 'Bună ziua, revin cu detalii.';
    const chat = await conversationWithSeededSeller(server, 'revenire.dupa.pana@hobbiz.test', opening);
    const me = chat.buyer;
    const target = popular.find((p) => p._id !== chat.announcementId)!;
    const { page, context } = await newPage(browser, server);
    await openSignedIn(page, me);
    await chip(page).getByText('Sincronizat').waitFor();
    // The home's cards are stored a moment after they are shown ('Sincronizat' does not wait for them):
    // the one hearted offline below must be on the device before the page leaves the home.
    await until(async () => (await localAnnouncementIds(page)).includes(target._id));
    await waitForServiceWorker(page);
    // So is the code of the pages used offline below (the publish form, the chat, my announcements).
    await waitForSignedInPages(page);
    // The conversation is on the device before the outage.
    await page.goto('/chat');
    await page.locator('.chat-list-item').first().click();
    await message(page, opening, { exact: true }).waitFor();
    await chip(page).getByText('Sincronizat').waitFor();

    await server.stop();
    const downAt = Date.now();
    await chip(page)
      .getByText(/^Offline/)
      .waitFor();

    // Offline: a publish (queued with the device's id), a heart and a chat message.
    const title = 'Lecții de chitară după pană de curent';
    await publishOffline(page, title);
    await page.goto('/');
    await heart(page, target.title, false).first().click();
    await heart(page, target.title, true).first().waitFor();
    await page.waitForTimeout(300);
    await page.goto('/chat');
    await page.locator('.chat-list-item').first().click();
    const text = 'Scris cât serverul era oprit';
    await composer(page).fill(text);
    await page.getByRole('button', { name: 'Trimite', exact: true }).click();
    await message(page, text, { exact: true }).getByRole('img', { name: 'În așteptare' }).waitFor();

    // What waits: the heart, the message, the draft the form wrote (its deletion after the publish is
    // the same change) and the queued announcement. The chip counted only the first three.
    await expect
      .poll(() => chip(page).textContent(), { timeout: 5000 })
      .toBe('Offline · 4 modificări în așteptare');

    await page.waitForTimeout(Math.max(0, OUTAGE_MS - (Date.now() - downAt)));
    await server.start();
    const healthyAt = Date.now();
    console.log(`[outage-return] server down for ${healthyAt - downAt} ms`);

    const favAt = timeUntil(() =>
      queryServerDb<{ deleted: number }>(
        server,
        'SELECT deleted FROM favorites WHERE user_id = ? AND announcement_id = ?',
        me.userId,
        target._id,
      ).some((r) => !r.deleted),
    );
    const msgAt = timeUntil(
      () => queryServerDb(server, 'SELECT id FROM messages WHERE text = ?', text).length === 1,
    );
    const pubAt = timeUntil(
      () =>
        queryServerDb(server, 'SELECT id FROM announcements WHERE title = ? AND deleted = 0', title)
          .length === 1,
    );
    const uiAt = timeUntil(async () => (await chip(page).textContent()) === 'Sincronizat');
    const [fav, msg, pub, ui] = (await Promise.all([favAt, msgAt, pubAt, uiAt])).map((t) => t - healthyAt);
    console.log(
      `[outage-return] after the server answered: heart ${fav} ms, message ${msg} ms, publish ${pub} ms, 'Sincronizat' ${ui} ms`,
    );
    expect(fav).toBeLessThanOrEqual(RETURN_BUDGET_MS);
    expect(msg).toBeLessThanOrEqual(RETURN_BUDGET_MS);
    expect(pub).toBeLessThanOrEqual(RETURN_BUDGET_MS);
    expect(ui).toBeLessThanOrEqual(RETURN_BUDGET_MS);
    await message(page, text, { exact: true })
      .getByRole('img', { name: /Trimis|Citit/ })
      .waitFor();
    await context.close();
  });
});
