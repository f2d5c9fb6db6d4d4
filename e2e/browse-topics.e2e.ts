import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_NAMES } from '../schema/catalog/categories.ts';
import { HOME_CATEGORIES } from '../schema/catalog/home-grid.ts';
import { matchesTopic, topicQuery } from '../schema/catalog/topics.ts';
import type { AnnouncementApi } from '../schema/entities.ts';
import { pluralRo } from '../schema/format.ts';
import { foldDiacritics } from '../schema/search.ts';
import { newPage, startServerAndBrowser, stopServerAndBrowser, type TestServer, until } from './harness.ts';

/**
 * Issue 12, items 7–9, as a person on a phone meets them: every category reachable, each home tile's page
 * about what the tile says, and sub-topic chips that find announcements (the demo catalogue).
 */
let server: TestServer;
let browser: Browser;
let all: AnnouncementApi[];
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
  all = [];
  let cursor: string | null = null;
  do {
    const res: Response = await fetch(
      `${server.url}/api/announcements?limit=60${cursor ? `&cursor=${cursor}` : ''}`,
    );
    all.push(...((await res.json()) as AnnouncementApi[]));
    cursor = res.headers.get('x-next-cursor');
  } while (cursor);
});
afterAll(() => stopServerAndBrowser(server, browser));

const PHONE = { width: 375, height: 800 };
const cardTitles = (page: Page) => page.locator('.listing-grid .card-title').allTextContents();
const countText = (n: number) => pluralRo(n, 'anunț găsit', 'anunțuri găsite', 'de anunțuri găsite');
const heading = (page: Page) => page.locator('.listing h1').textContent();

/** Waits for the count of the listing, then for every card (the demo has fewer than 24 per page). */
async function expectResults(page: Page, titles: string[]) {
  await until(async () => (await page.locator('.listing-count').textContent()) === countText(titles.length));
  await until(async () => (await cardTitles(page)).length === titles.length);
  expect([...(await cardTitles(page))].sort()).toEqual([...titles].sort());
}

