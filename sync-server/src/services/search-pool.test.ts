import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../../scripts/seed-catalogue.ts';
import { closeDatabase, openDatabase } from '../plugins/db.ts';
import { SEARCH_NICE } from '../search-worker.ts';
import { buildTestApp } from '../test-helper.ts';

/**
 * Searches on worker threads (issue 20, item 5): the pool answers what the main thread would, a refused
 * cursor is still the caller's mistake, and while searches run back to back the event loop stays free
 * (`/api/health` answers quickly). SQLite only: PostgreSQL searches run in the database.
 */
const onPg = Boolean(process.env.DATABASE_URL);
type App = Awaited<ReturnType<typeof buildTestApp>>;
let pooled: App;
let inThread: App;

const N = 20_000;
const QUERIES = [
  'fotograf nunta',
  'lectii',
  'tort ciocolata',
  'reparatii',
  'c',
  'meditatii mate',
  'fotgrafie',
];

const dir = mkdtempSync(join(tmpdir(), 'hobbiz-pool-'));

beforeAll(async () => {
  if (onPg) return;
  // The catalogue is written before any server opens the file (the seeder switches the journal mode).
  const db = openDatabase(join(dir, 'hobbiz.sqlite'));
  await seedCatalogue(db, {
    announcements: N,
    seed: 3,
    uploadsDir: join(dir, 'uploads'),
    // Photos are not what this file tests: one per category instead of 12 phone-sized ones (~40 s).
    photosPerCategory: 1,
    now: new Date('2026-11-20T10:00:00.000Z'),
  });
  closeDatabase(db);
  // No kept answers: the loop below repeats its searches, and each must reach a worker thread.
  pooled = await buildTestApp({ dataDir: dir, searchWorkers: 2, searchCache: 0 });
  await pooled.searchVocab.refresh(pooled.uow, 100);
  // The same file read by a second app whose searches run in its own thread.
  inThread = await buildTestApp({ dataDir: dir, searchWorkers: 0 });
}, 120_000);

afterAll(async () => {
  await inThread?.cleanup();
  await pooled?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const get = (app: App, url: string, query: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, query });

describe.skipIf(onPg)('the search pool', () => {
  it('answers as the main thread does, corrections and refusals included', async () => {
    for (const q of QUERIES)
      for (const sort of ['relevance', 'recent', 'price-asc']) {
        const a = await get(pooled, '/api/announcements/search', { q, sort });
        const b = await get(inThread, '/api/announcements/search', { q, sort });
        expect(a.statusCode, a.body).toBe(200);
        expect(a.json(), `${q} ${sort}`).toEqual(b.json());
      }
    // Made and compressed on the thread (services/search-answer.ts): the same JSON once decompressed.
    for (const [accept, encoding, inflate] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      const query = { q: 'lectii', sort: 'recent' };
      const a = await pooled.inject({
        method: 'GET',
        url: '/api/announcements/search',
        query,
        headers: { 'accept-encoding': accept },
      });
      expect(a.headers['content-encoding']).toBe(encoding);
      expect(a.headers['content-type']).toMatch(/^application\/json/);
      const b = await get(inThread, '/api/announcements/search', query);
      expect(JSON.parse(inflate(a.rawPayload).toString())).toEqual(b.json());
    }
    const plain = await pooled.inject({
      method: 'GET',
      url: '/api/announcements/search',
      query: { q: 'lectii', sort: 'recent' },
      headers: { 'accept-encoding': 'br, gzip', 'x-no-compression': '1' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ items: expect.any(Array) });
    const bad = await get(pooled, '/api/announcements/search', { q: 'tort', cursor: 'eyJzIjoicmVjZW50In0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: expect.any(String) });
  });

  it('runs searches below the event loop’s priority (Linux: nice of each thread)', async () => {
    if (process.platform !== 'linux') return;
    expect((await get(pooled, '/api/announcements/search', { q: 'tort' })).statusCode).toBe(200);
    // /proc/self/task/<tid>/stat: the nice value is the 19th field (the 17th after the command's ')').
    const nice = (tid: string) =>
      Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    const tids = readdirSync('/proc/self/task');
    expect(nice(String(process.pid))).toBe(0);
    expect(tids.filter((t) => nice(t) === SEARCH_NICE).length).toBeGreaterThanOrEqual(1);
  });

  it('keeps the event loop free while searches run back to back', async () => {
    let running = true;
    let searches = 0;
    const client = async () => {
      for (let i = 0; running; i++) {
        const res = await get(pooled, '/api/announcements/search', {
          q: QUERIES[i % QUERIES.length]!,
          sort: i % 2 ? 'recent' : 'relevance',
        });
        expect(res.statusCode).toBe(200);
        searches++;
      }
    };
    const clients = Array.from({ length: 8 }, client);
    const waits: number[] = [];
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < 60; i++) {
      const t0 = performance.now();
      const res = await get(pooled, '/api/health');
      waits.push(performance.now() - t0);
      expect(res.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 10));
    }
    running = false;
    await Promise.all(clients);
    waits.sort((x, y) => x - y);
    const p99 = waits[Math.floor(waits.length * 0.99) - 1]!;
    console.log(
      `[search pool] ${searches} searches meanwhile; /api/health p50 ${waits[30]!.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
    );
    expect(searches).toBeGreaterThan(8);
    // Generous for a loaded 2-core CI machine; searches on the main thread block it for their whole run.
    expect(p99).toBeLessThan(100);
  }, 60_000);
});
