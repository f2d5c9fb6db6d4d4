/**
 * A national catalogue on a rural phone (issue 11) — `npm run bench:catalogue`, at 1k / 100k / 1M
 * announcements (`--sizes 1000,100000` runs a subset). Per size, on a data folder seeded once by
 * `seedCatalogue` and kept in `.tmp/bench-catalogue/<n>-m<migrations>/`:
 *   1. guest first visit of the home on the weak phone: bytes received in the first 60 s     ≤ 350 kB, flat
 *   2. server search (benchSearch of scripts/bench/search.ts, the service without HTTP), 'tort ciocolata'
 *      alone and + category + county + price band, every sort: p50/p95 per case (and its five queries) p95 ≤ 30 ms
 *   3. weak phone, app open: tap (category tile / home search) → first listing card painted   ≤ 1.5 s
 *   4. device storage after 50 listing pages and 100 details (unthrottled)                     ≤ 15 MB
 *   5. an owner's price change (REST PUT) → another device's open detail shows it, loopback   p95 ≤ 1 s
 * Weak phone = DevTools "Slow 4G" (562.5 ms latency, 180,000 B/s down, 84,375 B/s up) + 4× CPU over CDP,
 * 412×823 (scripts/bench/page-lib.ts). DevTools throttling leaves WebSocket frames alone, so in 1 and 3 the
 * page goes through CountingProxy (catalogue-lib.ts), which gives the sync socket's connection the same
 * profile and counts the bytes on the wire. The service worker's own fetches (its precache) are counted
 * from Playwright's context events (they are not on the page's CDP session; not throttled either).
 * Chromium, the server and this script share the machine's cores.
 *
 * Flags: --sizes 1000,100000,1000000   --only bytes,search,listing,storage,price
 *        --runs N (bytes runs per size, default 1)   --taps N (listing taps per kind, default 5)
 *        --no-build (reuse the build in STATIC_DIR)   STATIC_DIR (default .tmp/dist-bench)
 * Prints figures with 'ok' / 'MISSED' per goal and a Markdown table; the raw figures go to
 * .tmp/bench-catalogue/results-<time>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, CDPSession, Page, WebSocket } from 'playwright-core';
import { launchBrowser } from '../../e2e/harness.ts';
import { DRAFT_FIELDS } from '../../schema/fields.ts';
import { formatPrice } from '../../schema/format.ts';
import type { AnnouncementInput } from '../../schema/rules/announcement.ts';
import { SEED_PASSWORD } from '../seed-data.ts';
import {
  buildPwa,
  CACHE_ROOT,
  CountingProxy,
  kB,
  MB,
  migrationCount,
  ms,
  SLOW_4G,
  seededDataDir,
  sizeLabel,
} from './catalogue-lib.ts';
import { median, PHONE, weakPhone } from './page-lib.ts';
import { benchSearch } from './search.ts';
import { OwnServer, ROOT } from './server-process.ts';
import { defer, percentile, runBench, sleep, summarize } from './sync-lib.ts';

const GOALS = {
  bytes: 350_000,
  flat: 0.1,
  searchP95Ms: 30,
  tapMs: 1500,
  storage: 15_000_000,
  priceP95Ms: 1000,
};
const WINDOW_MS = 60_000;
const SECTIONS = ['bytes', 'search', 'listing', 'storage', 'price'] as const;
type Section = (typeof SECTIONS)[number];

const { values: flags } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,100000,1000000' },
    only: { type: 'string', default: SECTIONS.join(',') },
    runs: { type: 'string', default: '1' },
    taps: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
  },
});
const SIZES = flags.sizes
  .split(',')
  .map((s) => Number(s.trim().replaceAll('_', '')))
  .filter((n) => Number.isSafeInteger(n) && n > 0);
const ONLY = new Set(flags.only.split(',').map((s) => s.trim()) as Section[]);
const RUNS = Math.max(1, Number(flags.runs) || 1);
const TAPS = Math.max(1, Number(flags.taps) || 5);
const STATIC_DIR = resolve(process.env.STATIC_DIR ?? join(ROOT, '.tmp', 'dist-bench'));

const ok = (pass: boolean) => (pass ? 'ok' : 'MISSED');
const log = (line: string) => console.log(line);

// ─── 1. Guest first visit: bytes received in the first 60 s ──────────────────────────────────────────

type Kind = 'js' | 'images' | 'other';
function kindOf(type: string, url: string): Kind {
  const path = url.split('?')[0] ?? '';
  if (type === 'Script' || type === 'script' || path.endsWith('.js')) return 'js';
  if (type === 'Image' || type === 'image' || /\.(png|jpe?g|webp|avif|gif|svg)$/.test(path)) return 'images';
  return 'other';
}

type BytesSample = {
  total: number;
  http: number;
  socket: number;
  socketFrames: number;
  socketUp: number;
  byKind: Record<Kind, number>;
  /** Fetches made by the service worker itself (precache, runtime cache misses), from the network. */
  sw: { requests: number; bytes: number; fromCache: number; throttledGuess: boolean; medianMs: number };
  /** Page requests the service worker answered (not counted again: its own fetch is in `sw`). */
  servedBySw: { requests: number; bytes: number };
  requests: number;
  unfinished: number;
  wire: { down: number; up: number; connections: number };
  biggest: { url: string; kind: Kind; bytes: number }[];
  afterWindow: number;
};

