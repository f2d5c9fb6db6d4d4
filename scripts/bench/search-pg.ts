/**
 * Search on PostgreSQL against SQLite, same rows, same run (issue 13):
 * `DATABASE_URL=postgres://… DATA_DIR=<seeded catalogue> tsx scripts/bench/search-pg.ts`. DATA_DIR holds a
 * catalogue made by the seeder (`npm run seed -- --announcements 100000`, or scripts/bench/catalogue-lib.ts's
 * seededDataDir); its announcements are copied once into a database `hobbiz_bench_search` on DATABASE_URL's
 * server (kept between runs; BENCH_RELOAD=1 copies again), indexed set-wise, vacuumed and analysed. Then
 * first pages (a new search each time: kept rankings forgotten) of each query are timed on both engines,
 * interleaved, SQLite as a search thread serves (its memory made first); prints p50/p95 in ms. Env: QUERIES='tort ciocolata|sedinta foto|reparatii@price-desc' (`@`: an order), REPS=40. The users are
 * copied too, so that `DATABASE_URL=…/hobbiz_bench_search npm run bench:search` serves that database.
 */
import { join } from 'node:path';
import pg from 'pg';
import { announcements, users } from '../../schema/db/tables.ts';
import type { SearchParams } from '../../schema/search.ts';
import { closePgDatabase, openPgDatabase, pgPoolOf } from '../../sync-server/src/lib/pg-backend.ts';
import { openDatabase } from '../../sync-server/src/plugins/db.ts';
import { SEARCH_TUNING, searchRepository } from '../../sync-server/src/repositories/search.ts';
import { copyAnnouncements, copyRows } from '../../sync-server/src/repositories/search-pg-copy.ts';

const url = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR;
if (!url || !dataDir) throw new Error('DATABASE_URL and DATA_DIR are needed');
const reps = Number(process.env.REPS ?? 40);
const queries = (process.env.QUERIES ?? 'tort ciocolata|sedinta foto').split('|');
/** Other searches timed with EXTRA=1: orders over many matches, listings, filters. */
const EXTRA: SearchParams[] = [
  { q: 'de', sort: 'recent' },
  { q: 'sedinta foto', sort: 'price-asc' },
  { q: 'tort', category: 'Prăjituri, Băcănie, Gătit', judet: 'Cluj', pret: 'over100' },
  { sort: 'title' },
  { category: 'Fotografie', judet: 'Iași', sort: 'price-desc' },
];
const NAME = 'hobbiz_bench_search';

const lite = openDatabase(join(dataDir, 'hobbiz.sqlite'));
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [NAME])).rowCount === 1;
if (exists && process.env.BENCH_RELOAD) await admin.query(`DROP DATABASE ${NAME}`);
const u = new URL(url);
u.pathname = `/${NAME}`;
if (!exists || process.env.BENCH_RELOAD) {
  await admin.query(`CREATE DATABASE ${NAME} TEMPLATE template0 ENCODING 'UTF8'`);
  // The server's own migrations (drizzle's pg tables, then migrations-pg-extra: the search).
  const db = await openPgDatabase(u.toString(), { poolMax: 1 });
  const pool = pgPoolOf(db);
  await pool.query('ALTER TABLE announcements DISABLE TRIGGER announcements_search');
  const t0 = performance.now();
  const total = lite.$client.prepare('SELECT count(*) FROM announcements').pluck().get() as number;
  for (let off = 0; off < total; off += 5000)
    await copyAnnouncements(pool, await lite.select().from(announcements).limit(5000).offset(off));
  const t1 = performance.now();
  await pool.query('SELECT hobbiz_search_rebuild()');
  await pool.query('ALTER TABLE announcements ENABLE TRIGGER announcements_search');
  const t2 = performance.now();
  await pool.query('VACUUM ANALYZE');
  console.log(
    `loaded ${total} rows in ${((t1 - t0) / 1000).toFixed(1)} s, indexed in ${((t2 - t1) / 1000).toFixed(1)} s`,
  );
  await closePgDatabase(db);
}
await admin.end();

const pgDb = await openPgDatabase(u.toString(), { poolMax: 4 });
const pool = pgPoolOf(pgDb);
// The sellers too (copied once): their cards in answers, and accounts for bench:search on PostgreSQL.
if (Number((await pool.query('SELECT count(*) AS n FROM users')).rows[0].n) === 0) {
  const sellers = lite.select().from(users).all();
  for (let i = 0; i < sellers.length; i += 5000) await copyRows(pool, users, sellers.slice(i, i + 5000));
  // The seq counter past every copied row, as the server's own writes would have left it.
  await pool.query(
    `UPDATE counters SET value = GREATEST(value, (SELECT max(seq) FROM announcements), (SELECT max(seq) FROM users)) WHERE name = 'seq'`,
  );
  console.log(`copied ${sellers.length} users`);
}
const size = (
  await pool.query(
    "SELECT pg_size_pretty(sum(pg_total_relation_size(c.oid))) AS s FROM pg_class c WHERE c.relname IN ('search_docs', 'search_postings')",
  )
).rows[0].s;
// PG_RUM=never|always: the RUM indexes never or whenever they can serve (default: for broad words).
const pgRum = process.env.PG_RUM as 'never' | 'always' | undefined;
const pgRepo = searchRepository(
  pgDb,
  pgRum ? { ...SEARCH_TUNING, pgRum: { use: pgRum, margin: 64 } } : SEARCH_TUNING,
);
const liteRepo = searchRepository(lite);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${quantile(s, 0.5).toFixed(1)} ms, p95 ${quantile(s, 0.95).toFixed(1)} ms`;
};

console.log(`search tables on PostgreSQL: ${size}`);
liteRepo.warm();
// 'reparatii@price-desc': a query in an order.
const asParams = (s: string): SearchParams => {
  const [q, sort] = s.split('@');
  return sort ? { q, sort: sort as SearchParams['sort'] } : { q };
};
const cases: SearchParams[] = [...queries.map(asParams), ...(process.env.EXTRA ? EXTRA : [])];
for (const params of cases) {
  const q = JSON.stringify(params);
  const times = { pg: [] as number[], sqlite: [] as number[] };
  for (let i = 0; i < reps + 5; i++) {
    pgRepo.forgetRankings();
    // SQLite as a search thread serves: its memory made (below), kept rankings forgotten.
    liteRepo.forgetRankings(false);
    let t = performance.now();
    const a = await pgRepo.search(params);
    const tp = performance.now() - t;
    t = performance.now();
    const b = await liteRepo.search(params);
    const ts = performance.now() - t;
    if (i === 0 && JSON.stringify(a.rows.map((r) => r.id)) !== JSON.stringify(b.rows.map((r) => r.id)))
      console.log(`  ${q}: first pages differ!`);
    if (i === 0) console.log(`  ${q}: ${a.total}${a.totalCapped ? '+' : ''} matches`);
    if (i >= 5) {
      times.pg.push(tp);
      times.sqlite.push(ts);
    }
  }
  console.log(`${q} first page  PostgreSQL: ${fmt(times.pg)}   SQLite: ${fmt(times.sqlite)}`);
}
await closePgDatabase(pgDb);