describe('browsing by category on a phone (375 px)', () => {
  it('reaches every one of the 14 categories from the home page', async () => {
    const { page, context } = await newPage(browser, server, PHONE);
    await page.goto('/');
    // The desktop 'Categorii' menu is not there on a phone.
    expect(await page.getByRole('button', { name: 'Categorii' }).isVisible()).toBe(false);
    await page.locator('.tile-name', { hasText: 'Toate categoriile' }).click();
    await page.getByRole('heading', { name: 'Toate anunțurile' }).waitFor();
    await until(async () => (await page.locator('.listing-count').textContent()) === countText(all.length));
    for (const name of CATEGORY_NAMES) {
      await page.getByLabel('Categorie').selectOption({ label: name });
      await page.getByRole('heading', { name, exact: true }).waitFor();
      const inCategory = all.filter((a) => a.category === name);
      expect(inCategory.length, name).toBeGreaterThan(0);
      await expectResults(
        page,
        inCategory.map((a) => a.title),
      );
      expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/anunturi-categorie/${name}`);
    }
    await context.close();
  });

  it('each home tile opens a page titled with what the tile says, with matching results', async () => {
    const { page, context } = await newPage(browser, server, PHONE);
    for (const tile of HOME_CATEGORIES) {
      await page.goto('/');
      await page.locator('.tile-name', { hasText: new RegExp(`^${tile.name}$`) }).click();
      await page.waitForURL('**/anunturi-categorie/**');
      const inCategory = all.filter((a) => !tile.category || a.category === tile.category);
      const query = topicQuery(tile.name, tile.category);
      const expected = inCategory.filter((a) => !tile.topic || matchesTopic(query, a.title, a.description));
      expect(expected.length, tile.name).toBeGreaterThan(0);
      await until(async () => (await heading(page)) !== null);
      // Whatever the data says: the title begins with what the tile says ('Sport', not 'Meditații…').
      expect(foldDiacritics((await heading(page))!).startsWith(foldDiacritics(tile.name)), tile.name).toBe(
        true,
      );
      if (tile.topic) expect(await heading(page), tile.name).toBe(tile.name);
      else expect(await heading(page), tile.name).toBe(tile.category);
      await expectResults(
        page,
        expected.map((a) => a.title),
      );
      if (tile.name === 'Sport') {
        const titles = await cardTitles(page);
        expect(titles).toContain('Curs de șah pentru copii între 6 și 12 ani, în Ploiești');
        expect(titles.some((t) => t.startsWith('Meditații la'))).toBe(false);
        await page.getByText('Din toate categoriile').waitFor();
      }
      if (tile.name === 'Tehnologie') {
        expect(await cardTitles(page)).toContain(
          'Reparații laptopuri: curățare, pastă termoconductoare, SSD',
        );
      }
    }
    await context.close();
  });
});

describe('sub-topic chips of the category menu (1280 px)', () => {
  it('a chip shows its category’s announcements about it; one with none links to the whole category', async () => {
    const { page, context } = await newPage(browser, server);
    const cakes = 'Prăjituri, Băcănie, Gătit';
    const open = async () => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Categorii' }).click();
      await page.getByRole('dialog', { name: 'Categorii' }).getByRole('link', { name: cakes }).hover();
    };
    await open();
    await page.getByRole('link', { name: 'Torturi aniversare' }).click();
    await page.getByRole('heading', { name: 'Torturi aniversare' }).waitFor();
    const inCakes = all.filter((a) => a.category === cakes);
    const query = topicQuery('Torturi aniversare', cakes);
    const expected = inCakes.filter((a) => matchesTopic(query, a.title, a.description));
    expect(expected.map((a) => a.title)).toContain(
      'Tort personalizat pentru aniversări, din ingrediente naturale',
    );
    await expectResults(
      page,
      expected.map((a) => a.title),
    );
    // The best match first (relevance), and the topic is a filter chip that can be removed.
    expect((await cardTitles(page))[0]).toBe('Tort personalizat pentru aniversări, din ingrediente naturale');
    await page.getByText('Din categoria').waitFor();
    await page.getByRole('button', { name: 'Elimină filtrul Torturi aniversare' }).click();
    await page.getByRole('heading', { name: cakes }).waitFor();
    await expectResults(
      page,
      inCakes.map((a) => a.title),
    );

    // On a phone, the same chips are folded under the category's title ('Subiecte').
    await page.setViewportSize(PHONE);
    await page.getByText('Subiecte', { exact: true }).click();
    await page.getByRole('link', { name: 'Cozonaci și pască' }).click();
    await page.getByRole('heading', { name: 'Cozonaci și pască' }).waitFor();
    const cozonac = inCakes.filter((a) =>
      matchesTopic(topicQuery('Cozonaci și pască', cakes), a.title, a.description),
    );
    expect(cozonac.length).toBeGreaterThan(0);
    await expectResults(
      page,
      cozonac.map((a) => a.title),
    );
    await page.setViewportSize({ width: 1280, height: 900 });

    // Every chip finds announcements in the demo (issue 20); a topic that finds none (here one typed in the
    // address) says so and offers the whole category instead of a dead end.
    const none = 'Trufe belgiene';
    expect(inCakes.filter((a) => matchesTopic(topicQuery(none, cakes), a.title, a.description))).toEqual([]);
    await page.goto(`/anunturi-categorie/${encodeURIComponent(cakes)}?subiect=${encodeURIComponent(none)}`);
    await page.getByRole('heading', { name: none }).waitFor();
    await page.getByText('Nu s-au găsit anunțuri care să corespundă filtrelor.').waitFor();
    await page.getByRole('link', { name: `Vezi toate anunțurile din ${cakes}` }).click();
    await page.getByRole('heading', { name: cakes }).waitFor();
    expect(new URL(page.url()).searchParams.get('subiect')).toBeNull();
    await context.close();
  });
});
