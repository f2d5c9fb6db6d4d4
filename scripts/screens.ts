/**
 * Layout review screenshots (issues 5 and 6, "Layout checked at 375, 900 and 1280 px, light and dark"):
 * `npx tsx scripts/screens.ts` (or `npm run screens`). Starts a seeded TestServer on the build in
 * STATIC_DIR (like the browser tests), makes a little live data (two conversations, notifications), then
 * shoots every screen of both issues at 375, 900 and 1280 px wide (height 800), light and dark, signed in
 * as the demo user Ioana Popescu where the screen needs an account.
 *
 * Output in .tmp/screens/: one PNG per screen × width × theme (`{screen}-{width}-{theme}.png`; whole page
 * for pages, the viewport for dialogs and the chat), and one contact sheet per screen in
 * .tmp/screens/sheets/ (rows light / dark, columns 375 / 900 / 1280, scaled down, pages cut at 2,000 px).
 * ONLY=home,login limits the screens; WIDTHS=375 and THEMES=dark limit the rest. The screens: screens-list.ts.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser, queryServerDb, TestServer } from '../e2e/harness.ts';
import { type Live, SCREENS, type Screen } from './screens-list.ts';
import { SEED_PASSWORD } from './seed-data.ts';

const OUT = join(import.meta.dirname, '..', '.tmp', 'screens');
const SHEETS = join(OUT, 'sheets');
const WIDTHS = (process.env.WIDTHS ?? '375,900,1280').split(',').map(Number);
const THEMES = (process.env.THEMES ?? 'light,dark').split(',') as Theme[];
const ONLY = process.env.ONLY?.split(',');
const HEIGHT = 800;
const SHEET_SCALE = 0.4;
const SHEET_CUT = 2000;

type Theme = 'light' | 'dark';
type Account = { token: string; userId: string };

async function login(url: string, email: string): Promise<Account> {
  const res = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: SEED_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return (await res.json()) as Account;
}

async function send(url: string, from: Account, body: Record<string, unknown>) {
  const res = await fetch(`${url}/api/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${from.token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`message: ${res.status} ${await res.text()}`);
}

/** Live data the seed lacks: Ioana writes about Andrei's announcement and the other way round. */
async function prepare(server: TestServer): Promise<{ user: Account; live: Live }> {
  const user = await login(server.url, 'ioana.popescu@hobbiz.test');
  const andrei = await login(server.url, 'andrei.ionescu@hobbiz.test');
  const first = (owner: string) =>
    queryServerDb<{ id: string }>(
      server,
      `SELECT id FROM announcements WHERE owner_id = ? AND active = 1 AND deleted = 0
       ORDER BY length(images) DESC LIMIT 1`,
      owner,
    )[0]!.id;
  const hers = first(user.userId);
  const his = first(andrei.userId);
  await send(server.url, user, {
    announcementId: his,
    text: 'Bună ziua! Mai este disponibil? Aș veni sâmbătă.',
  });
  await send(server.url, andrei, {
    announcementId: his,
    destinatarId: user.userId,
    text: 'Bună ziua, da, este disponibil. Sâmbătă după ora 10 e perfect; vă trimit adresa exactă pe mesaj.',
  });
  const nudge = async () => {
    await send(server.url, andrei, {
      announcementId: hers,
      text: 'Salut! Faceți și livrare în București? Aș avea nevoie de o comandă pentru o aniversare de 40 de persoane.',
    });
    await send(server.url, andrei, { announcementId: hers, text: 'Mulțumesc anticipat!' });
  };
  await nudge();
  // A seller with at least two reviews, who is not the signed-in user.
  const [other] = queryServerDb<{ id: string }>(
    server,
    `SELECT user_id AS id FROM reviews WHERE user_id != ? GROUP BY user_id
     ORDER BY COUNT(*) DESC, user_id LIMIT 1`,
    user.userId,
  );
  return {
    user,
    live: { other: other!.id, otherAnnouncement: his, category: 'Prăjituri, Băcănie, Gătit', nudge },
  };
}

async function newContext(browser: Browser, url: string, width: number, theme: Theme, user: Account | null) {
  const context: BrowserContext = await browser.newContext({
    baseURL: url,
    viewport: { width, height: HEIGHT },
    locale: 'ro-RO',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  await context.addInitScript(
    ([dark, account]) => {
      // Frames (the map) and about:blank have no say (their storage is not the app's, or is refused).
      if (window !== window.top || location.protocol === 'about:') return;
      if (sessionStorage.getItem('screens-init')) return;
      sessionStorage.setItem('screens-init', '1');
      localStorage.setItem('darkMode', dark ? 'true' : 'false');
      if (account) {
        localStorage.setItem('token', account.token);
        localStorage.setItem('userId', account.userId);
        localStorage.setItem('cookie_consent', 'accepted');
      }
    },
    [theme === 'dark', user] as const,
  );
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`[pageerror ${width} ${theme}]`, err.message));
  return { context, page };
}

