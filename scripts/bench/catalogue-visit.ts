import type { Browser, BrowserContext, CDPSession, Page, WebSocket } from 'playwright-core';
import { CountingProxy, SLOW_4G } from './catalogue-lib.ts';
import { frameBytes, median, PHONE, weakPhone } from './page-lib.ts';
import { defer, sleep } from './sync-lib.ts';

const WINDOW_MS = 60_000;

// ─── 1. Guest first visit: bytes received in the first 60 s ──────────────────────────────────────────

type Kind = 'js' | 'images' | 'other';
function kindOf(type: string, url: string): Kind {
  const path = url.split('?')[0] ?? '';
  if (type === 'Script' || type === 'script' || path.endsWith('.js')) return 'js';
  if (type === 'Image' || type === 'image' || /\.(png|jpe?g|webp|avif|gif|svg)$/.test(path)) return 'images';
  return 'other';
}

export type BytesSample = {
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

export async function firstVisitBytes(browser: Browser, port: number): Promise<BytesSample> {
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
export async function until(page: Page, expr: string, timeoutMs: number): Promise<boolean> {
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
export async function openAndSettle(page: Page, url: string, quietMs: number, capMs: number) {
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

export type TapSample = {
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

export async function tapToListing(
  browser: Browser,
  port: number,
  kind: 'tile' | 'search',
): Promise<TapSample> {
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