/**
 * Runs `fn` on a fresh phone context (empty HTTP cache, no service worker) throttled like a weak phone,
 * whose page reaches the server at `port` through a Slow 4G CountingProxy (the sync socket's frames too:
 * DevTools throttling leaves them at loopback speed). The HTTP cache is left on: a real first visit lets
 * the service worker's precache reuse what the page just downloaded. Both are closed afterwards.
 */
async function onSlowPhone<T>(
  browser: Browser,
  port: number,
  fn: (s: { proxy: CountingProxy; context: BrowserContext; page: Page; cdp: CDPSession }) => Promise<T>,
): Promise<T> {
  const proxy = new CountingProxy(port, SLOW_4G);
  await proxy.start();
  const context = await browser.newContext(PHONE);
  const undo = defer(async () => {
    await context.close();
    await proxy.stop();
  });
  try {
    const page = await context.newPage();
    const cdp = await weakPhone(context, page, { noCache: false });
    return await fn({ proxy, context, page, cdp });
  } finally {
    await undo();
  }
}

async function firstVisitBytes(browser: Browser, port: number): Promise<BytesSample> {
  return onSlowPhone(browser, port, async ({ proxy, context, page, cdp }) => {
    type Req = { url: string; type: string; fromSw: boolean; partial: number; final: number | null };
    // Requests started in the window; bytes that arrive after it are left out (and shown apart).
    const reqs = new Map<string, Req>();
    let t0 = 0;
    let frozen = false;
    const within = () => !frozen && performance.now() - t0 <= WINDOW_MS;
    let afterWindow = 0;
    let socket = 0;
    let socketUp = 0;
    let frames = 0;
    const frameBytes = (r: { opcode: number; payloadData: string }) =>
      r.opcode === 2 ? Buffer.from(r.payloadData, 'base64').length : Buffer.byteLength(r.payloadData, 'utf8');
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!within()) return;
      const r = reqs.get(e.requestId) ?? { url: '', type: '', fromSw: false, partial: 0, final: null };
      r.url = e.request.url;
      r.type = e.type ?? r.type;
      reqs.set(e.requestId, r);
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = reqs.get(e.requestId);
      if (!r) return;
      r.url = e.response.url;
      r.type = e.type;
      r.fromSw = e.response.fromServiceWorker === true;
    });
    cdp.on('Network.dataReceived', (e) => {
      const r = reqs.get(e.requestId);
      if (r && within()) r.partial += e.encodedDataLength;
      else afterWindow += e.encodedDataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = reqs.get(e.requestId);
      if (r && within()) r.final = e.encodedDataLength;
    });
    cdp.on('Network.webSocketFrameReceived', (e) => {
      if (!within()) {
        afterWindow += frameBytes(e.response);
        return;
      }
      socket += frameBytes(e.response);
      frames++;
    });
    cdp.on('Network.webSocketFrameSent', (e) => {
      if (within()) socketUp += frameBytes(e.response);
    });
    // The service worker's own fetches are not on the page's CDP session; Playwright attaches to the
    // worker and reports them on the context.
    const sw: { url: string; bytes: number; cached: boolean; ms: number }[] = [];
    const swStart = new Map<unknown, number>();
    context.on('request', (r) => {
      if (r.serviceWorker()) swStart.set(r, performance.now());
    });
    context.on('requestfinished', (r) => {
      if (!r.serviceWorker() || !within()) return;
      const started = swStart.get(r) ?? performance.now();
      const done = performance.now();
      void r.sizes().then(
        (sizes) => {
          // Chromium's encodedDataLength (body + headers here) is 0 for an HTTP-cache hit.
          const bytes = Math.max(0, sizes.responseBodySize + sizes.responseHeadersSize);
          sw.push({ url: r.url(), bytes, cached: bytes === 0, ms: done - started });
        },
        () => undefined,
      );
    });

    t0 = performance.now();
    await page.goto(`${proxy.url}/`, { waitUntil: 'commit', timeout: 120_000 });
    await sleep(Math.max(0, WINDOW_MS - (performance.now() - t0)));
    frozen = true;
    const wire = proxy.snapshot();
    await sleep(500);

    const byKind: Record<Kind, number> = { js: 0, images: 0, other: 0 };
    let http = 0;
    let unfinished = 0;
    const servedBySw = { requests: 0, bytes: 0 };
    const rows: { url: string; kind: Kind; bytes: number }[] = [];
    for (const r of reqs.values()) {
      if (!r.url || r.url.startsWith('data:') || r.url.startsWith('ws')) continue;
      const bytes = r.final ?? r.partial;
      if (r.final === null) unfinished++;
      if (r.fromSw) {
        servedBySw.requests++;
        servedBySw.bytes += bytes;
        continue;
      }
      const kind = kindOf(r.type, r.url);
      byKind[kind] += bytes;
      http += bytes;
      rows.push({ url: new URL(r.url).pathname + new URL(r.url).search, kind, bytes });
    }
    const swNet = sw.filter((s) => !s.cached);
    const swBytes = swNet.reduce((s, x) => s + x.bytes, 0);
    for (const s of swNet) {
      byKind[kindOf('', s.url)] += s.bytes;
      rows.push({ url: `[sw] ${new URL(s.url).pathname}`, kind: kindOf('', s.url), bytes: s.bytes });
    }
    const swMedian = median(swNet.map((s) => s.ms));
    byKind.other += socket;
    return {
      total: http + swBytes + socket,
      http: http + swBytes,
      socket,
      socketFrames: frames,
      socketUp,
      byKind,
      sw: {
        requests: swNet.length,
        bytes: swBytes,
        fromCache: sw.length - swNet.length,
        throttledGuess: swMedian >= 500,
        medianMs: swMedian,
      },
      servedBySw,
      requests: rows.length,
      unfinished,
      wire,
      biggest: rows.sort((a, b) => b.bytes - a.bytes).slice(0, 6),
      afterWindow,
    };
  });
}

