/**
 * Server search timings (issue 11): `DATA_DIR=… tsx scripts/bench/search.ts` on a seeded catalogue
 * (`npm run seed -- --announcements 1000000`). Times the search service itself (SQL + row loading, no
 * HTTP) for each order: two-word queries typed without diacritics, alone and with category + county +
 * price band; listing pages without words (no filter, category, county, locality, everything); a third
 * page through the cursor (after the first two, as a person would: it may use their ranking). Prints
 * p50/p95 per case; the goal at 1M is p95 ≤ 30 ms.
 * Env: REPS=40 (timed runs per case, after warm-up); QUERY='tort ciocolata' and CATEGORY='Prăjituri, Băcănie,
 * Gătit' to time one query instead of the five.
 */
import { join, resolve } from 'node:path';
import { CATEGORY_NAMES } from '../../schema/catalog/categories.ts';
import { countyNames } from '../../schema/locations.ts';
import { PRICE_FILTERS, SEARCH_SORTS, type SearchParams } from '../../schema/search.ts';
import { closeDatabase, openDatabase } from '../../sync-server/src/plugins/db.ts';
import { announcementsRepository } from '../../sync-server/src/repositories/announcements.ts';
import { searchRepository } from '../../sync-server/src/repositories/search.ts';

/** Two-word queries as typed on a phone without Romanian keys, each with the category it belongs to. */
const QUERIES: [string, string][] = [
  ['tort ciocolata', 'Prăjituri, Băcănie, Gătit'],
  ['meditatii matematica', 'Meditații & Cursuri'],
  ['reparatii ceasuri', 'Reparații, Instalații, Bricolaj'],
  ['sedinta foto', 'Fotografie'],
  ['lectii chitara', 'Muzică, Teatru, Dans'],
];

type Stat = { p50: number; p95: number };

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

/**
 * p50/p95 (ms) per case over the catalogue in `dbFile` (opened as the server opens it). `baseline` is one
 * announcement read by id in the same run: on a shared machine, compare cases with it.
 */
export async function benchSearch(
  dbFile: string,
  opts: { reps?: number; queries?: [string, string][] } = {},
): Promise<Record<string, Stat>> {
  const reps = opts.reps ?? 40;
  const queries = opts.queries ?? QUERIES;
  const db = openDatabase(dbFile);
  const repo = searchRepository(db);
  const counties = countyNames();
  const localities = db.$client
    .prepare(
      "SELECT location, localitate FROM announcements WHERE localitate <> '' AND deleted = 0 AND active = 1 LIMIT 200",
    )
    .all() as { location: string; localitate: string }[];
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 48271) % 2147483647;
    return seed % n;
  };
  const pick = <T>(list: readonly T[]) => list[rnd(list.length)]!;

  const cases: Record<string, () => SearchParams> = {};
  const someId = db.$client.prepare('SELECT id FROM announcements LIMIT 1').pluck().get() as string;
  const byId = announcementsRepository(db);
  for (const sort of SEARCH_SORTS) {
    cases[`q ${sort}`] = () => ({ q: pick(queries)[0], sort });
    cases[`q+cat+judet+pret ${sort}`] = () => {
      const [q, category] = pick(queries);
      return { q, category, judet: pick(counties), pret: pick(PRICE_FILTERS), sort };
    };
    cases[`q ${sort} page 3`] = () => ({ q: pick(queries)[0], sort, cursor: '3' });
  }
  for (const sort of SEARCH_SORTS.filter((s) => s !== 'relevance')) {
    cases[`list ${sort}`] = () => ({ sort });
    cases[`list cat ${sort}`] = () => ({ category: pick(CATEGORY_NAMES), sort });
    cases[`list judet ${sort}`] = () => ({ judet: pick(counties), sort });
    cases[`list localitate ${sort}`] = () => ({ ...toPlace(pick(localities)), sort });
    cases[`list cat+judet+pret ${sort}`] = () => ({
      category: pick(CATEGORY_NAMES),
      judet: pick(counties),
      pret: pick(PRICE_FILTERS),
      sort,
    });
    cases[`list pret ${sort} page 3`] = () => ({ pret: pick(PRICE_FILTERS), sort, cursor: '3' });
  }

  const run = async (params: SearchParams) => {
    // 'page 3' cases: follow the cursor twice, time the third page only.
    if (params.cursor === '3') {
      let p: SearchParams = { ...params, cursor: undefined };
      for (let i = 0; i < 2; i++) {
        const next = (await repo.search(p)).nextCursor;
        if (!next) break;
        p = { ...p, cursor: next };
      }
      params = p;
    } else {
      // A first page is a new search: no ranking kept from an earlier run (a later page may use its own).
      repo.forgetRankings();
    }
    const t0 = performance.now();
    await repo.search(params);
    return performance.now() - t0;
  };

  const out: Record<string, Stat> = {};
  const base: number[] = [];
  for (let i = 0; i < reps * 10; i++) {
    const t0 = performance.now();
    await byId.byId(someId);
    base.push(performance.now() - t0);
  }
  base.sort((a, b) => a - b);
  out.baseline = { p50: quantile(base, 0.5), p95: quantile(base, 0.95) };
  for (const [name, make] of Object.entries(cases)) {
    for (let i = 0; i < 3; i++) await run(make());
    const times: number[] = [];
    for (let i = 0; i < reps; i++) times.push(await run(make()));
    times.sort((a, b) => a - b);
    out[name] = { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
  }
  closeDatabase(db);
  return out;
}

const toPlace = (r: { location: string; localitate: string }) => ({
  judet: r.location,
  localitate: r.localitate,
});

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const file = join(dataDir, 'hobbiz.sqlite');
  const reps = Number(process.env.REPS ?? 40);
  const db = openDatabase(file);
  const n = (db.$client.prepare('SELECT count(*) AS n FROM announcements').get() as { n: number }).n;
  db.$client.close();
  console.log(`[bench:search] ${file}: ${n} announcements, ${reps} runs per case`);
  const queries: [string, string][] | undefined = process.env.QUERY
    ? [[process.env.QUERY, process.env.CATEGORY ?? 'Prăjituri, Băcănie, Gătit']]
    : undefined;
  const stats = await benchSearch(file, { reps, queries });
  let worst = 0;
  for (const [name, s] of Object.entries(stats)) {
    if (name !== 'baseline') worst = Math.max(worst, s.p95);
    console.log(
      `${name.padEnd(36)} p50 ${s.p50.toFixed(2).padStart(7)} ms   p95 ${s.p95.toFixed(2).padStart(7)} ms`,
    );
  }
  console.log(`worst p95 ${worst.toFixed(2)} ms (goal at 1M: ≤ 30 ms)`);
}
