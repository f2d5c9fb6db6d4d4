import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { freePort, waitHealthy } from '../scripts/scratch.ts';
import { SEED_PASSWORD } from '../scripts/seed-data.ts';

const ROOT = join(import.meta.dirname, '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** A seeded data folder made once per run and copied for each test file (seeding renders ~600 JPEGs, 35–50 s). */
function seededTemplate(): string {
  const dir = process.env.HOBBIZ_E2E_TEMPLATE ?? join(tmpdir(), 'hobbiz-e2e-template');
  if (!existsSync(join(dir, 'hobbiz.sqlite'))) {
    rmSync(dir, { recursive: true, force: true });
    const r = spawnSync(TSX, ['scripts/seed.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dir },
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('seeding the e2e template failed');
  }
  return dir;
}

/** The demo data plus `n` generated announcements, made once per run (100,000 take ~10 s). */
function catalogueTemplate(n: number): string {
  const dir = `${seededTemplate()}-catalogue-${n}`;
  if (!existsSync(join(dir, 'hobbiz.sqlite'))) {
    rmSync(dir, { recursive: true, force: true });
    cpSync(seededTemplate(), dir, { recursive: true });
    const r = spawnSync(TSX, ['scripts/seed.ts', '--announcements', String(n)], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dir },
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('seeding the catalogue template failed');
  }
  return dir;
}

/**
 * The real server (built PWA + API + sync) on a free port with its own data folder. stop() kills it
 * like a lost network would; start() brings it back on the same port and data.
 */
export class TestServer {
  private proc: ChildProcess | null = null;
  readonly dataDir: string;
  /** The built PWA it serves (STATIC_DIR), when not the repository's dist/. */
  readonly staticDir: string | undefined;
  port = 0;

  /** `catalogue`: the demo data plus that many generated announcements (scripts/seed-catalogue.ts). */
  constructor(opts: { seed?: boolean; catalogue?: number; staticDir?: string } = {}) {
    this.staticDir = opts.staticDir;
    this.dataDir = mkdtempSync(join(tmpdir(), 'hobbiz-e2e-'));
    if (opts.catalogue) cpSync(catalogueTemplate(opts.catalogue), this.dataDir, { recursive: true });
    else if (opts.seed !== false) cpSync(seededTemplate(), this.dataDir, { recursive: true });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** False between stop() and start(): a test that failed with the server stopped leaves it so. */
  get running(): boolean {
    return this.proc !== null && this.proc.exitCode === null;
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    // One process (node with the tsx loader), so a kill really takes the server down.
    const proc = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'warn',
        ...(this.staticDir ? { STATIC_DIR: this.staticDir } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.proc = proc;
    await waitHealthy(this.url, proc, 30_000);
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
    this.proc = null;
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Uncaught errors of every page opened by newPage; e2e/setup.ts fails the test that produced one. */
export const pageErrors: string[] = [];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** A test file's seeded server (TestServer options) and Chromium, started together in its beforeAll. */
export async function startServerAndBrowser(
  opts?: ConstructorParameters<typeof TestServer>[0],
): Promise<{ server: TestServer; browser: Browser }> {
  const server = new TestServer(opts);
  await server.start();
  return { server, browser: await launchBrowser() };
}

/** Their afterAll: either may be missing when beforeAll failed half-way. */
export async function stopServerAndBrowser(server?: TestServer, browser?: Browser): Promise<void> {
  await browser?.close();
  await server?.dispose();
}

/** GET /api/announcements/popular?limit=N, as the seeded server answers it (tests pick their subjects there). */
export async function popularAnnouncements<T = { _id: string; title: string; favoritesCount: number }>(
  server: TestServer,
  limit: number,
): Promise<T[]> {
  return (await (await fetch(`${server.url}/api/announcements/popular?limit=${limit}`)).json()) as T[];
}

/** `server`: a TestServer, or anything with a url (nginx in front of a cluster, e2e/cluster.e2e.ts). */
export async function newPage(
  browser: Browser,
  server: { url: string },
  viewport = { width: 1280, height: 900 },
  opts: { pushOffer?: boolean } = {},
) {
  const context: BrowserContext = await browser.newContext({
    baseURL: server.url,
    viewport,
    locale: 'ro-RO',
  });
  // The offer to turn notifications on (issue 23) floats over the page after a first message or
  // publish: only the tests about it see it.
  if (!opts.pushOffer) {
    await context.addInitScript(() => {
      try {
        localStorage.setItem('hobbiz_push_asked', 'test');
      } catch {
        /* about:blank */
      }
    });
  }
  const page: Page = await context.newPage();
  page.on('pageerror', (err) => {
    console.error('[pageerror]', err.message);
    pageErrors.push(err.message);
  });
  // E2E_TRACE=1: every console line and navigation, timed, to follow a flaky run.
  if (process.env.E2E_TRACE) {
    const t0 = Date.now();
    const at = () => `[+${Date.now() - t0} ms]`;
    page.on('console', (m) => console.log(at(), `[console.${m.type()}]`, m.text().slice(0, 300)));
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) console.log(at(), '[navigated]', f.url());
    });
    page.on('load', () => console.log(at(), '[load]', page.url()));
  }
  // A Content-Security-Policy violation is a bug too (something the app needs is blocked).
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('Content Security Policy')) pageErrors.push(m.text());
  });
  return { context, page };
}

/**
 * Waits until a service worker controls the page (needed before testing offline starts). A page that is
 * still not controlled 30 s after the worker is active (or whose worker is not ready after 15 s) is
 * reloaded (a load under an active worker is controlled); a third failure throws with a message instead
 * of hanging the test until its own timeout. A reload loses what the page showed (an open conversation,
 * a form being filled): call this before building such state, and the log says when it happened.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const state = await page.evaluate(async () => {
      // A worker whose install failed (a precache fetch refused) never becomes ready: give up after 15 s
      // and reload, which registers it again, rather than hanging until the test's own timeout.
      const ready = await Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 15_000)),
      ]);
      const describe = async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        const w = (x: ServiceWorker | null | undefined) => x?.state ?? '-';
        return `ready=${ready} controller=${!!navigator.serviceWorker.controller} installing=${w(reg?.installing)} waiting=${w(reg?.waiting)} active=${w(reg?.active)}`;
      };
      if (!ready) return describe();
      if (navigator.serviceWorker.controller) return 'controlled';
      const changed = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(!!navigator.serviceWorker.controller), 30_000);
        navigator.serviceWorker.addEventListener(
          'controllerchange',
          () => {
            clearTimeout(timer);
            resolve(true);
          },
          { once: true },
        );
      });
      return changed ? 'controlled' : describe();
    });
    if (state === 'controlled') return;
    console.warn(`[harness] no service worker controls ${page.url()} (${state}): reloading`);
    await page.reload();
  }
  throw new Error('no service worker controls the page');
}

/** The URLs held in one of the service worker's caches (by name prefix). */
export function cachedUrls(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate(async (p) => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith(p)) continue;
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  }, prefix);
}