/**
 * Polls an expression in the page (page.waitForFunction evaluates strings with eval, which the app's
 * Content-Security-Policy forbids; Runtime.evaluate is not subject to it).
 */
async function until(page: Page, expr: string, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await page.evaluate(expr).catch(() => false)) return true;
    await sleep(100);
  }
  return false;
}

// ─── 3. Tap → first listing page, weak phone, app already open ───────────────────────────────────────

/** In-page probe (a string: tsx would wrap named functions in a helper the page lacks). */
const TAP_PROBE = `(() => {
  const b = { tap: null, commit: null, painted: null, sw: !!navigator.serviceWorker.controller };
  window.__bench = b;
  addEventListener('click', (e) => { if (b.tap === null) b.tap = e.timeStamp; }, { capture: true });
  const check = () => {
    if (b.tap === null || b.commit !== null) return;
    for (const el of document.querySelectorAll('.listing-grid .card-title')) {
      const r = el.getBoundingClientRect();
      if ((el.textContent || '').trim() && r.width > 0 && r.height > 0) {
        b.commit = performance.now();
        obs.disconnect();
        requestAnimationFrame(() => setTimeout(() => { b.painted = performance.now(); }, 0));
        return;
      }
    }
  };
  const obs = new MutationObserver(check);
  obs.observe(document, { subtree: true, childList: true, characterData: true });
})()`;

const wsOf = new WeakMap<Page, WebSocket[]>();

/** Resolves once the sync socket said `ready` and the network stayed quiet for `quietMs`. */
async function openAndSettle(page: Page, url: string, quietMs: number, capMs: number) {
  let ready = false;
  let last = performance.now();
  const touch = () => {
    last = performance.now();
  };
  page.on('websocket', (ws) => {
    wsOf.set(page, [...(wsOf.get(page) ?? []), ws]);
    ws.on('framereceived', (f) => {
      touch();
      if (typeof f.payload === 'string' && f.payload.includes('"type":"ready"')) ready = true;
    });
  });
  page.on('request', touch);
  page.on('requestfinished', touch);
  const t0 = performance.now();
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  while (performance.now() - t0 < capMs) {
    if (ready && performance.now() - last >= quietMs) return { ready, ms: performance.now() - t0 };
    await sleep(100);
  }
  return { ready, ms: performance.now() - t0 };
}

type TapSample = {
  kind: 'tile' | 'search';
  /** Tap → the next frame after the first card's text was in the DOM. */
  ms: number;
  commitMs: number;
  /** Tap → the `query` frame left the page; → its result arrived (null: the page asked over REST). */
  querySentMs: number | null;
  resultMs: number | null;
  resultBytes: number | null;
  /** What the page fetched over HTTP after the tap (path, ms), e.g. the listing's lazy chunk. */
  fetched: string[];
  sw: boolean;
  socketUp: boolean;
};

