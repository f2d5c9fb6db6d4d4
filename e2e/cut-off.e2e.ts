import type { Browser, Page, WebSocketRoute } from 'playwright-core';
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
} from './harness.ts';
import { composer, heart, message } from './locators.ts';

/**
 * Issue 3, the combined scenario: two people in two browser contexts. A is cut off (the context goes
 * offline and A's sync socket is dropped and refused; B stays connected), sends 3 messages in their
 * conversation with B, toggles 2 favourites and edits the draft, reloads while still offline (everything
 * still shown), then reconnects: B's screen shows each message exactly once and the server has each
 * write exactly once.
 */
let server: TestServer;
let browser: Browser;
let popular: { _id: string; title: string; favoritesCount: number }[];
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
  popular = await popularAnnouncements(server, 10);
});
afterAll(() => stopServerAndBrowser(server, browser));

async function openConversation(page: Page) {
  await page.goto('/chat');
  await page.locator('.chat-list-item').first().click();
  await composer(page).waitFor();
}

describe('user A cut off, user B live', () => {
  it('3 messages, 2 favourites and a draft edit made offline survive a reload and land exactly once', async () => {
    // B: a seeded seller, on the chat page. A: a new buyer whose conversation with B already exists.
    const opening = 'Bună ziua, revin imediat cu detalii.';
    const chat = await conversationWithSeededSeller(server, 'taiat.de.retea@hobbiz.test', opening);
    const { seller: userB, buyer: userA } = chat;
    // Both favourites are hearts on announcements that are not B's own (A could not be refused).
    const [f1, f2] = popular.filter((p) => p._id !== chat.announcementId);

    const b = await newPage(browser, server);
    await openSignedIn(b.page, userB);
    await openConversation(b.page);
    await message(b.page, opening, { exact: true }).waitFor();

    const a = await newPage(browser, server);
    // A's sync socket goes through a switch: off drops it and refuses reconnections.
    let online = true;
    const open = new Set<WebSocketRoute>();
    await a.page.routeWebSocket(/\/api\/sync$/, (ws) => {
      if (!online) return void ws.close();
      ws.connectToServer();
      open.add(ws);
    });
    await openSignedIn(a.page, userA);
    await a.page.getByText('Sincronizat').waitFor();
    // The home's cards are stored a moment after they are shown ('Sincronizat' does not wait for them):
    // the two hearted offline below must be on the device before the page leaves the home.
    await until(async () => {
      const held = await localAnnouncementIds(a.page);
      return held.includes(f1!._id) && held.includes(f2!._id);
    });
    await waitForServiceWorker(a.page);

    // A's draft exists on the server before the cut, so the offline edit is an update of it.
    await a.page.goto('/adauga-anunt');
    await a.page.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
    await a.page.getByLabel('Titlu').fill('Lecții de chitară');
    const draftRows = () =>
      queryServerDb<{ title: string; description: string; deleted: number }>(
        server,
        'SELECT title, description, deleted FROM drafts WHERE user_id = ?',
        userA.userId,
      );
    await until(() => draftRows()[0]?.title === 'Lecții de chitară');
    await openConversation(a.page);
    await message(a.page, opening, { exact: true }).waitFor();
    await a.page.getByText('Sincronizat').waitFor();

    // --- The cut: no network for A's context, and its sync socket dropped.
    await a.context.setOffline(true);
    online = false;
    for (const ws of [...open]) await ws.close();
    open.clear();
    await a.page
      .getByText(/^Offline/)
      .first()
      .waitFor();

    const texts = ['Offline: primul mesaj', 'Offline: al doilea mesaj', 'Offline: al treilea mesaj'];
    for (const t of texts) {
      await composer(a.page).fill(t);
      await a.page.getByRole('button', { name: 'Trimite', exact: true }).click();
      await message(a.page, t, { exact: true }).getByRole('img', { name: 'În așteptare' }).waitFor();
    }
    // Let the last local write settle before the page is left (a navigation can abort IndexedDB writes).
    await a.page.waitForTimeout(300);

    // Two hearts on the home page (a navigation while offline: the service worker serves the app).
    await a.page.goto('/');
    for (const f of [f1!, f2!]) {
      await heart(a.page, f.title, false).first().click();
      await heart(a.page, f.title, true).first().waitFor();
    }
    await a.page.waitForTimeout(300);

    // The draft edited.
    const title = 'Lecții de chitară pentru începători';
    const description = 'Acord, ritm și primele melodii, la tine acasă sau online, câte o oră pe săptămână.';
    await a.page.goto('/adauga-anunt');
    await expect.poll(() => a.page.getByLabel('Titlu').inputValue()).toBe('Lecții de chitară');
    await a.page.getByLabel('Titlu').fill(title);
    await a.page.getByLabel('Descriere').fill(description);
    // Past the form's 400 ms pause in typing, so the draft is written.
    await a.page.waitForTimeout(800);
    await a.page.getByText('Offline · 6 modificări în așteptare').waitFor();

    // Nothing went anywhere: the server and B have none of it.
    for (const t of texts) {
      expect(queryServerDb(server, 'SELECT id FROM messages WHERE text = ?', t)).toHaveLength(0);
      expect(await message(b.page, t, { exact: true }).count()).toBe(0);
    }
    expect(draftRows()[0]?.title).toBe('Lecții de chitară');

    // --- Reload while still offline: everything is still on A's screen.
    await a.page.reload();
    await expect.poll(() => a.page.getByLabel('Titlu').inputValue()).toBe(title);
    expect(await a.page.getByLabel('Descriere').inputValue()).toBe(description);
    await a.page.getByText('Offline · 6 modificări în așteptare').waitFor();
    await a.page.goto('/');
    for (const f of [f1!, f2!]) await heart(a.page, f.title, true).first().waitFor();
    await openConversation(a.page);
    for (const t of texts)
      await message(a.page, t, { exact: true }).getByRole('img', { name: 'În așteptare' }).waitFor();

    // --- Back: the network returns and the socket is let through again.
    online = true;
    await a.context.setOffline(false);
    await a.page.getByText('Sincronizat').waitFor({ timeout: 30_000 });
    for (const t of texts) await message(b.page, t, { exact: true }).waitFor({ timeout: 15_000 });
    for (const t of texts) {
      await message(a.page, t, { exact: true })
        .getByRole('img', { name: /Trimis|Citit/ })
        .waitFor({ timeout: 15_000 });
    }
    // Give a late duplicate the time to show up, then count.
    await b.page.waitForTimeout(1500);

    // B's screen: each message exactly once, in the order A wrote them.
    for (const t of texts) expect(await message(b.page, t, { exact: true }).count(), t).toBe(1);
    const onB = await b.page.locator('.msg-text').allTextContents();
    expect(onB.filter((x) => texts.includes(x))).toEqual(texts);
    for (const t of texts) expect(await message(a.page, t, { exact: true }).count(), t).toBe(1);

    // The server: each message once, from A to B, in one conversation.
    const msgs = queryServerDb<{
      text: string;
      sender_id: string;
      recipient_id: string;
      conversation_id: string;
    }>(
      server,
      'SELECT text, sender_id, recipient_id, conversation_id FROM messages WHERE sender_id = ? ORDER BY seq',
      userA.userId,
    );
    expect(msgs.map((m) => m.text)).toEqual([opening, ...texts]);
    expect(new Set(msgs.map((m) => m.conversation_id)).size).toBe(1);
    expect(msgs.every((m) => m.recipient_id === userB.userId)).toBe(true);
    // Each favourite once, counted once.
    const favs = queryServerDb<{ announcement_id: string; deleted: number }>(
      server,
      'SELECT announcement_id, deleted FROM favorites WHERE user_id = ?',
      userA.userId,
    );
    expect(favs.map((f) => f.announcement_id).sort()).toEqual([f1!._id, f2!._id].sort());
    expect(favs.every((f) => f.deleted === 0)).toBe(true);
    for (const f of [f1!, f2!]) {
      expect(
        queryServerDb<{ n: number }>(
          server,
          'SELECT favorites_count AS n FROM announcements WHERE id = ?',
          f._id,
        )[0]!.n,
      ).toBe(f.favoritesCount + 1);
    }
    // The draft: one row with the offline text.
    expect(draftRows()).toEqual([{ title, description, deleted: 0 }]);
    // The conversation summary on both sides points at the last message.
    const members = queryServerDb<{ user_id: string; last_message_text: string }>(
      server,
      'SELECT user_id, last_message_text FROM conversation_members WHERE conversation_id = ?',
      msgs[0]!.conversation_id,
    );
    expect(members).toHaveLength(2);
    for (const m of members) expect(m.last_message_text).toBe(texts[2]);
    await a.context.close();
    await b.context.close();
  });
});
