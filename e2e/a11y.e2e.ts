import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../schema/rules/account.ts';
import {
  apiAccount,
  newPage,
  openSignedIn,
  startServerAndBrowser,
  stopServerAndBrowser,
  type TestServer,
} from './harness.ts';

/**
 * axe-core on every route and the main states (dialogs open, errors shown, offline), light and dark:
 * no serious or critical violation. axe is evaluated through DevTools, which the page's CSP does not
 * govern, so the app runs under its real policy.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

async function audit(page: Page, label: string): Promise<string[]> {
  await page.evaluate(`${axeSource};0`);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: unknown[] }> } })
      .axe;
    const r = await axe.run({ resultTypes: ['violations'] });
    return r.violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => JSON.stringify(n.target))
          .join(', ')}`,
    );
}

let server: TestServer;
let browser: Browser;
let announcementId = '';
let sellerId = '';
let category = '';
beforeAll(async () => {
  ({ server, browser } = await startServerAndBrowser());
  const [first] = (await (await fetch(`${server.url}/api/announcements/popular?limit=1`)).json()) as {
    _id: string;
    ownerId: string;
    category: string;
  }[];
  announcementId = first!._id;
  sellerId = first!.ownerId;
  category = first!.category;
});
afterAll(() => stopServerAndBrowser(server, browser));

const publicRoutes = () => [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/despre',
  '/cum-functioneaza',
  '/confidentialitate',
  '/cookie',
  '/termeni',
  '/contact',
  '/plati',
  '/contul-tau',
  `/anunturi-categorie/${encodeURIComponent(category)}`,
  `/announcement/${announcementId}`,
  `/profil/${sellerId}`,
  `/profil/${sellerId}/toate-recenziile`,
];
const privateRoutes = [
  '/favorite-announcements',
  '/chat',
  '/notificari',
  '/setari-cont',
  '/profil',
  '/anunturile-mele',
  '/add-announcement',
  '/cont',
];

async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Skeletons and lazy data: give the screen a moment to reach its resting state.
  await page.waitForTimeout(400);
}

async function setTheme(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((d) => localStorage.setItem('darkMode', d ? 'true' : 'false'), dark);
}

describe('accessibility (axe-core): no serious or critical violations', () => {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';

    it(`every public route, ${theme}`, async () => {
      const { page, context } = await newPage(browser, server);
      await page.goto('/');
      await setTheme(page, dark);
      const found: string[] = [];
      for (const path of publicRoutes()) {
        await settle(page, path);
        found.push(...(await audit(page, `${theme} ${path}`)));
      }
      // States: the sign-in form with its errors shown, the category overlay open.
      // Each state is audited only once it is really on screen: a click that failed must fail the test,
      // not audit the page without the state.
      await settle(page, '/login');
      await page.getByRole('button', { name: 'Autentifică-te', exact: true }).click();
      await page.getByText(ACCOUNT_MESSAGES.emailRequired).first().waitFor();
      found.push(...(await audit(page, `${theme} /login with errors`)));
      await settle(page, '/');
      await page.getByRole('button', { name: 'Categorii' }).first().click();
      await page.getByRole('dialog').first().waitFor();
      found.push(...(await audit(page, `${theme} / with the category overlay`)));
      await context.close();
      expect(found).toEqual([]);
    });

    it(`every signed-in route, ${theme}, and the offline state`, async () => {
      const me = await apiAccount(server, `a11y.${theme}@hobbiz.test`);
      const { page, context } = await newPage(browser, server);
      await openSignedIn(page, me);
      await setTheme(page, dark);
      const found: string[] = [];
      for (const path of privateRoutes) {
        await settle(page, path);
        found.push(...(await audit(page, `${theme} ${path}`)));
      }
      // A phone with the server gone: the status shows and nothing on the screen becomes unreadable.
      await page.setViewportSize({ width: 375, height: 812 });
      await settle(page, '/');
      await server.stop();
      await page.getByText('Offline').first().waitFor({ timeout: 15_000 });
      found.push(...(await audit(page, `${theme} / offline on a phone`)));
      await server.start();
      await context.close();
      expect(found).toEqual([]);
    });
  }
});

describe('keyboard', () => {
  it('Tab reaches the home controls, each with a visible focus ring; Enter and Escape work', async () => {
    const { page, context } = await newPage(browser, server);
    await settle(page, '/');
    const seen: { label: string; ring: boolean }[] = [];
    for (let i = 0; i < 45; i++) {
      await page.keyboard.press('Tab');
      seen.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return { label: '(body)', ring: true };
          // The ring may be drawn by the control or, for inputs inside a pill, by a :focus-within parent.
          const hasRing = (n: Element) => {
            const s = getComputedStyle(n);
            return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
          };
          const ring = [el, el.parentElement, el.parentElement?.parentElement].some((n) => !!n && hasRing(n));
          const label = el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 40) || el.tagName;
          return { label: `${el.tagName.toLowerCase()}:${label}`, ring };
        }),
      );
    }
    const labels = seen.map((s) => s.label);
    expect(labels.some((l) => l.includes('Caută anunțuri'))).toBe(true);
    expect(labels.some((l) => l.startsWith('button:Categorii'))).toBe(true);
    expect(labels.filter((l) => l.startsWith('a:')).length).toBeGreaterThan(5);
    expect(seen.filter((s) => !s.ring).map((s) => s.label)).toEqual([]);

    // The category menu opens from the keyboard and Escape closes it, focus back on its button.
    const categorii = page.getByRole('button', { name: 'Categorii' }).first();
    await categorii.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').first().waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toContain('Categorii');
    await context.close();
  });
});
