import type { Browser, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationWithSeededSeller,
  localFavoriteIds,
  newPage,
  openSignedIn,
  queryServerDb,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
} from './harness.ts';
import { composer, message } from './locators.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Kind = 'favorite' | 'message' | 'draft';

describe('50 offline/online flips', () => {
  it('favourites, messages to another person and draft edits between them: nothing lost, nothing duplicated', async () => {
    // The receiver: a seeded seller whose announcement the flipping buyer already wrote about.
    const opening = 'Flip 0: bună ziua';
    const chat = await conversationWithSeededSeller(server, 'flips@hobbiz.test', opening);
    const { seller: receiver, buyer: me } = chat;

    const other = await newPage(browser, server);
    await openSignedIn(other.page, receiver);
    await other.page.goto('/chat');
    await other.page.locator('.chat-list-item').first().click();
    await message(other.page, opening, { exact: true }).waitFor();

    const { page, context } = await newPage(browser, server);
    // The sync socket goes through a switch: "offline" drops it and refuses reconnections.
    let online = true;
    const open = new Set<WebSocketRoute>();
    await page.routeWebSocket(/\/api\/sync$/, (ws) => {
      if (!online) return void ws.close();
      ws.connectToServer();
      open.add(ws);
    });
    await openSignedIn(page, me);
    await page.getByText('Sincronizat').waitFor();

    // The three places where writes happen, reached through the header (no reloads between flips).
    const hearts = page.locator('.card-wrap .fav-btn');
    let at: Kind | null = null;
    let lastTitle = '';
    const go = async (kind: Kind) => {
      if (at === kind) return;
      if (kind === 'favorite') {
        await page.getByRole('link', { name: 'Hobbiz — pagina principală' }).first().click();
        await hearts.first().waitFor();
        await page.waitForFunction(() => !document.querySelector('.card-wrap .fav-btn:disabled'));
      } else if (kind === 'message') {
        await page
          .getByRole('link', { name: /^Mesaje/ })
          .first()
          .click();
        await page.locator('.chat-list-item').first().click();
        await composer(page).waitFor();
      } else {
        await page.getByRole('link', { name: 'Adaugă un anunț' }).first().click();
        await page.getByLabel('Titlu').waitFor();
        // The form takes the stored draft before it accepts typing.
        if (lastTitle)
          await page.waitForFunction(
            (t) => (document.getElementById('title') as HTMLInputElement | null)?.value === t,
            lastTitle,
          );
      }
      at = kind;
    };
    // Every page visited once online, so each page's code is on the device before the first cut.
    for (const kind of ['message', 'draft', 'favorite'] as const) await go(kind);
    const n = Math.min(await hearts.count(), 8);

    const random = rng(20261127);
    const sent: string[] = [];
    const kinds: Kind[] = ['favorite', 'message', 'draft'];
    const done: Record<Kind, number> = { favorite: 0, message: 0, draft: 0 };
    for (let flip = 0; flip < 50; flip++) {
      online = !online;
      if (!online) {
        for (const ws of [...open]) await ws.close();
        open.clear();
      } else {
        // The browser says the network is back: the app reconnects now, not after its back-off.
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
      }
      const writes = 1 + Math.floor(random() * 2);
      for (let w = 0; w < writes; w++) {
        // Half the time on the page already open (fewer navigations), else any of the three.
        const kind = at && random() < 0.5 ? at : kinds[Math.floor(random() * 3)]!;
        await go(kind);
        done[kind]++;
        if (kind === 'favorite') {
          const i = Math.floor(random() * n);
          const before = await hearts.nth(i).getAttribute('aria-label');
          await hearts.nth(i).click();
          await page.waitForFunction(
            ([idx, label]) =>
              document.querySelectorAll('.card-wrap .fav-btn')[idx as number]?.getAttribute('aria-label') !==
              label,
            [i, before] as const,
          );
        } else if (kind === 'message') {
          const text = `Flip ${flip + 1}.${w + 1}`;
          await composer(page).fill(text);
          await page.getByRole('button', { name: 'Trimite', exact: true }).click();
          await message(page, text, { exact: true }).waitFor();
          sent.push(text);
        } else {
          lastTitle = `Ciornă după flip-ul ${flip + 1}.${w + 1}`;
          await page.getByLabel('Titlu').fill(lastTitle);
        }
      }
      await page.waitForTimeout(Math.floor(random() * 150));
    }
    // Leaving the form saves what was typed last; then everything goes out.
    await go('message');
    online = true;
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByText('Sincronizat').waitFor({ timeout: 30_000 });
    console.log(`[flips] writes: ${JSON.stringify(done)}; last draft "${lastTitle}"`);
    for (const kind of kinds) expect(done[kind], kind).toBeGreaterThanOrEqual(10);

    // Favourites: the device's final state, from its local database, is the server's.
    const local = await localFavoriteIds(page);
    expect(local.length).toBeGreaterThan(0);
    const rows = queryServerDb<{ announcement_id: string; deleted: number }>(
      server,
      'SELECT announcement_id, deleted FROM favorites WHERE user_id = ?',
      me.userId,
    );
    expect(
      rows
        .filter((r) => !r.deleted)
        .map((r) => r.announcement_id)
        .sort(),
    ).toEqual([...new Set(local)].sort());
    // One row per announcement ever touched (the primary key makes a duplicate impossible; count anyway).
    expect(new Set(rows.map((r) => r.announcement_id)).size).toBe(rows.length);
    // Counters agree with the rows.
    for (const id of new Set(rows.map((r) => r.announcement_id))) {
      const [{ n: stored }] = queryServerDb<{ n: number }>(
        server,
        'SELECT favorites_count AS n FROM announcements WHERE id = ?',
        id,
      ) as [{ n: number }];
      const [{ n: live }] = queryServerDb<{ n: number }>(
        server,
        'SELECT COUNT(*) AS n FROM favorites WHERE announcement_id = ? AND deleted = 0',
        id,
      ) as [{ n: number }];
      expect(stored, `favorites_count of ${id}`).toBe(live);
    }

    // Messages: every one on the server once, in the order written, to the receiver.
    const onServer = queryServerDb<{ text: string; recipient_id: string }>(
      server,
      'SELECT text, recipient_id FROM messages WHERE sender_id = ? ORDER BY seq',
      me.userId,
    );
    expect(onServer.map((m) => m.text)).toEqual([opening, ...sent]);
    expect(onServer.every((m) => m.recipient_id === receiver.userId)).toBe(true);
    // …and on both screens once each, in that order, none still waiting on the sender's.
    await message(other.page, sent.at(-1)!, { exact: true }).waitFor({ timeout: 15_000 });
    for (const p of [other.page, page]) {
      await expect
        .poll(
          async () => (await p.locator('.msg-text').allTextContents()).filter((t) => t.startsWith('Flip ')),
          {
            timeout: 10_000,
          },
        )
        .toEqual([opening, ...sent]);
    }
    // The server's copies (sender, time) come back by the pull after the push: the clocks go soon after.
    await expect
      .poll(() => page.getByRole('img', { name: 'În așteptare' }).count(), { timeout: 10_000 })
      .toBe(0);

    // The draft: the last text typed, on the server.
    expect(
      queryServerDb<{ title: string; deleted: number }>(
        server,
        'SELECT title, deleted FROM drafts WHERE user_id = ?',
        me.userId,
      ),
    ).toEqual([{ title: lastTitle, deleted: 0 }]);
    await context.close();
    await other.context.close();
  });
});
