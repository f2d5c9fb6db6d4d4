/**
 * `npm run bench:search` (issue 20): what a client gets from the search, over HTTP, wall clock, on a
 * generated catalogue (`.tmp/bench-catalogue/`, made once by seededDataDir; `--size 1000000` by default).
 * The real server runs in its own process (worker threads for SQLite searches, as `npm start` runs it).
 *
 * 1. ≥ 150 varied searches (two words without diacritics, one broad word, typos, category and county
 *    filters, every order, four broad topics), each once after one warm-up pass: p50 / p95 / max.
 * 2. The same list by 8 concurrent clients (each starting at its own offset), while `/api/health` is asked
 *    every 20 ms and a chat message goes from a buyer to a seller over the sync socket one after another:
 *    search p95, health p99, message (push → the seller's `newMessage`) p95.
 * Goals: sequential p95 ≤ 30 ms; 8 clients p95 ≤ 60 ms; health p99 ≤ 20 ms; message p95 ≤ 50 ms.
 * Options: --size N, --clients 8, --rounds 2 (passes of the list per client), DATABASE_URL=postgres://…
 * to run the server on PostgreSQL (the catalogue must already be there: scripts/bench/search-pg.ts).
 */
import { parseArgs } from 'node:util';
import { CATEGORY_NAMES } from '../../schema/catalog/categories.ts';
import { SEARCH_SORTS } from '../../schema/search.ts';
import { SEED_PASSWORD } from '../seed-data.ts';
import { seededDataDir } from './catalogue-lib.ts';
import { measureDeliveries } from './delivery.ts';
import { OwnServer } from './server-process.ts';
import { defer, percentile, printLatencies, runBench, sleep } from './sync-lib.ts';
import { SyncSocket } from './sync-socket.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1000000' },
    clients: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
  },
});
const SIZE = Number(values.size);
const CLIENTS = Number(values.clients);
const ROUNDS = Number(values.rounds);

const TWO_WORDS = [
  'tort ciocolata',
  'meditatii matematica',
  'reparatii ceasuri',
  'sedinta foto',
  'lectii chitara',
  'fotograf nunta',
  'curatenie apartament',
  'prajituri casa',
  'instalator sanitar',
  'gradina gazon',
  'traduceri engleza',
  'cursuri dans',
  'reparatii laptop',
  'zugraveli interioare',
  'transport mobila',
];
const ONE_WORD = ['fotograf', 'reparatii', 'lectii', 'tort', 'curatenie', 'gradina', 'meditatii', 'dans'];
const TYPOS = ['fotgrafie', 'meditatii matematca', 'reparati ceasur', 'chitra', 'prajitrui', 'instlator'];
const TOPICS = ['Sport', 'Tehnologie', 'Muzică', 'Grădinărit'];
/** Words being typed (the last one a beginning) and a few three-word searches. */
const TYPING = ['fotogr', 'prajit', 'meditati', 'reparat', 'instal', 'lectii pi', 'tort cio', 'curatenie ap'];
const THREE_WORDS = [
  'lectii chitara copii',
  'fotograf nunta cluj',
  'reparatii ceasuri vechi',
  'tort ciocolata aniversare',
];
const COUNTIES = ['Cluj', 'București', 'Iași', 'Timiș', 'Constanța', 'Brașov'];

/** The search list: deterministic, every kind in every order, at least 150. */
function searches(): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  let i = 0;
  const sort = () => SEARCH_SORTS[i++ % SEARCH_SORTS.length]!;
  for (const q of TWO_WORDS) {
    out.push({ q, sort: sort() });
    out.push({ q, category: CATEGORY_NAMES[i % CATEGORY_NAMES.length]!, sort: sort() });
    out.push({ q, judet: COUNTIES[i % COUNTIES.length]!, sort: sort() });
  }
  for (const q of ONE_WORD)
    for (const s of SEARCH_SORTS) out.push({ q, sort: s, ...(i++ % 3 === 0 ? { judet: 'Cluj' } : {}) });
  for (const q of TYPOS) {
    out.push({ q });
    out.push({ q, sort: sort() });
  }
  for (const subiect of TOPICS)
    for (const s of ['relevance', 'recent', 'price-asc']) out.push({ subiect, sort: s });
  for (const q of TYPING) out.push({ q });
  for (const q of THREE_WORDS) out.push({ q, sort: sort() });
  // Words with category + county + price band, and words in one county newest first.
  for (const [k, q] of TWO_WORDS.entries()) {
    const category = CATEGORY_NAMES[k % CATEGORY_NAMES.length]!;
    out.push({ q, category, judet: COUNTIES[k % COUNTIES.length]!, pret: 'over100', sort: sort() });
    out.push({ q, judet: 'Cluj', sort: 'recent' });
  }
  return out;
}

