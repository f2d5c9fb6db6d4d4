import type { Browser, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAccount,
  launchBrowser,
  localFavoriteIds,
  newPage,
  openSignedIn,
  queryServerDb,
  TestServer,
} from './harness.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = new TestServer();
  await server.start();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('50 offline/online flips', () => {
  it('with writes between them: nothing lost, nothing duplicated', async () => {
    const me = await apiAccount(server, 'flips@hobbiz.test');
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

    const hearts = page.locator('.card-wrap .fav-btn');
    await hearts.first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.card-wrap .fav-btn:disabled'));
    const n = Math.min(await hearts.count(), 8);
    const random = rng(20261122);
    for (let flip = 0; flip < 50; flip++) {
      online = !online;
      if (!online) for (const ws of [...open]) await ws.close();
      if (!online) open.clear();
      const writes = 1 + Math.floor(random() * 3);
      for (let w = 0; w < writes; w++) {
        const i = Math.floor(random() * n);
        const before = await hearts.nth(i).getAttribute('aria-label');
        await hearts.nth(i).click();
        await page.waitForFunction(
          ([idx, label]) =>
            document.querySelectorAll('.card-wrap .fav-btn')[idx as number]?.getAttribute('aria-label') !==
            label,
          [i, before] as const,
        );
      }
      await page.waitForTimeout(Math.floor(random() * 150));
    }
    online = true;
    await page.getByText('Sincronizat').waitFor({ timeout: 30_000 });

    // The device's final state, from its local database.
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
      expect(stored).toBe(live);
    }
    await context.close();
  });
});
