/**
 * Scale-out benchmarks (issue 13): PostgreSQL + several sync-server instances, everything on this machine over
 * loopback (a throwaway PostgreSQL from scripts/pg.ts, instances spawned from sync-server/src/server.ts):
 *   1. message A→B across instances (A on instance 1, B on instance 2) with 1,000 sockets   goal p95 ≤ 40 ms
 *   2. 2 instances holding 2 × 9,000 idle sockets, then the delivery of 1. again               goal p95 ≤ 40 ms
 *   3. pull latency on PostgreSQL at 1k / 100k / 1M announcements (favourites pull, 20-key hold) goal p50 ≤ 10 ms
 *   4. GET /api/announcements/popular on one instance: PostgreSQL vs SQLite, same run          goal ≥ 0.6×
 *
 *   npm run bench:scale
 *   ONLY=delivery,spread,pull,popular   a subset          MESSAGES=200 MSG_SOCKETS=1000 SPREAD=9000 BATCH=500
 *   SIZES=1000,100000,1000000            catalogue sizes of 3                      POPULAR_N=10000 DURATION=10
 *   NOFILE=65536                         raise the open-file limit of instances and holders when allowed
 *
 * Prints figures and 'ok' / 'MISSED' per goal; exits non-zero only when a measurement crashes.
 */
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { analyze } from '../../schema/text.ts';
import { startPostgres } from '../pg.ts';
import { deliveryWithGuests, reportDeliveries } from './delivery.ts';
import { OwnServer, rssMiB } from './server-process.ts';
import {
  defer,
  envInt,
  envList,
  fillCatalogue,
  Holder,
  printLatencies,
  runBench,
  sleep,
  verdict,
} from './sync-lib.ts';
import { SyncSocket } from './sync-socket.ts';

const CFG = {
  only: (process.env.ONLY ?? 'delivery,spread,pull,popular').split(','),
  messages: envInt('MESSAGES', 200),
  msgSockets: envInt('MSG_SOCKETS', 1000),
  spread: envInt('SPREAD', 9000),
  batch: envInt('BATCH', 500),
  sizes: envList('SIZES', [1000, 100_000, 1_000_000]),
  popularN: envInt('POPULAR_N', 10_000),
  duration: envInt('DURATION', 10),
  nofile: process.env.NOFILE ? Number(process.env.NOFILE) : null,
};
const GOALS = { deliveryP95Ms: 40, pullP50Ms: 10, popularRatio: 0.6 };
const SCRIPT = new URL(import.meta.url).pathname;

/** Registers and signs in an account through the REST API of `url`. */
async function account(url: string, email: string): Promise<{ token: string; userId: string }> {
  const password = 'parola-buna-1';
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const reg = await post('/api/users/register', {
    firstName: 'Bench',
    lastName: 'Scale',
    email,
    password,
    phone: '',
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const login = await post('/api/users/login', { email, password });
  return (await login.json()) as { token: string; userId: string };
}

/**
 * Adds announcements of `ownerId` to PostgreSQL until there are `total`, in one statement (generate_series),
 * each with its own seq taken from the counters row like a write would (the search index is not fed).
 */
async function fillPg(pool: pg.Pool, ownerId: string, total: number): Promise<void> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM announcements');
  const have = rows[0]?.n ?? 0;
  if (have >= total) return;
  const add = total - have;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // The search index (migrations-pg-extra/0001_search.sql) is kept by a row trigger, ~10 ms a row on this
    // machine: a bulk load of a million rows skips it (nothing here searches; the rows are not findable).
    await client.query('ALTER TABLE announcements DISABLE TRIGGER announcements_search');
    const { rows: s } = await client.query<{ value: string }>(
      "UPDATE counters SET value = value + $1 WHERE name = 'seq' RETURNING value",
      [add],
    );
    const last = Number(s[0]!.value);
    await client.query(
      `INSERT INTO announcements (id, owner_id, title, title_key, search_title, search_text, category, description,
         location, localitate, contact_person, contact_email, contact_phone, images, price, created_at, updated_at, seq)
       SELECT lpad(to_hex(${have} + g), 24, '0'), $1, 'Fotografie: anunț de test numărul ' || g,
         'fotografie anunt de test numarul ' || g, $4 || ' ' || g, $5, 'Fotografie',
         'Anunț generat pentru măsurarea scalării, cu text suficient de lung pentru regulă.', 'Cluj', 'Cluj-Napoca',
         'Bench', 'bench@hobbiz.test', '', '[]', 50 + g % 500,
         to_char(now() - (g || ' minutes')::interval, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         to_char(now() - (g || ' minutes')::interval, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         $2::bigint - $3::bigint + g
       FROM generate_series(1, $3::int) AS g`,
      [
        ownerId,
        last,
        add,
        analyze('Fotografie: anunț de test numărul'),
        analyze('Anunț generat pentru măsurarea scalării, cu text suficient de lung pentru regulă.'),
      ],
    );
    await client.query('ALTER TABLE announcements ENABLE TRIGGER announcements_search');
    await client.query('COMMIT');
    await client.query('ANALYZE announcements');
  } finally {
    client.release();
  }
}

