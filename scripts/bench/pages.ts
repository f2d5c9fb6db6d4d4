/**
 * More of the weak phone (Slow 4G + 4× CPU, 412×823), issue 7 — `npm run bench:pages`:
 *   1. repeat visit of the home through the service worker: LCP (goal ≤ 0.6 s)
 *   2. announcement detail, cold: LCP (goal ≤ 1.5 s), CLS
 *   3. interaction latency (INP, Event Timing): typing in the home search and opening an announcement
 *      from the home (goal ≤ 100 ms each). Event Timing reports only events of 16 ms or more: "< 16".
 * Median of RUNS (default 3). BENCH_URL=… measures a running server instead of its own seeded one.
 * ONLY=repeat,detail,inp picks sections.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForServiceWorker } from '../../e2e/harness.ts';
import {
  benchTarget,
  longestEvent,
  longestInteraction,
  median,
  observeVitals,
  PHONE,
  readVitals,
  weakPhone,
} from './page-lib.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const ONLY = new Set((process.env.ONLY ?? 'repeat,detail,inp').split(','));
const GOALS = { repeatLcpMs: 600, detailLcpMs: 1500, cls: 0.05, inpMs: 100 };

async function repeatVisit(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext(PHONE);
  try {
    const first = await context.newPage();
    await first.goto(`${url}/`, { waitUntil: 'load' });
    await waitForServiceWorker(first);
    await first.waitForLoadState('networkidle').catch(() => undefined);
    await first.close();
    const page = await context.newPage();
    await observeVitals(page);
    await weakPhone(context, page, { noCache: false });
    await page.goto(`${url}/`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForTimeout(1500);
    return Math.round((await readVitals(page)).lcp);
  } finally {
    await context.close();
  }
}

async function detailCold(browser: Browser, url: string, id: string) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await observeVitals(page);
    await weakPhone(context, page, { noCache: true });
    await page.goto(`${url}/announcement/${id}`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
    await page.waitForTimeout(1500);
    const v = await readVitals(page);
    return { lcpMs: Math.round(v.lcp), cls: +v.cls.toFixed(3), element: v.lcpEl, shifts: v.shifts };
  } finally {
    await context.close();
  }
}

async function interactions(browser: Browser, url: string) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await observeVitals(page);
    await weakPhone(context, page, { noCache: false });
    await page.goto(`${url}/`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
    await page.waitForTimeout(2000);
    await readVitals(page); // drop what loading produced
    const search = page.getByLabel('Caută anunțuri').locator('visible=true').first();
    await search.click();
    await page.keyboard.type('prajituri de casa', { delay: 80 });
    await page.waitForTimeout(500);
    const typing = longestInteraction((await readVitals(page)).events);
    await search.fill('');
    await page.waitForTimeout(300);
    await readVitals(page);
    await page.locator('a[href^="/announcement/"]').first().click();
    await page.waitForURL(/\/announcement\//, { timeout: 60_000 });
    await page.waitForTimeout(1500);
    const openEvents = (await readVitals(page)).events;
    const open = longestInteraction(openEvents);
    const worst = longestEvent(openEvents);
    return {
      typing: Math.round(typing),
      open: Math.round(open),
      openWorst: worst && `${worst.name} ${JSON.stringify(worst.parts)}`,
    };
  } finally {
    await context.close();
  }
}

const show = (ms: number) => (ms === 0 ? '< 16 ms' : `${ms} ms`);
const ok = (pass: boolean) => (pass ? 'ok' : 'MISSED');

const { url, dispose } = await benchTarget();
const browser = await launchBrowser();
try {
  const [popular] = (await (await fetch(`${url}/api/announcements/popular?limit=1`)).json()) as {
    _id: string;
  }[];
  const repeat: number[] = [];
  const detail: { lcpMs: number; cls: number; element: string; shifts: string[] }[] = [];
  const inp: { typing: number; open: number; openWorst: string | null }[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (ONLY.has('repeat')) repeat.push(await repeatVisit(browser, url));
    if (ONLY.has('detail')) detail.push(await detailCold(browser, url, popular!._id));
    if (ONLY.has('inp')) inp.push(await interactions(browser, url));
    console.log(
      `run ${i + 1}: repeat LCP ${repeat.at(-1)} ms, detail ${JSON.stringify(detail.at(-1))}, INP ${JSON.stringify(inp.at(-1))}`,
    );
  }
  const r = median(repeat);
  const d = median(detail.map((x) => x.lcpMs));
  const dc = median(detail.map((x) => x.cls));
  const t = median(inp.map((x) => x.typing));
  const o = median(inp.map((x) => x.open));
  console.log(`\nWeak phone (Slow 4G + 4× CPU, 412×823) — median of ${RUNS}`);
  console.log(
    `  home, repeat visit (service worker) LCP  ${r} ms  (goal ≤ ${GOALS.repeatLcpMs}) ${ok(r <= GOALS.repeatLcpMs)}`,
  );
  console.log(
    `  announcement detail, cold LCP         ${d} ms  (goal ≤ ${GOALS.detailLcpMs}) ${ok(d <= GOALS.detailLcpMs)}`,
  );
  console.log(`  announcement detail, CLS              ${dc}  (goal ≤ ${GOALS.cls}) ${ok(dc <= GOALS.cls)}`);
  console.log(
    `  INP typing in the home search         ${show(t)}  (goal ≤ ${GOALS.inpMs}) ${ok(t <= GOALS.inpMs)}`,
  );
  console.log(
    `  INP opening an announcement           ${show(o)}  (goal ≤ ${GOALS.inpMs}) ${ok(o <= GOALS.inpMs)}`,
  );
} finally {
  await browser.close();
  await dispose();
}
