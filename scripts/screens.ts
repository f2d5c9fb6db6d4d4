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
 * ONLY=home,login limits the screens; WIDTHS=375 and THEMES=dark limit the rest.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser, queryServerDb, TestServer } from '../e2e/harness.ts';
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
type Ids = { other: string; otherAnnouncement: string; category: string };
type Screen = {
  name: string;
  as: 'guest' | 'user';
  path: (ids: Ids) => string;
  /** What must be on the page before the shot (and any clicks leading to the state shown). */
  ready?: (page: Page) => Promise<void>;
  /** Viewport only (dialogs, full-height layouts); otherwise the whole page. */
  viewport?: boolean;
  widths?: number[];
  /** Server-side preparation before the page loads. */
  before?: () => Promise<void>;
  /** After the shot (e.g. answering the cookie banner, so it does not cover the next screens). */
  after?: (page: Page) => Promise<void>;
};

/** Sends Andrei's two questions about Ioana's announcement again (opening a conversation clears them). */
let nudge: () => Promise<void> = async () => undefined;

const visible = (page: Page, selector: string) => page.locator(selector).locator('visible=true').first();

const SCREENS: Screen[] = [
  {
    name: 'home-guest',
    as: 'guest',
    path: () => '/',
    ready: (p) => visible(p, '.card').waitFor(),
    after: (p) => p.getByRole('button', { name: 'Acceptă tot' }).click(),
  },
  { name: 'home', as: 'user', path: () => '/', ready: (p) => visible(p, '.card').waitFor() },
  {
    name: 'cont',
    as: 'user',
    path: () => '/cont',
    widths: [375],
    ready: (p) => p.getByText('Contul meu').first().waitFor(),
  },
  {
    name: 'login',
    as: 'guest',
    path: () => '/login',
    ready: (p) => p.getByLabel('Parola').first().waitFor(),
  },
  { name: 'signup', as: 'guest', path: () => '/signup', ready: (p) => visible(p, 'main form').waitFor() },
  {
    name: 'forgot-password',
    as: 'guest',
    path: () => '/forgot-password',
    ready: (p) => visible(p, 'main form').waitFor(),
  },
  {
    name: 'despre',
    as: 'guest',
    path: () => '/despre',
    ready: async (p) => {
      await p.locator('main h1').first().waitFor();
      // Open the first FAQ answer, to see an open one.
      const q = p.locator('main button[aria-expanded="false"]').first();
      if (await q.count()) await q.click();
    },
  },
  {
    name: 'cum-functioneaza',
    as: 'guest',
    path: () => '/cum-functioneaza',
    ready: (p) => p.locator('main h1').first().waitFor(),
  },
  {
    name: 'confidentialitate',
    as: 'guest',
    path: () => '/confidentialitate',
    ready: (p) => p.locator('main h1').first().waitFor(),
  },
  {
    name: 'setari-cont',
    as: 'user',
    path: () => '/setari-cont',
    ready: (p) => p.locator('main form').first().waitFor(),
  },
  {
    name: 'adauga-anunt',
    as: 'user',
    path: () => '/adauga-anunt',
    ready: async (p) => {
      await p.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
      await p.getByLabel('Titlu').fill('Lecții de chitară clasică pentru începători și avansați');
      await p.getByText('Meditații & Cursuri').first().click();
      await p.getByLabel('Descriere').fill('Scurt');
      await p.getByLabel('Persoana de contact').fill('Ioana Popescu');
      await p.getByLabel('Email').fill('nu-este-email');
      await p.getByLabel('Preț (lei, opțional)').fill('80');
      await p.getByTestId('images-input').setInputFiles([await photo('a', 30), await photo('b', 200)]);
      await p.getByRole('button', { name: 'Publică un anunț' }).click();
      await p.locator('.field-error').first().waitFor();
      await p.evaluate(() => window.scrollTo(0, 0));
    },
  },
  {
    name: 'preview',
    as: 'user',
    path: () => '/adauga-anunt',
    viewport: true,
    ready: async (p) => {
      await p.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
      await p.getByLabel('Titlu').fill('Lecții de chitară clasică pentru începători și avansați');
      await p
        .getByLabel('Descriere')
        .fill('Lecții individuale, acasă la elev sau online, cu materiale incluse.');
      await p.getByLabel('Preț (lei, opțional)').fill('80');
      await p.getByTestId('images-input').setInputFiles([await photo('c', 120)]);
      await p.getByRole('button', { name: 'Previzualizați anunțul' }).click();
      await p.getByRole('dialog', { name: 'Previzualizare anunț' }).waitFor();
    },
  },
  {
    name: 'anunturile-mele',
    as: 'user',
    path: () => '/anunturile-mele',
    ready: (p) => visible(p, 'main article, main .card, main li').waitFor(),
  },
  {
    name: 'profil',
    as: 'user',
    path: () => '/profil',
    ready: (p) => p.getByText('CONT PRIVAT').first().waitFor(),
  },
  {
    name: 'profil-public',
    as: 'user',
    path: (i) => `/profil/${i.other}`,
    ready: (p) => p.getByText('Toate comentariile').first().waitFor(),
  },
  {
    name: 'toate-recenziile',
    as: 'user',
    path: (i) => `/profil/${i.other}/toate-recenziile`,
    ready: (p) => p.locator('main h1, main h2').first().waitFor(),
  },
  {
    name: 'categorie',
    as: 'user',
    path: (i) => `/anunturi-categorie/${encodeURIComponent(i.category)}`,
    ready: async (p) => {
      await visible(p, '.listing-grid .card').waitFor();
      await p.getByRole('button', { name: 'Filtre', exact: true }).click();
    },
  },
  {
    name: 'categorie-lista',
    as: 'user',
    path: () => '/anunturi-categorie/toate?view=list&pret=under100&sort=price-asc',
    ready: (p) => visible(p, '.card').waitFor(),
  },
  {
    name: 'anunt',
    as: 'user',
    path: (i) => `/announcement/${i.otherAnnouncement}`,
    ready: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    name: 'anunt-zoom',
    as: 'user',
    path: (i) => `/announcement/${i.otherAnnouncement}`,
    viewport: true,
    ready: async (p) => {
      await p.getByRole('heading', { level: 1 }).waitFor();
      await p
        .getByRole('button', { name: /^Mărește fotografia/ })
        .first()
        .click();
      await p.getByRole('dialog', { name: /^Fotografia/ }).waitFor();
    },
  },
  {
    name: 'anunt-evaluare',
    as: 'user',
    path: (i) => `/announcement/${i.otherAnnouncement}`,
    viewport: true,
    ready: async (p) => {
      await p.getByRole('heading', { level: 1 }).waitFor();
      await p.getByRole('button', { name: 'Evaluează' }).click();
      await p.getByRole('dialog', { name: 'Evaluează utilizatorul' }).waitFor();
    },
  },
  {
    name: 'anunt-chat',
    as: 'user',
    path: (i) => `/announcement/${i.otherAnnouncement}`,
    viewport: true,
    ready: async (p) => {
      await p.getByRole('heading', { level: 1 }).waitFor();
      await p.getByRole('button', { name: 'Trimite mesaj' }).click();
      await p.getByRole('dialog', { name: /^Conversație cu/ }).waitFor();
      await p.locator('.msg').first().waitFor();
    },
  },
  {
    name: 'favorite',
    as: 'user',
    path: () => '/favorite-announcements',
    ready: (p) => visible(p, 'main a[href^="/announcement/"]').waitFor(),
  },
  {
    name: 'notificari',
    as: 'user',
    path: () => '/notificari',
    before: () => nudge(),
    ready: (p) => visible(p, '.notif').waitFor(),
  },
  {
    name: 'chat',
    as: 'user',
    path: () => '/chat',
    viewport: true,
    ready: async (p) => {
      await visible(p, '.chat-list-item').click();
      await p.locator('.msg').first().waitFor();
    },
  },
  {
    name: 'chat-lista',
    as: 'user',
    path: () => '/chat',
    viewport: true,
    widths: [375],
    ready: (p) => visible(p, '.chat-list-item').waitFor(),
  },
];

const photos = new Map<string, { name: string; mimeType: string; buffer: Buffer }>();
async function photo(name: string, hue: number) {
  let f = photos.get(name);
  if (!f) {
    const [r, g, b] = [hue % 255, (hue * 3) % 255, (hue * 7) % 255];
    const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g, b } } })
      .jpeg()
      .toBuffer();
    f = { name: `${name}.jpg`, mimeType: 'image/jpeg', buffer };
    photos.set(name, f);
  }
  return f;
}

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
async function prepare(server: TestServer): Promise<{ user: Account; ids: Ids }> {
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
  nudge = async () => {
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
  return { user, ids: { other: other!.id, otherAnnouncement: his, category: 'Prăjituri, Băcănie, Gătit' } };
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

async function shoot(page: Page, screen: Screen, ids: Ids, file: string) {
  if (screen.before) {
    // Away from any open conversation first: the server does not notify someone looking at it.
    await page.goto('about:blank');
    await screen.before();
  }
  await page.goto(screen.path(ids), { waitUntil: 'load' });
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
  const { user, ids } = await prepare(server);
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
          await shoot(page, screen, ids, file);
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
