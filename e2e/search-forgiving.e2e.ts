import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, startServerAndBrowser, stopServerAndBrowser, type TestServer, until } from './harness.ts';

/**
 * A search that forgives (issue 20): a misspelt word is corrected and said so, with a way back to exactly
 * what was typed; words in other forms and without diacritics meet; when only some of the words have
 * results, those are shown below a divider rather than an empty page.
 */
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
});
afterAll(() => stopServerAndBrowser(server, browser));

const titles = (page: import('playwright-core').Page) =>
  page.locator('.listing-grid .card-title').allTextContents();

describe('a search that forgives', () => {
  it("corrects 'fotgrafie' to 'fotografie', says so, and searches exactly what was typed on request", async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto('/anunturi-categorie/toate');
    await page.getByRole('heading', { name: 'Toate anunțurile' }).waitFor();
    await page.getByLabel('Caută în anunțuri').fill('fotgrafie');
    await page.getByText('Rezultate pentru').waitFor();
    expect(await page.locator('.listing-corrected').textContent()).toContain('„fotografie”');
    await until(async () => (await titles(page)).some((t) => /Fotografie/i.test(t)));
    await page.getByRole('link', { name: 'Caută exact „fotgrafie”' }).click();
    await until(async () => new URL(page.url()).searchParams.get('exact') !== null);
    await page.getByText('Nu s-au găsit anunțuri care să corespundă filtrelor.').waitFor();
    expect(await page.locator('.listing-corrected').count()).toBe(0);
    // Typing again searches with the correction again.
    await page.getByLabel('Caută în anunțuri').fill('fotgrafie nunta');
    await page.getByText('Rezultate pentru').waitFor();
    expect(new URL(page.url()).searchParams.get('exact')).toBeNull();
    await context.close();
  });

  it("finds 'Lecții de chitară' for 'lectie chitara' and shows some-word results below a divider", async () => {
    const { page, context } = await newPage(browser, server);
    await page.goto('/anunturi-categorie/toate?q=lectie%20chitara');
    await until(async () => (await titles(page)).some((t) => /Lecții de chitară/.test(t)));
    // 'chitara' alone has results, 'submarin' none: the guitar lessons come below the divider.
    await page.goto('/anunturi-categorie/toate?q=chitara%20submarin');
    await page
      .getByRole('separator')
      .filter({ hasText: 'Rezultate care conțin doar o parte din cuvinte' })
      .waitFor();
    expect((await titles(page)).some((t) => /chitară/i.test(t))).toBe(true);
    await context.close();
  });
});