async function timed(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t0;
}

async function account(base: string, email: string, password: string) {
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const reg = await post('/api/users/register', { firstName: 'Bench', lastName: 'Căutare', email, password });
  if (reg.status !== 201 && reg.status !== 409 && reg.status !== 400)
    throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const login = await post('/api/users/login', { email, password });
  if (!login.ok) throw new Error(`login ${email}: ${login.status} ${await login.text()}`);
  return (await login.json()) as { token: string; userId: string };
}

async function main(): Promise<void> {
  const pg = process.env.DATABASE_URL;
  console.log(`bench:search — ${SIZE.toLocaleString('en')} announcements, ${pg ? 'PostgreSQL' : 'SQLite'}`);
  const dataDir = await seededDataDir(SIZE, (l) => console.log(l));
  const server = new OwnServer({
    dataDir,
    env: { WRITE_LIMITS: 'off', SOCKET_LIMITS: 'off', ...(pg ? { DATABASE_URL: pg } : {}) },
  });
  const undo = defer(() => server.dispose());
  try {
    const t0 = performance.now();
    await server.start();
    console.log(`  server ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const list = searches();
    const urls = list.map((p) => `${server.url}/api/announcements/search?${new URLSearchParams(p)}`);
    console.log(`  ${urls.length} searches; warm-up pass…`);
    for (const u of urls) await timed(u);

    console.log('\n1. Sequential, one client');
    const seq: number[] = [];
    const slowest: [number, string][] = [];
    for (const [k, u] of urls.entries()) {
      const ms = await timed(u);
      seq.push(ms);
      slowest.push([ms, JSON.stringify(list[k])]);
    }
    const seqOk = printLatencies('search (HTTP, wall clock)', seq, { p95: 30 });
    slowest.sort((a, b) => b[0] - a[0]);
    for (const [ms, what] of slowest.slice(0, 3)) console.log(`    slowest: ${ms.toFixed(1)} ms ${what}`);

    console.log(`\n2. ${CLIENTS} concurrent clients × ${ROUNDS} passes, with /api/health and chat meanwhile`);
    const seller = await account(server.url, 'vanzator1@hobbiz.test', SEED_PASSWORD);
    const buyer = await account(server.url, `bench.cautare.${Date.now()}@hobbiz.test`, 'o-parola-lunga-1');
    const mine = await fetch(`${server.url}/api/users/announcements/${seller.userId}`);
    const announcementId = ((await mine.json()) as { _id: string }[])[0]!._id;
    const a = await SyncSocket.connect(server.url, buyer.token);
    const b = await SyncSocket.connect(server.url, seller.token);
    await measureDeliveries(a, b, announcementId, 10);
    let running = true;
    const health: number[] = [];
    const prober = (async () => {
      while (running) {
        health.push(await timed(`${server.url}/api/health`));
        await sleep(20);
      }
    })();
    const chat: number[] = [];
    const talker = (async () => {
      while (running) {
        const r = await measureDeliveries(a, b, announcementId, 1);
        chat.push(...r.delivered);
        await sleep(30);
      }
    })();
    const conc: number[] = [];
    const t1 = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        const start = Math.floor((c * urls.length) / CLIENTS);
        for (let r = 0; r < ROUNDS; r++)
          for (let k = 0; k < urls.length; k++) conc.push(await timed(urls[(start + k) % urls.length]!));
      }),
    );
    const wall = (performance.now() - t1) / 1000;
    running = false;
    await Promise.all([prober, talker]);
    a.close();
    b.close();
    const concOk = printLatencies(`search, ${CLIENTS} clients`, conc, { p95: 60 });
    console.log(`    ${conc.length} searches in ${wall.toFixed(1)} s (${(conc.length / wall).toFixed(0)}/s)`);
    const h99 = percentile(health, 99);
    printLatencies('/api/health meanwhile', health);
    console.log(`    /api/health p99 ${h99.toFixed(2)} ms (goal ≤ 20 ms)  ${h99 <= 20 ? 'ok' : 'MISSED'}`);
    const chatOk = printLatencies('chat message meanwhile', chat, { p95: 50 });
    console.log(
      `\nGoals: sequential p95 ${seqOk ? 'ok' : 'MISSED'}, ${CLIENTS} clients p95 ${concOk ? 'ok' : 'MISSED'}, health p99 ${h99 <= 20 ? 'ok' : 'MISSED'}, message p95 ${chatOk ? 'ok' : 'MISSED'}`,
    );
  } finally {
    await undo();
  }
}

await runBench(main);