async function tapToListing(browser: Browser, port: number, kind: 'tile' | 'search'): Promise<TapSample> {
  return onSlowPhone(browser, port, async ({ proxy, page }) => {
    const settled = await openAndSettle(page, `${proxy.url}/`, 2000, 45_000);
    if (kind === 'search') {
      await page.locator('.home-search').getByLabel('Caută anunțuri').fill('tort ciocolata');
    } else {
      await page.locator('a.tile').first().scrollIntoViewIfNeeded();
    }
    await sleep(500);
    await page.evaluate(TAP_PROBE);
    const frames: { sent: number | null; got: number | null; bytes: number | null } = {
      sent: null,
      got: null,
      bytes: null,
    };
    const epoch = () => performance.timeOrigin + performance.now();
    for (const ws of wsOf.get(page) ?? []) {
      ws.on('framesent', (f) => {
        if (frames.sent === null && String(f.payload).startsWith('{"type":"query"')) frames.sent = epoch();
      });
      ws.on('framereceived', (f) => {
        if (frames.sent !== null && frames.got === null && String(f.payload).startsWith('{"type":"result"')) {
          frames.got = epoch();
          frames.bytes = Buffer.byteLength(String(f.payload));
        }
      });
    }
    if (kind === 'search') await page.locator('.home-search').getByRole('button', { name: 'Caută' }).click();
    else await page.locator('a.tile').first().click();
    if (!(await until(page, 'window.__bench.painted !== null', 60_000)))
      throw new Error('no listing card in 60 s');
    const b = (await page.evaluate(`({ ...window.__bench, origin: performance.timeOrigin,
      fetched: performance.getEntriesByType('resource').filter((e) => e.startTime >= window.__bench.tap)
        .map((e) => new URL(e.name).pathname + ' ' + Math.round(e.startTime - window.__bench.tap) + '→' + Math.round(e.responseEnd - window.__bench.tap) + ' ms') })`)) as {
      tap: number;
      commit: number;
      painted: number;
      sw: boolean;
      origin: number;
      fetched: string[];
    };
    const tapAt = b.origin + b.tap;
    return {
      kind,
      ms: b.painted - b.tap,
      commitMs: b.commit - b.tap,
      querySentMs: frames.sent === null ? null : frames.sent - tapAt,
      resultMs: frames.got === null ? null : frames.got - tapAt,
      resultBytes: frames.bytes,
      fetched: b.fetched,
      sw: b.sw,
      socketUp: settled.ready,
    };
  });
}

// ─── 4. Device storage after 50 listing pages and 100 details ────────────────────────────────────────

/** Client-side navigation, as a tap on a link would do (the app stays open). */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate(
    `history.pushState(history.state, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate', { state: history.state }))`,
  );
}

const cardCount = (page: Page) => page.locator('.listing-grid .card-title').count();

type StorageSample = {
  pages: number;
  /** Cards shown per listing URL. */
  perListing: string[];
  details: number;
  distinctShown: number;
  usage: number;
  indexedDB: number | null;
  caches: number | null;
  serviceWorker: number | null;
  idbAnnouncements: number;
  cachedPhotos: number;
  /** Cache Storage per cache: entries and the bytes of their bodies. */
  perCache: Record<string, [number, number]>;
  minutes: number;
};

