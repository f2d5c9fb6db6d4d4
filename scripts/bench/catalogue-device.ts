import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DRAFT_FIELDS } from '../../schema/fields.ts';
import { formatPrice } from '../../schema/format.ts';
import type { AnnouncementInput } from '../../schema/rules/announcement.ts';
import { SEED_PASSWORD } from '../seed-data.ts';
import { openAndSettle, until } from './catalogue-visit.ts';
import { PHONE } from './page-lib.ts';
import { defer, sleep } from './sync-lib.ts';

const log = (line: string) => console.log(line);

// ─── 4. Device storage after 50 listing pages and 100 details ────────────────────────────────────────

/** Client-side navigation, as a tap on a link would do (the app stays open). */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate(
    `history.pushState(history.state, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate', { state: history.state }))`,
  );
}

const cardCount = (page: Page) => page.locator('.listing-grid .card-title').count();

export type StorageSample = {
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

export async function deviceStorage(
  browser: Browser,
  url: string,
  categories: string[],
): Promise<StorageSample> {
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

export async function priceChange(browser: Browser, url: string, dataDir: string, samples: number) {
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