/** Signed-in pages' code the app keeps in the background after a sign-in (offline/signed-in-pages.ts). */
export const SIGNED_IN_CHUNKS = [
  '/assets/add-announcement.lazy-',
  '/assets/publish-queue-',
  '/assets/anunturile-mele.lazy-',
  '/assets/chat.lazy-',
  '/assets/notificari.lazy-',
  '/assets/plati.lazy-',
  '/assets/member-',
  '/assets/ReportDialog-',
];

/**
 * Waits until the signed-in pages' code is on the device. The app fetches it in idle time, one page at a
 * time, and starts again at every page load: a test that reloads quickly and then stops the server
 * must wait for it, as a person who opened the app a minute before would have it.
 */
export async function waitForSignedInPages(page: Page, chunks = SIGNED_IN_CHUNKS): Promise<void> {
  await until(async () => {
    const kept = await cachedUrls(page, 'hobbiz-assets');
    return chunks.every((c) => kept.some((u) => u.startsWith(c)));
  }, 60_000);
}

export async function localAnnouncementCount(page: Page): Promise<number> {
  return (await localAnnouncementIds(page)).length;
}

/** The ids of the live announcements the local database of whoever is signed in (or the guest's) holds. */
export async function localAnnouncementIds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const ids: string[] = [];
    const userId = localStorage.getItem('userId');
    const mine = `rxdb-dexie-${userId ? `hobbiz_u_${userId}` : 'hobbiz_guest'}--`;
    for (const info of await indexedDB.databases()) {
      // RxDB's Dexie storage keeps each collection in its own IndexedDB database, rows in 'docs'.
      if (!info.name?.startsWith(mine) || !info.name.endsWith('--announcements')) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      await new Promise<void>((resolve) => {
        const req = db.transaction('docs').objectStore('docs').openCursor();
        req.onsuccess = () => {
          const cursor = req.result;
          if (!cursor) return resolve();
          // RxDB's Dexie storage keeps booleans as '0' / '1'.
          const doc = cursor.value as { id: string; _deleted?: unknown };
          if (doc._deleted !== '1' && doc._deleted !== true) ids.push(doc.id);
          cursor.continue();
        };
        req.onerror = () => resolve();
      });
      db.close();
    }
    return ids;
  });
}