async function deviceStorage(browser: Browser, url: string, categories: string[]): Promise<StorageSample> {
  const t0 = performance.now();
  const context: BrowserContext = await browser.newContext({ ...PHONE, baseURL: url });
  const undo = defer(() => context.close());
  try {
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('  [pageerror]', err.message));
    const settled = await openAndSettle(page, '/', 1000, 30_000);
    if (!settled.ready) console.log('  note: the sync socket did not say ready on the home');
    const cookies = page.getByRole('button', { name: 'Acceptă tot' });
    if (await cookies.isVisible().catch(() => false)) await cookies.click();
    const all = encodeURIComponent('toate');
    const listings = [
      `/anunturi-categorie/${all}`,
      `/anunturi-categorie/${all}?sort=price-asc`,
      `/anunturi-categorie/${all}?sort=price-desc`,
      `/anunturi-categorie/${all}?sort=title`,
      `/anunturi-categorie/${all}?q=tort`,
      ...categories.map((c) => `/anunturi-categorie/${encodeURIComponent(c)}`),
      `/anunturi-categorie/${all}?pret=under50`,
      `/anunturi-categorie/${all}?judet=Cluj`,
      `/anunturi-categorie/${all}?pret=over100`,
      `/anunturi-categorie/${all}?pret=under100&sort=price-desc`,
      `/anunturi-categorie/${all}?q=lectii`,
      `/anunturi-categorie/${all}?judet=Iasi&sort=title`,
    ];
    const shown = new Map<string, string>(); // id → title
    const perListing: string[] = [];
    let pages = 0;
    for (const path of listings) {
      if (pages >= 50) break;
      await navigate(page, path);
      // A fresh listing: its own first page (the previous one's cards are gone, at most one page shows).
      const fresh = await until(
        page,
        `location.pathname + location.search === ${JSON.stringify(path)} && (() => { const n = document.querySelectorAll('.listing-grid .card-title').length; return n > 0 && n <= 24; })()`,
        15_000,
      );
      let count = await cardCount(page);
      if (!fresh || count === 0 || count > 24) {
        log(`     ${path}: no fresh first page (${count} cards), skipped`);
        continue;
      }
      pages++;
      for (let i = 1; i < 10 && pages < 50; i++) {
        const more = page.getByRole('button', { name: 'Încarcă mai multe' });
        // Until the page it loads has arrived, the button says 'Se încarcă…'.
        if (
          !(await more.waitFor({ timeout: 5000 }).then(
            () => true,
            () => false,
          ))
        )
          break;
        // Centred, so the fixed bottom navigation does not cover it.
        await more.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await more.click();
        const before = count;
        const deadline = performance.now() + 30_000;
        count = await cardCount(page);
        while (count <= before && performance.now() < deadline) {
          await sleep(50);
          count = await cardCount(page);
        }
        if (count <= before) break;
        pages++;
      }
      // Cards the list dropped for a moment come back once the device's copies are read.
      await sleep(1500);
      const settledCount = await cardCount(page);
      perListing.push(
        `${decodeURIComponent(path.replace('/anunturi-categorie/', ''))} ${count}${settledCount !== count ? `→${settledCount}` : ''}`,
      );
      const cards = (await page.evaluate(
        `[...document.querySelectorAll('.listing-grid a.card')].map((a) => [a.getAttribute('href'), a.querySelector('.card-title')?.textContent ?? ''])`,
      )) as [string, string][];
      for (const [href, title] of cards) {
        const id = href.split('/').pop();
        if (id && !shown.has(id)) shown.set(id, title);
      }
    }
    // 100 different details among what the listings showed, spread over them.
    const ids = [...shown.keys()];
    const step = Math.max(1, Math.floor(ids.length / 100));
    const chosen = ids.filter((_, i) => i % step === 0).slice(0, 100);
    let details = 0;
    for (const id of chosen) {
      await navigate(page, `/announcement/${id}`);
      const title = shown.get(id)!;
      const okTitle = await until(
        page,
        `(() => { const h = document.querySelector('#root article.detail h1'); return !!h && h.textContent === ${JSON.stringify(title)} && !!document.querySelector('#root .detail-price'); })()`,
        30_000,
      );
      if (okTitle) details++;
    }
    // Let the working set's writes, evictions and photo caching finish.
    await sleep(5000);
    const est = (await page.evaluate(`(async () => {
      const e = await navigator.storage.estimate();
      let photos = 0;
      const perCache = {};
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        const keys = await cache.keys();
        if (name.includes('images')) photos += keys.length;
        let bytes = 0;
        for (const k of keys) bytes += (await (await cache.match(k)).blob()).size;
        perCache[name] = [keys.length, bytes];
      }
      let anns = 0;
      for (const info of await indexedDB.databases()) {
        if (!info.name || !info.name.endsWith('--announcements')) continue;
        const db = await new Promise((res, rej) => { const r = indexedDB.open(info.name); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
        if (db.objectStoreNames.contains('docs')) anns += await new Promise((res) => { const r = db.transaction('docs').objectStore('docs').count(); r.onsuccess = () => res(r.result); r.onerror = () => res(0); });
        db.close();
      }
      return { usage: e.usage ?? 0, details: e.usageDetails ?? null, photos, anns, perCache };
    })()`)) as {
      usage: number;
      details: Record<string, number> | null;
      photos: number;
      anns: number;
      perCache: Record<string, [number, number]>;
    };
    return {
      pages,
      perListing,
      details,
      distinctShown: shown.size,
      usage: est.usage,
      indexedDB: est.details?.indexedDB ?? null,
      caches: est.details?.caches ?? null,
      serviceWorker: est.details?.serviceWorkerRegistrations ?? null,
      idbAnnouncements: est.anns,
      cachedPhotos: est.photos,
      perCache: est.perCache,
      minutes: (performance.now() - t0) / 60_000,
    };
  } finally {
    await undo();
  }
}

// ─── 5. Owner's price change → another device's open detail page ─────────────────────────────────────

/** The announcement whose price the bench changes: its id, its seller's e-mail and its form's fields. */
type Held = { id: string; email: string } & Omit<AnnouncementInput, 'price'> & { price: number | null };

function pickAnnouncement(dataDir: string): Held {
  const db = new Database(join(dataDir, 'hobbiz.sqlite'), { readonly: true, fileMustExist: true });
  try {
    // A recent one with a price and a photo, whose seller has few announcements (a light 'own' hold).
    return db
      .prepare(
        `SELECT a.id, u.email, a.title, a.category, a.description, a.location, a.localitate,
                a.contact_person AS contactPerson, a.contact_email AS contactEmail,
                a.contact_phone AS contactPhone, a.price
         FROM announcements a JOIN users u ON u.id = a.owner_id
         WHERE a.deleted = 0 AND a.active = 1 AND a.price > 0 AND a.images <> '[]'
         ORDER BY a.seq DESC LIMIT 1`,
      )
      .get() as Held;
  } finally {
    db.close();
  }
}

