import type { StorageSample } from './catalogue-device.ts';
import { kB, MB, ms, sizeLabel } from './catalogue-lib.ts';
import type { BytesSample, TapSample } from './catalogue-visit.ts';
import { median } from './page-lib.ts';
import { percentile, summarize, verdict } from './sync-lib.ts';

const log = (line: string) => console.log(line);
const ok = verdict;

export const GOALS = {
  bytes: 350_000,
  flat: 0.1,
  searchP95Ms: 30,
  tapMs: 1500,
  storage: 15_000_000,
  priceP95Ms: 1000,
};

export type SizeResult = {
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

export function printBytes(samples: BytesSample[]) {
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

/**
 * "Flat": a guest's first visit costs the same whatever the catalogue's size. The medians of the sizes
 * measured may differ by at most GOALS.flat (10 %) of the smallest; one size alone proves nothing.
 */
export function flatness(results: SizeResult[]): { spread: number | null; ok: boolean } {
  const medians = results
    .filter((r) => r.bytes?.length)
    .map((r) => [...r.bytes!].sort((a, b) => a.total - b.total)[Math.floor(r.bytes!.length / 2)]!.total);
  if (medians.length < 2) return { spread: null, ok: false };
  const spread = Math.max(...medians) / Math.min(...medians) - 1;
  return { spread, ok: spread <= GOALS.flat };
}

export function printFlatness(results: SizeResult[]) {
  const { spread, ok: flat } = flatness(results);
  log(
    spread === null
      ? '  flat: needs two sizes or more (e.g. --sizes 10000,1000000)'
      : `  flat: first-visit bytes differ by ${(spread * 100).toFixed(1)} % across ${results.map((r) => sizeLabel(r.n)).join(', ')}  (goal ≤ ${GOALS.flat * 100} %) ${ok(flat)}`,
  );
}

type Stats = Record<string, { p50: number; p95: number }>;
const isQueryCase = (name: string) => name.startsWith('q ') || name.startsWith('q+');
const worstOf = (stats: Stats, pick: (name: string) => boolean) =>
  Object.entries(stats)
    .filter(([name]) => pick(name))
    .reduce<[string, number]>((w, [name, s]) => (s.p95 > w[1] ? [name, s.p95] : w), ['', 0]);

export function printSearch(search: NonNullable<SizeResult['search']>) {
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

export function printTaps(taps: TapSample[]) {
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

export function printStorage(s: StorageSample) {
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

export function printPrice(p: NonNullable<SizeResult['price']>) {
  const painted = summarize(p.samples.map((s) => s.painted));
  const commit = summarize(p.samples.map((s) => s.commit));
  const put = summarize(p.samples.map((s) => s.put));
  log(
    `  5. price change → B's open detail shows it: p50 ${ms(painted.p50)}, p95 ${ms(painted.p95)}, max ${ms(painted.max)} (n=${painted.n}; DOM commit p95 ${ms(commit.p95)}; PUT answered p50 ${ms(put.p50)})  (goal p95 ≤ ${GOALS.priceP95Ms} ms) ${ok(painted.p95 <= GOALS.priceP95Ms)}`,
  );
}

export function markdown(results: SizeResult[]) {
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
    `| … spread across sizes | ≤ ${GOALS.flat * 100} % | ${(() => {
      const { spread, ok: flat } = flatness(results);
      return spread === null ? '—' : `${(spread * 100).toFixed(1)} % ${ok(flat)}`;
    })()} |`,
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
