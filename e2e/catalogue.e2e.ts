import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnnouncementApi } from '../schema/entities.ts';
import { formatPrice } from '../schema/format.ts';
import { matchesSearch } from '../schema/search.ts';
import { SEED_PASSWORD } from '../scripts/seed-data.ts';
import {
  localAnnouncementIds,
  newPage,
  queryServerDb,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
  until,
  waitForServiceWorker,
} from './harness.ts';

/**
 * Issue 11 as a guest sees it, on a catalogue of 100,000 announcements: the device holds what it was
 * shown (not the catalogue), it stays readable with the server gone, and what it holds stays live.
 */
const SIZE = 100_000;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser({ catalogue: SIZE }));
}, 180_000);
afterAll(() => stopServerAndBrowser(server, browser));

type SearchPage = {
  items: AnnouncementApi[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
};
const cardTitles = (page: Page) => page.locator('.listing-grid .card-title').allTextContents();
const QUERY = 'tort ciocolata';

async function ownerToken(announcementId: string): Promise<string> {
  const [row] = queryServerDb<{ email: string }>(
    server,
    'SELECT u.email FROM announcements a JOIN users u ON u.id = a.owner_id WHERE a.id = ?',
    announcementId,
  );
  const res = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: row!.email, password: SEED_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe('a national catalogue on a phone', () => {
  it('home → search → 3 details; offline they and the pages seen still render; back online they follow changes', async () => {
    expect(
      queryServerDb<{ n: number }>(server, 'SELECT count(*) AS n FROM announcements')[0]!.n,
    ).toBeGreaterThan(SIZE);
    const { page, context } = await newPage(browser, server, { width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Anunțuri populare' }).waitFor();
    await page.getByRole('button', { name: 'Acceptă tot' }).click();

    // Home → the listing of every category: the server counts, the device only gets the first page.
    await page.locator('.home-search').getByRole('button', { name: 'Caută' }).click();
    await page.getByRole('heading', { name: 'Toate anunțurile' }).waitFor();
    await page.getByText('Peste 1.000 de anunțuri găsite').waitFor();
    await until(async () => (await cardTitles(page)).length === 24);

    // Search typed without diacritics: the server's first two pages, in its order (relevance).
    await page.getByLabel('Caută în anunțuri').fill(QUERY);
    const expected = (await (
      await fetch(`${server.url}/api/announcements/search?q=${encodeURIComponent(QUERY)}&limit=48`)
    ).json()) as SearchPage;
    expect(expected.items.length).toBe(48);
    for (const a of expected.items) expect(matchesSearch(QUERY, a.title, a.description)).toBe(true);
    const titles = expected.items.map((a) => a.title);
    await until(async () => JSON.stringify(await cardTitles(page)) === JSON.stringify(titles.slice(0, 24)));
    await page.getByRole('button', { name: 'Încarcă mai multe' }).click();
    await until(async () => JSON.stringify(await cardTitles(page)) === JSON.stringify(titles));

    // Three details, opened from the results.
    const opened = expected.items.slice(0, 3);
    for (const a of opened) {
      await page.locator('.listing-grid .card').filter({ hasText: a.title }).first().click();
      await page.getByRole('heading', { level: 1, name: a.title.trim() }).waitFor();
      await page.goBack();
      await until(async () => (await cardTitles(page)).length >= 24);
    }
    await waitForServiceWorker(page);
    // The device holds what it showed — a few dozen, not 100,000.
    await until(async () => {
      const held = new Set(await localAnnouncementIds(page));
      return expected.items.every((a) => held.has(a._id));
    });
    expect((await localAnnouncementIds(page)).length).toBeLessThan(200);

    // The server goes away (the socket really closes): details and pages seen still render.
    await server.stop();
    try {
      for (const a of opened) {
        await page.goto(`/announcement/${a._id}`);
        await page.getByRole('heading', { level: 1, name: a.title.trim() }).waitFor();
      }
      await page.goto(`/anunturi-categorie/toate?q=${encodeURIComponent(QUERY)}`);
      await page.getByText('Ești offline: vezi anunțurile salvate pe acest telefon').waitFor();
      await until(async () => (await cardTitles(page)).length >= 48);
      const offlineTitles = await cardTitles(page);
      for (const t of titles) expect(offlineTitles).toContain(t);
      // An offline search finds among them: the third opened one by two words of its title.
      const words = opened[2]!.title.split(/\s+/).filter((w) => w.length > 3);
      const q = words.slice(0, 2).join(' ');
      await page.getByLabel('Caută în anunțuri').fill(q);
      await until(async () => (await cardTitles(page)).includes(opened[2]!.title));
      await page.getByText('Ești offline: vezi anunțurile salvate pe acest telefon').waitFor();
    } finally {
      await server.start();
    }

    // Back online, on the first one's detail: its owner changes the price, the open page shows it.
    const [first, second] = opened as [AnnouncementApi, AnnouncementApi];
    await page.goto(`/announcement/${first._id}`);
    await page.getByRole('heading', { level: 1, name: first.title.trim() }).waitFor();
    const price = (first.price ?? 0) + 17;
    const token = await ownerToken(first._id);
    const {
      _id,
      user,
      seq,
      favoritesCount,
      views,
      createdAt,
      updatedAt,
      active,
      ownerId,
      images,
      ...fields
    } = first;
    await until(async () => {
      const put = await fetch(`${server.url}/api/users/my-announcements/${first._id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...fields, price }),
      });
      return put.status === 200;
    });
    // On a phone the price sits above the photo (.detail-price-top); the side column's copy is hidden.
    await page
      .locator('.detail-price-top, .detail-price')
      .filter({ hasText: formatPrice(price), visible: true })
      .first()
      .waitFor();

    // The second one's owner deactivates it: it leaves the guest's device.
    const off = await fetch(`${server.url}/api/users/my-announcements/${second._id}/active`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${await ownerToken(second._id)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ active: false }),
    });
    expect(off.status).toBe(200);
    await until(async () => !(await localAnnouncementIds(page)).includes(second._id));
    await context.close();
  });
});
