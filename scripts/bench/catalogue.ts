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
import { launchBrowser } from '../../e2e/harness.ts';
import { deviceStorage, priceChange } from './catalogue-device.ts';
import { buildPwa, CACHE_ROOT, migrationCount, seededDataDir } from './catalogue-lib.ts';
import {
  markdown,
  printBytes,
  printFlatness,
  printPrice,
  printSearch,
  printStorage,
  printTaps,
  type SizeResult,
} from './catalogue-report.ts';
import { firstVisitBytes, tapToListing } from './catalogue-visit.ts';
import { benchSearch } from './search.ts';
import { OwnServer, ROOT } from './server-process.ts';
import { defer, runBench } from './sync-lib.ts';

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

const log = (line: string) => console.log(line);

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
  if (ONLY.has('bytes')) printFlatness(results);
  log(`\n${markdown(results)}`);
  mkdirSync(CACHE_ROOT, { recursive: true });
  const out = join(CACHE_ROOT, `results-${new Date().toISOString().replaceAll(':', '-')}.json`);
  writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), cpus: cpus().length, results }, null, 2));
  log(`\nraw figures: ${out}; load average at the end ${loadavg()[0]!.toFixed(2)}`);
}

await runBench(main);