async function putPrice(url: string, token: string, a: Held, price: number): Promise<void> {
  const form = new FormData();
  for (const k of DRAFT_FIELDS) if (k !== 'price') form.set(k, a[k]);
  form.set('price', String(price));
  const res = await fetch(`${url}/api/users/my-announcements/${a.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`PUT price: ${res.status} ${await res.text()}`);
}

/** In-page watcher: epoch time (high resolution) of the DOM commit and of the next frame showing `text`. */
const PRICE_WATCH = (text: string) => `new Promise((resolve, reject) => {
  const shows = () => [...document.querySelectorAll('#root .detail-price, #root .detail-price-top')].some((p) => p.textContent === ${JSON.stringify(text)});
  const at = () => performance.timeOrigin + performance.now();
  const done = () => { const commit = at(); obs.disconnect(); clearTimeout(timer); requestAnimationFrame(() => resolve({ commit, painted: at() })); };
  const obs = new MutationObserver(() => { if (shows()) done(); });
  const timer = setTimeout(() => { obs.disconnect(); reject(new Error('price not shown in 20 s')); }, 20000);
  obs.observe(document, { subtree: true, childList: true, characterData: true });
  if (shows()) done();
})`;

async function priceChange(browser: Browser, url: string, dataDir: string, samples: number) {
  const a = pickAnnouncement(dataDir);
  const login = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: a.email, password: SEED_PASSWORD }),
  });
  if (!login.ok) throw new Error(`owner login: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const context = await browser.newContext({ ...PHONE, baseURL: url });
  const original = a.price!;
  const undo = defer(async () => {
    await context.close();
    await putPrice(url, token, a, original).catch(() => undefined);
  });
  try {
    const page = await context.newPage();
    const settled = await openAndSettle(page, `/announcement/${a.id}`, 1000, 30_000);
    if (!settled.ready) console.log('  note: device B did not see the socket ready');
    const change = async (price: number) => {
      const seen = page.evaluate(PRICE_WATCH(formatPrice(price))) as Promise<{
        commit: number;
        painted: number;
      }>;
      const t0 = performance.timeOrigin + performance.now();
      await putPrice(url, token, a, price);
      const t1 = performance.timeOrigin + performance.now();
      const s = await seen;
      return { commit: s.commit - t0, painted: s.painted - t0, put: t1 - t0 };
    };
    // Warm-up (unmeasured): proves B holds the announcement live before timing starts.
    await change(original + 1);
    const out: { commit: number; painted: number; put: number }[] = [];
    for (let i = 0; i < samples; i++) {
      out.push(await change(original + 2 + (i % 2)));
      await sleep(200);
    }
    return { id: a.id, samples: out };
  } finally {
    await undo();
  }
}

// ─── main ────────────────────────────────────────────────────────────────────────────────────────────

type SizeResult = {
  n: number;
  loadStart: number;
  loadEnd: number;
  bytes?: BytesSample[];
  /** benchSearch with 'tort ciocolata' only (the goal's query), and with its five default queries. */
  search?: { tort: Stats; five: Stats };
  taps?: TapSample[];
  storage?: StorageSample;
  price?: { id: string; samples: { commit: number; painted: number; put: number }[] };
};

function printBytes(samples: BytesSample[]) {
  const med = [...samples].sort((a, b) => a.total - b.total)[Math.floor(samples.length / 2)]!;
  log(
    `  1. first visit, 60 s: ${kB(med.total)} kB (HTTP ${kB(med.http)} kB + socket ${kB(med.socket)} kB in ${med.socketFrames} frames; sent up ${kB(med.socketUp)} kB)  (goal ≤ ${GOALS.bytes / 1000} kB) ${ok(med.total <= GOALS.bytes)}`,
  );
  log(
    `     JS ${kB(med.byKind.js)} kB, images ${kB(med.byKind.images)} kB, other ${kB(med.byKind.other)} kB (socket included); ${med.requests} requests, ${med.unfinished} unfinished at 60 s; ${kB(med.afterWindow)} kB after the window`,
  );
  log(
    `     service worker's own fetches: ${med.sw.requests} from the network (${kB(med.sw.bytes)} kB, median ${ms(med.sw.medianMs)} each${med.sw.throttledGuess ? '' : ' — not throttled by the page'}), ${med.sw.fromCache} from cache; page requests it answered: ${med.servedBySw.requests} (${kB(med.servedBySw.bytes)} kB, not counted twice)`,
  );
  log(
    `     on the wire (counting proxy): ${kB(med.wire.down)} kB down, ${kB(med.wire.up)} kB up, ${med.wire.connections} connections`,
  );
  log(`     biggest: ${med.biggest.map((b) => `${b.url} ${kB(b.bytes)} kB`).join(', ')}`);
  if (samples.length > 1) log(`     runs: ${samples.map((s) => kB(s.total)).join(', ')} kB`);
}

type Stats = Record<string, { p50: number; p95: number }>;
const isQueryCase = (name: string) => name.startsWith('q ') || name.startsWith('q+');
const worstOf = (stats: Stats, pick: (name: string) => boolean) =>
  Object.entries(stats)
    .filter(([name]) => pick(name))
    .reduce<[string, number]>((w, [name, s]) => (s.p95 > w[1] ? [name, s.p95] : w), ['', 0]);

function printSearch(search: NonNullable<SizeResult['search']>) {
  const [name, p95] = worstOf(search.tort, isQueryCase);
  log(
    `  2. server search, 'tort ciocolata' alone and + category + county + price band, every sort: worst p95 ${p95.toFixed(1)} ms (${name})  (goal ≤ ${GOALS.searchP95Ms} ms) ${ok(p95 <= GOALS.searchP95Ms)}; same run, one announcement by id: p95 ${search.tort.baseline?.p95.toFixed(2) ?? '?'} ms`,
  );
  for (const [n, s] of Object.entries(search.tort).filter(([n]) => isQueryCase(n))) {
    log(
      `     ${n.padEnd(34)} p50 ${s.p50.toFixed(2).padStart(7)} ms  p95 ${s.p95.toFixed(2).padStart(7)} ms`,
    );
  }
  const [fiveName, fiveP95] = worstOf(search.five, isQueryCase);
  const [listName, listP95] = worstOf(search.five, (n) => n.startsWith('list'));
  log(
    `     five two-word queries (bench:search's set, incl. 'sedinta foto'): worst p95 ${fiveP95.toFixed(1)} ms (${fiveName}); listings without words: worst p95 ${listP95.toFixed(1)} ms (${listName}); baseline p95 ${search.five.baseline?.p95.toFixed(2) ?? '?'} ms`,
  );
  for (const [n, s] of Object.entries(search.five).filter(([n]) => n !== 'baseline')) {
    log(
      `       ${n.padEnd(32)} p50 ${s.p50.toFixed(2).padStart(7)} ms  p95 ${s.p95.toFixed(2).padStart(7)} ms`,
    );
  }
}

function printTaps(taps: TapSample[]) {
  for (const kind of ['tile', 'search'] as const) {
    const xs = taps.filter((t) => t.kind === kind);
    if (!xs.length) continue;
    const med = median(xs.map((t) => t.ms));
    const label = kind === 'tile' ? 'category tile' : "home search 'tort ciocolata'";
    log(
      `  3. tap → first listing card painted, ${label}: median ${ms(med)} of ${xs.length} (${xs.map((t) => Math.round(t.ms)).join(', ')}; SW controlling in ${xs.filter((t) => t.sw).length}/${xs.length})  (goal ≤ ${GOALS.tapMs} ms) ${ok(med <= GOALS.tapMs)}`,
    );
    const q = xs.filter((t) => t.resultMs !== null);
    if (q.length)
      log(
        `     ${label}: tap → query frame sent median ${ms(median(q.map((t) => t.querySentMs!)))}, → its result received ${ms(median(q.map((t) => t.resultMs!)))} (${kB(median(q.map((t) => t.resultBytes!)))} kB), → card painted ${ms(med)}; fetched after the tap: ${xs[0]!.fetched.join(', ') || 'nothing'}`,
      );
  }
}

function printStorage(s: StorageSample) {
  log(
    `  4. storage after ${s.pages} listing pages (${s.distinctShown} distinct announcements shown) and ${s.details} details: ${MB(s.usage)} MB  (goal ≤ ${GOALS.storage / 1e6} MB) ${ok(s.usage <= GOALS.storage && s.pages >= 50 && s.details >= 100)}`,
  );
  log(
    `     IndexedDB ${s.indexedDB === null ? '?' : MB(s.indexedDB)} MB (${s.idbAnnouncements} announcement rows incl. tombstones), Cache Storage ${s.caches === null ? '?' : MB(s.caches)} MB (${s.cachedPhotos} photos), service worker ${s.serviceWorker === null ? '?' : MB(s.serviceWorker)} MB; took ${s.minutes.toFixed(1)} min`,
  );
  log(
    `     Cache Storage bodies: ${Object.entries(s.perCache)
      .map(([name, [n, bytes]]) => `${name} ${n} entries ${MB(bytes)} MB`)
      .join(', ')}`,
  );
  log(`     cards shown per listing: ${s.perListing.join(', ')}`);
}

function printPrice(p: NonNullable<SizeResult['price']>) {
  const painted = summarize(p.samples.map((s) => s.painted));
  const commit = summarize(p.samples.map((s) => s.commit));
  const put = summarize(p.samples.map((s) => s.put));
  log(
    `  5. price change → B's open detail shows it: p50 ${ms(painted.p50)}, p95 ${ms(painted.p95)}, max ${ms(painted.max)} (n=${painted.n}; DOM commit p95 ${ms(commit.p95)}; PUT answered p50 ${ms(put.p50)})  (goal p95 ≤ ${GOALS.priceP95Ms} ms) ${ok(painted.p95 <= GOALS.priceP95Ms)}`,
  );
}

function markdown(results: SizeResult[]) {
  const cols = results.map((r) => sizeLabel(r.n));
  const row = (label: string, goal: string, cell: (r: SizeResult) => string) =>
    `| ${label} | ${goal} | ${results.map(cell).join(' | ')} |`;
  const bytes = (r: SizeResult) => {
    if (!r.bytes?.length) return '—';
    const m = [...r.bytes].sort((a, b) => a.total - b.total)[Math.floor(r.bytes.length / 2)]!;
    return `${kB(m.total)} kB (HTTP ${kB(m.http)} + socket ${kB(m.socket)})`;
  };
  const worst = (which: 'tort' | 'five') => (r: SizeResult) => {
    if (!r.search) return '—';
    const [name, p95] = worstOf(r.search[which], isQueryCase);
    return `p95 ${p95.toFixed(1)} ms (${name})`;
  };
  const tap = (kind: 'tile' | 'search') => (r: SizeResult) => {
    const xs = r.taps?.filter((t) => t.kind === kind) ?? [];
    return xs.length ? ms(median(xs.map((t) => t.ms))) : '—';
  };
  const lines = [
    `| Measure | Goal | ${cols.join(' | ')} |`,
    `|---|---|${cols.map(() => '---').join('|')}|`,
    row('Guest first visit, bytes in 60 s', '≤ 350 kB, flat', bytes),
    row("Server search 'tort ciocolata' ± filters, every sort: worst p95", '≤ 30 ms', worst('tort')),
    row('Same, five two-word queries (bench:search set)', '—', worst('five')),
    row('Tap category tile → first card', '≤ 1.5 s', tap('tile')),
    row("Home search 'tort ciocolata' → first card", '≤ 1.5 s', tap('search')),
    row('Storage after 50 pages + 100 details', '≤ 15 MB', (r) =>
      r.storage ? `${MB(r.storage.usage)} MB (IDB ${MB(r.storage.indexedDB ?? 0)})` : '—',
    ),
    row('Price change → open detail, p95', '≤ 1 s', (r) =>
      r.price
        ? ms(
            percentile(
              r.price.samples.map((s) => s.painted),
              95,
            ),
          )
        : '—',
    ),
    row('Load average (start → end)', '', (r) => `${r.loadStart.toFixed(1)} → ${r.loadEnd.toFixed(1)}`),
  ];
  return lines.join('\n');
}

async function main() {
  log(
    `Catalogue benchmark (issue 11) — node ${process.version}, ${cpus().length} CPU(s), migrations ${migrationCount()}, sizes ${SIZES.join(', ')}; load average ${loadavg()[0]!.toFixed(2)}`,
  );
  if (!flags['no-build']) {
    log(`building the PWA into ${STATIC_DIR} …`);
    buildPwa(STATIC_DIR);
  }
  const browser = await launchBrowser();
  defer(() => browser.close());
  const results: SizeResult[] = [];
  for (const n of SIZES) {
    log(`\n── ${n.toLocaleString('en')} announcements ──`);
    const dataDir = await seededDataDir(n, log);
    const r: SizeResult = { n, loadStart: loadavg()[0]!, loadEnd: 0 };
    results.push(r);
    if (ONLY.has('search')) {
      const file = join(dataDir, 'hobbiz.sqlite');
      r.search = {
        tort: await benchSearch(file, { queries: [['tort ciocolata', 'Prăjituri, Băcănie, Gătit']] }),
        five: await benchSearch(file),
      };
      printSearch(r.search);
    }
    const server = new OwnServer({ dataDir, env: { STATIC_DIR } });
    const stop = defer(() => server.dispose());
    try {
      await server.start();
      if (ONLY.has('bytes')) {
        r.bytes = [];
        for (let i = 0; i < RUNS; i++) r.bytes.push(await firstVisitBytes(browser, server.port));
        printBytes(r.bytes);
      }
      if (ONLY.has('listing')) {
        r.taps = [];
        for (let i = 0; i < TAPS; i++) {
          r.taps.push(await tapToListing(browser, server.port, 'tile'));
          r.taps.push(await tapToListing(browser, server.port, 'search'));
        }
        printTaps(r.taps);
      }
      if (ONLY.has('storage')) {
        r.storage = await deviceStorage(browser, server.url, ['Prăjituri, Băcănie, Gătit']);
        printStorage(r.storage);
      }
      if (ONLY.has('price')) {
        r.price = await priceChange(browser, server.url, dataDir, 20);
        printPrice(r.price);
      }
    } finally {
      await stop();
    }
    r.loadEnd = loadavg()[0]!;
  }
  log(`\n${markdown(results)}`);
  mkdirSync(CACHE_ROOT, { recursive: true });
  const out = join(CACHE_ROOT, `results-${new Date().toISOString().replaceAll(':', '-')}.json`);
  writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), cpus: cpus().length, results }, null, 2));
  log(`\nraw figures: ${out}; load average at the end ${loadavg()[0]!.toFixed(2)}`);
}

await runBench(main);