/** Scrolls through the page so lazy images load, then back to the top. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const h = Math.min(document.documentElement.scrollHeight, 4000);
    for (let y = 0; y < h; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(400);
}

async function shoot(page: Page, screen: Screen, live: Live, file: string) {
  if (screen.before) {
    // Away from any open conversation first: the server does not notify someone looking at it.
    await page.goto('about:blank');
    await screen.before(live);
  }
  await page.goto(screen.path(live), { waitUntil: 'load' });
  try {
    await (screen.ready?.(page) ?? page.locator('main').first().waitFor());
  } catch (e) {
    console.error(`  ${screen.name}: not ready (${(e as Error).message.split('\n')[0]}); shooting anyway`);
  }
  if (!screen.viewport) await settle(page);
  else await page.waitForTimeout(500);
  // Horizontal overflow is the commonest phone defect: report it in numbers too.
  const overflow = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > w + 1 && getComputedStyle(el).position !== 'fixed')
      .filter((el) => !el.closest('[class*="carousel"], [class*="scroller"], .chips, [style*="overflow"]'))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    return { scroll: document.documentElement.scrollWidth - w, wide };
  });
  if (overflow.scroll > 0)
    console.log(`  ${file}: page scrolls sideways by ${overflow.scroll}px`, overflow.wide);
  if (screen.viewport) {
    await page.screenshot({ path: join(OUT, file), animations: 'disabled' });
    return;
  }
  // The whole page, as a window that tall would show it: fixed bars sit at its real top and bottom
  // (a full-page capture of an 800 px window leaves them painted over the middle of the page).
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.min(Math.max(height, size.height), 8000) });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUT, file), animations: 'disabled' });
  await page.setViewportSize(size);
}

async function sheet(screen: Screen, widths: number[]) {
  const label = (text: string, w: number) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="22"><rect width="100%" height="100%" fill="#fff"/><text x="4" y="16" font-family="sans-serif" font-size="14" fill="#000">${text}</text></svg>`,
    );
  const gap = 12;
  const cells: { input: Buffer; left: number; top: number }[] = [];
  let width = 0;
  let top = 0;
  for (const theme of THEMES) {
    let left = 0;
    let rowHeight = 0;
    for (const w of widths) {
      const file = join(OUT, `${screen.name}-${w}-${theme}.png`);
      const meta = await sharp(file).metadata();
      const cut = Math.min(meta.height!, SHEET_CUT);
      const img = await sharp(file)
        .extract({ left: 0, top: 0, width: meta.width!, height: cut })
        .resize(Math.round(meta.width! * SHEET_SCALE))
        .png()
        .toBuffer();
      const { width: iw = 0, height: ih = 0 } = await sharp(img).metadata();
      const more = meta.height! > cut ? ` (cut, ${meta.height}px)` : '';
      cells.push({ input: label(`${w} ${theme}${more}`, iw), left, top });
      cells.push({ input: img, left, top: top + 22 });
      left += iw + gap;
      rowHeight = Math.max(rowHeight, ih + 22);
    }
    width = Math.max(width, left);
    top += rowHeight + gap;
  }
  await sharp({ create: { width, height: top, channels: 3, background: '#888' } })
    .composite(cells)
    .png()
    .toFile(join(SHEETS, `${screen.name}.png`));
}

const screens = SCREENS.filter((s) => !ONLY || ONLY.includes(s.name));
if (!ONLY) rmSync(OUT, { recursive: true, force: true });
mkdirSync(SHEETS, { recursive: true });
const server = new TestServer();
await server.start();
const browser = await launchBrowser();
try {
  const { user, live } = await prepare(server);
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      for (const as of ['guest', 'user'] as const) {
        const todo = screens.filter((s) => s.as === as && (s.widths ?? WIDTHS).includes(width));
        if (!todo.length) continue;
        const { context, page } = await newContext(
          browser,
          server.url,
          width,
          theme,
          as === 'user' ? user : null,
        );
        for (const screen of todo) {
          const file = `${screen.name}-${width}-${theme}.png`;
          await shoot(page, screen, live, file);
          await screen.after?.(page);
          console.log(`${file}`);
        }
        await context.close();
      }
    }
  }
  for (const screen of screens)
    await sheet(
      screen,
      WIDTHS.filter((w) => (screen.widths ?? WIDTHS).includes(w)),
    );
  console.log(`\n${screens.length} screens → ${OUT} (contact sheets in ${SHEETS})`);
} finally {
  await browser.close();
  await server.dispose();
}