type Cluster = { pgUrl: string; pool: pg.Pool; instances: OwnServer[] };
async function withCluster<T>(n: number, fn: (c: Cluster) => Promise<T>): Promise<T> {
  const pgServer = await startPostgres();
  const undoPg = defer(() => pgServer.stop());
  const pool = new pg.Pool({ connectionString: pgServer.url, max: 4 });
  const instances: OwnServer[] = [];
  try {
    for (let i = 0; i < n; i++) {
      // Write limits off: one benchmark account writes faster than any person may.
      const s = new OwnServer({
        nofile: CFG.nofile,
        env: { DATABASE_URL: pgServer.url, WRITE_LIMITS: 'off', SOCKET_LIMITS: 'off' },
      });
      instances.push(s);
      await s.start(); // one after the other: the first one migrates
    }
    return await fn({ pgUrl: pgServer.url, pool, instances });
  } finally {
    for (const s of instances) await s.dispose();
    await pool.end();
    await undoPg();
  }
}

/** A seller with one announcement (instance 2) and a buyer (instance 1), connected where they belong. */
async function pair(c: Cluster) {
  const [one, two] = c.instances as [OwnServer, OwnServer];
  const seller = await account(two.url, `bench.seller.${Date.now()}@hobbiz.test`);
  const buyer = await account(one.url, `bench.buyer.${Date.now()}@hobbiz.test`);
  await fillPg(c.pool, seller.userId, 1);
  const { rows } = await c.pool.query<{ id: string }>(
    'SELECT id FROM announcements WHERE owner_id = $1 LIMIT 1',
    [seller.userId],
  );
  const a = await SyncSocket.connect(one.url, buyer.token);
  const b = await SyncSocket.connect(two.url, seller.token);
  return { a, b, announcementId: rows[0]!.id };
}

async function delivery(): Promise<void> {
  console.log('\n1–2. Message A→B across instances (PostgreSQL, LISTEN/NOTIFY)');
  console.log(
    `  method: PostgreSQL + 2 instances; the buyer's socket on instance 1, the seller's on instance 2; ${CFG.messages}\n` +
      `          messages one after another (50 unmeasured first), time from push to the seller's newMessage.\n` +
      `          Then guest sockets spread over both instances (${CFG.msgSockets} sockets in all), then ${CFG.spread} idle\n` +
      `          sockets held on EACH instance by holder processes, and the same measurement again.`,
  );
  await withCluster(2, async (c) => {
    const sockets: SyncSocket[] = [];
    const holders: Holder[] = [];
    const undo = defer(async () => {
      for (const s of sockets) s.close();
      for (const h of holders) await h.dispose();
    });
    try {
      const { a, b, announcementId } = await pair(c);
      sockets.push(a, b);
      await deliveryWithGuests(a, b, announcementId, {
        n: CFG.messages,
        total: CFG.msgSockets,
        batch: CFG.batch,
        urls: c.instances.map((s) => s.url),
        sockets,
        goalP95: GOALS.deliveryP95Ms,
      });
      if (!CFG.only.includes('spread')) return;
      for (const s of c.instances) {
        const h = new Holder(SCRIPT, s.url, CFG.nofile);
        holders.push(h);
        const r = await h.open(CFG.spread, CFG.batch);
        console.log(
          `  holder → ${s.url}: ${r.opened} idle sockets open${r.failed ? `, ${r.failed} failed (${r.firstError})` : ''}`,
        );
      }
      await sleep(1000);
      const held = holders.reduce((n, h) => n + h.held, 0) + sockets.length;
      await reportDeliveries(a, b, announcementId, {
        n: CFG.messages,
        label: `${held} sockets (spread)`,
        goalP95: GOALS.deliveryP95Ms,
      });
      for (const [i, s] of c.instances.entries())
        console.log(`  instance ${i + 1} RSS ${rssMiB(s.pid).toFixed(0)} MiB`);
    } finally {
      await undo();
    }
  });
}