/** Reads the server's SQLite file directly (read-only; WAL lets it run beside the server). */
export function queryServerDb<T>(server: TestServer, sql: string, ...params: unknown[]): T[] {
  const db = new Database(join(server.dataDir, 'hobbiz.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * Issue 40: gives an account standing as a day would — its address confirmed, the account made two days
 * ago — by writing the server's SQLite file (WAL lets it beside the running server). Its reviews then count
 * at once and its reports weigh.
 */
export function giveStanding(server: TestServer, userId: string): void {
  const db = new Database(join(server.dataDir, 'hobbiz.sqlite'), { fileMustExist: true, timeout: 5_000 });
  try {
    const now = Date.now();
    db.prepare('UPDATE users SET email_verified_at = ?, created_at = ? WHERE id = ?').run(
      now,
      new Date(now - 2 * 86_400_000).toISOString(),
      userId,
    );
  } finally {
    db.close();
  }
}

/** A fresh account made through the API; the page is then signed in by storing its token. */
export async function apiAccount(server: TestServer, email: string, password = 'o-parola-lunga') {
  const json = { 'content-type': 'application/json' };
  await fetch(`${server.url}/api/users/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ firstName: 'Test', lastName: 'Exemplu', email, password }),
  });
  const res = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  return (await res.json()) as { token: string; userId: string };
}

/**
 * A conversation that already exists: a new buyer (`buyerEmail`) wrote `opening` about the first live
 * announcement of a seeded seller, who is signed in over the API too.
 */
export async function conversationWithSeededSeller(server: TestServer, buyerEmail: string, opening: string) {
  const [ann] = queryServerDb<{ id: string; email: string }>(
    server,
    `SELECT a.id, u.email FROM announcements a JOIN users u ON u.id = a.owner_id
     WHERE a.active = 1 AND a.deleted = 0 ORDER BY a.id LIMIT 1`,
  );
  const seller = await apiAccount(server, ann!.email, SEED_PASSWORD);
  const buyer = await apiAccount(server, buyerEmail);
  const res = await fetch(`${server.url}/api/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ announcementId: ann!.id, text: opening }),
  });
  if (!res.ok) throw new Error(`first message refused: ${res.status}`);
  return { announcementId: ann!.id, seller, buyer };
}

/** Ids of the live favourites in the signed-in person's local database. */
export async function localFavoriteIds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const name = `rxdb-dexie-hobbiz_u_${localStorage.getItem('userId')}--0--favorites`;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const rows = await new Promise<{ id: string; _deleted: unknown }[]>((resolve) => {
      const req = db.transaction('docs').objectStore('docs').getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve([]);
    });
    db.close();
    return rows.filter((r) => r._deleted !== '1' && r._deleted !== true).map((r) => r.id);
  });
}

/** Polls until `fn` holds (or fails after `ms`). */
export async function until(fn: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('condition not met in time');
}

/** Opens the app signed in as `account` (its token stored as the app stores it after login). */
export async function openSignedIn(page: Page, account: { token: string; userId: string }): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t!);
      localStorage.setItem('userId', u!);
    },
    [account.token, account.userId],
  );
  await page.reload();
}
