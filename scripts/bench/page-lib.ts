/** Shared by the page benchmarks: the app to measure, the weak-phone profile and the web-vitals observers. */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { TestServer } from '../../e2e/harness.ts';

export const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, locale: 'ro-RO' } as const;

/** DevTools "Slow 4G" (562.5 ms latency, 180 kB/s down, 84.375 kB/s up) and 4× CPU slowdown. */
export async function weakPhone(
  context: BrowserContext,
  page: Page,
  opts: { noCache: boolean },
): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (opts.noCache) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: 180_000,
    uploadThroughput: 84_375,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** What observeVitals keeps on the page's window, and readVitals reads back. */
type VitalsWindow = {
  __lcp: number;
  __cls: number;
  __lcpEl: string;
  __events: { id: number; name: string; duration: number; parts?: Record<string, number> }[];
  __shifts: string[];
};

/** Records LCP (and its element), CLS and event timings (for INP) from the first byte of every document. */
export async function observeVitals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as VitalsWindow;
    w.__shifts = [];
    w.__lcp = 0;
    w.__lcpEl = '';
    w.__cls = 0;
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element?: Element; url?: string })[]) {
        w.__lcp = e.startTime;
        const el = e.element;
        w.__lcpEl = el ? `${el.tagName.toLowerCase()}.${el.className} ${e.url ?? ''}`.trim() : '';
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (e.hadRecentInput) continue;
        w.__cls += e.value;
        // What moved, for the report: "0.012 header.hdr-desktop, main#main".
        const sources = (e as unknown as { sources?: { node?: Node }[] }).sources ?? [];
        const names = sources.map((x) => {
          const n = x.node as Element | undefined;
          return n?.tagName ? `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}.${n.className}` : '?';
        });
        w.__shifts.push(`${e.value.toFixed(3)} ${names.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        interactionId?: number;
        processingStart: number;
        processingEnd: number;
      })[]) {
        if (!e.interactionId) continue;
        // The three parts of an interaction's latency: waiting for the main thread, running the
        // handlers, and rendering the next frame.
        const parts = {
          input: Math.round(e.processingStart - e.startTime),
          handlers: Math.round(e.processingEnd - e.processingStart),
          paint: Math.round(e.startTime + e.duration - e.processingEnd),
        };
        w.__events.push({ id: e.interactionId, name: e.name, duration: e.duration, parts });
      }
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
}

export async function readVitals(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as VitalsWindow;
    return {
      lcp: w.__lcp,
      cls: w.__cls,
      lcpEl: w.__lcpEl,
      shifts: w.__shifts,
      events: w.__events.splice(0),
    };
  });
}

/** The event that made the longest interaction, with its parts (input delay, handlers, paint). */
export function longestEvent(events: { duration: number; name: string; parts?: Record<string, number> }[]) {
  return [...events].sort((a, b) => b.duration - a.duration)[0] ?? null;
}

/** Longest interaction (max duration over the events of one interaction), as INP counts it. */
export function longestInteraction(events: { id: number; duration: number }[]): number {
  const byId = new Map<number, number>();
  for (const e of events) byId.set(e.id, Math.max(byId.get(e.id) ?? 0, e.duration));
  return Math.max(0, ...byId.values());
}

export const median = (xs: number[]) =>
  xs.length === 0 ? Number.NaN : [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The app to measure: BENCH_URL, or a seeded server started here (`dispose` stops it). */
export async function benchTarget(): Promise<{ url: string; dispose: () => Promise<void> }> {
  const given = process.env.BENCH_URL;
  if (given) return { url: given, dispose: async () => {} };
  const server = new TestServer();
  await server.start();
  return { url: server.url, dispose: () => server.dispose() };
}

/** Bytes of one WebSocket frame as CDP reports it (binary frames come base64-encoded). */
export const frameBytes = (r: { opcode: number; payloadData: string }): number =>
  r.opcode === 2 ? Buffer.from(r.payloadData, 'base64').length : Buffer.byteLength(r.payloadData, 'utf8');