async function pullLatency(): Promise<void> {
  console.log('\n3. Pull latency on PostgreSQL as the catalogue grows');
  console.log(
    '  method: PostgreSQL + 1 instance; one user with 20 favourites; 200 pulls of `favorites` from the start\n' +
      '          (batch 50) and 200 `hold`s of 20 announcements with old seqs (catch-up), per catalogue size;\n' +
      '          announcements added with one generate_series statement between sizes.',
  );
  await withCluster(1, async (c) => {
    const one = c.instances[0]!;
    const me = await account(one.url, `bench.pull.${Date.now()}@hobbiz.test`);
    const owner = await account(one.url, `bench.owner.${Date.now()}@hobbiz.test`);
    const s = await SyncSocket.connect(one.url, me.token);
    try {
      let first = true;
      let favs: string[] = [];
      for (const size of CFG.sizes) {
        const t0 = performance.now();
        await fillPg(c.pool, owner.userId, size);
        const fillS = (performance.now() - t0) / 1000;
        if (first) {
          const { rows } = await c.pool.query<{ id: string }>(
            'SELECT id FROM announcements ORDER BY seq LIMIT 20',
          );
          favs = rows.map((r) => r.id);
          for (const id of favs) {
            const r = await fetch(`${one.url}/api/favorites/${id}`, {
              method: 'POST',
              headers: { authorization: `Bearer ${me.token}` },
            });
            if (!r.ok) throw new Error(`favourite: ${r.status}`);
          }
          first = false;
        }
        const pulls: number[] = [];
        const holds: number[] = [];
        for (let i = 0; i < 200; i++) {
          let t = performance.now();
          await s.request({ type: 'pull', collection: 'favorites', checkpoint: null, batchSize: 50 });
          pulls.push(performance.now() - t);
          t = performance.now();
          await s.request({ type: 'hold', keys: { announcements: favs.map((id) => [id, 0]) } });
          holds.push(performance.now() - t);
        }
        console.log(`  ${size.toLocaleString('en')} announcements (filled in ${fillS.toFixed(1)} s):`);
        printLatencies('  favourites pull', pulls, { p50: GOALS.pullP50Ms });
        printLatencies('  hold of 20 (catch-up)', holds, { p50: GOALS.pullP50Ms });
      }
    } finally {
      s.close();
    }
  });
}

function cannon(url: string, duration = CFG.duration): Promise<{ rps: number; p99: number; errors: number }> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 20, duration }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx });
    });
  });
}

async function popular(): Promise<void> {
  console.log('\n4. GET /api/announcements/popular, one instance: PostgreSQL vs SQLite (same run)');
  console.log(
    `  method: ${CFG.popularN.toLocaleString('en')} announcements on each engine; autocannon, 20 connections,\n` +
      `          ${CFG.duration} s, after a 2 s warm-up; the SQLite instance is measured first, then the PostgreSQL one.`,
  );
  const lite = new OwnServer({ nofile: CFG.nofile, env: { WRITE_LIMITS: 'off', SOCKET_LIMITS: 'off' } });
  fillCatalogue(lite.dataDir, CFG.popularN);
  const undoLite = defer(() => lite.dispose());
  let liteRps = 0;
  try {
    await lite.start();
    const url = `${lite.url}/api/announcements/popular`;
    await cannon(url, 2);
    const r = await cannon(url);
    liteRps = r.rps;
    console.log(`  SQLite:     ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, errors ${r.errors}`);
  } finally {
    await undoLite();
  }
  await withCluster(1, async (c) => {
    const one = c.instances[0]!;
    const owner = await account(one.url, `bench.popular.${Date.now()}@hobbiz.test`);
    await fillPg(c.pool, owner.userId, CFG.popularN);
    const url = `${one.url}/api/announcements/popular`;
    await cannon(url, 2);
    const r = await cannon(url);
    const ratio = r.rps / liteRps;
    console.log(`  PostgreSQL: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, errors ${r.errors}`);
    console.log(
      `  ratio PostgreSQL / SQLite: ${ratio.toFixed(2)} (goal ≥ ${GOALS.popularRatio})  ${verdict(ratio >= GOALS.popularRatio)}`,
    );
  });
}

async function main(): Promise<void> {
  console.log(
    `bench:scale — ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (CFG.only.includes('delivery') || CFG.only.includes('spread')) await delivery();
  if (CFG.only.includes('pull')) await pullLatency();
  if (CFG.only.includes('popular')) await popular();
}

await runBench(main);
