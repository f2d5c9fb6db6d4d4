/**
 * Server benchmarks (issue 7): `npm run bench:server`.
 *   1. HTTP: GET /api/announcements/popular vs a hello-world route of the same Fastify process, 500
 *      concurrent connections (autocannon); goal: popular ≥ ½ of hello-world; p99 latency reported.
 *      Both without compression and as browsers ask (Accept-Encoding: br, gzip); then again while the
 *      data changes WRITES_PER_S (20) times a second through real units of work, so popular is rebuilt
 *      instead of served from its per-version cache every time.
 *   2. Working-set catch-up latency with 1k, 10k and 100k announcements: a guest socket holds 500
 *      announcements from the start, the middle and the end of the catalogue, with no copy on the device
 *      (seq 0), so the server sends all 500 (should stay flat as the catalogue grows). Sync protocol 2 no
 *      longer pulls announcements from a checkpoint.
 * Env: ONLY=http,pull  CONNECTIONS=500  DURATION=10 (s)  WRITES_PER_S=20  SIZES=1000,10000,100000  REPS=40
 */

import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import type { HeldDocs } from '../../schema/sync.ts';
import { OwnServer } from './server-process.ts';
import { envInt, envList, fillCatalogue, fmt, runBench, summarize, verdict } from './sync-lib.ts';
import { SyncSocket } from './sync-socket.ts';

type Run = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

function cannon(url: string, connections: number, duration: number, headers: Record<string, string>) {
  return new Promise<Run>((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (err, r) => {
      if (err) return reject(err);
      resolve({
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
    });
  });
}

async function http(): Promise<void> {
  const connections = envInt('CONNECTIONS', 500);
  const duration = envInt('DURATION', 10);
  const server = new OwnServer({ entry: 'scripts/bench/server-entry.ts' });
  fillCatalogue(server.dataDir, 1000);
  await server.start();
  try {
    console.log(
      `\n1. HTTP throughput, ${connections} connections, ${duration} s per route (after a 3 s warm-up)`,
    );
    for (const [label, headers] of [
      ['no compression', {}],
      ['Accept-Encoding: br, gzip', { 'accept-encoding': 'br, gzip' }],
    ] as const) {
      const results: Record<string, Run> = {};
      for (const path of ['/bench/hello', '/api/announcements/popular']) {
        await cannon(`${server.url}${path}`, connections, 3, headers);
        results[path] = await cannon(`${server.url}${path}`, connections, duration, headers);
      }
      const hello = results['/bench/hello']!;
      const popular = results['/api/announcements/popular']!;
      const ratio = popular.rps / hello.rps;
      console.log(`  ${label}:`);
      for (const [path, r] of Object.entries(results)) {
        console.log(
          `    ${path.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   errors ${r.errors}, non-2xx ${r.non2xx}`,
        );
      }
      console.log(`    popular / hello = ${ratio.toFixed(2)} (goal ≥ 0.50) ${verdict(ratio >= 0.5)}`);
    }
    // Without writes every request above is a cache hit. A marketplace writes: the data changes
    // WRITES_PER_S times a second (real units of work), so popular is rebuilt as often.
    const perSecond = envInt('WRITES_PER_S', 20);
    const headers = { 'accept-encoding': 'br, gzip' };
    let writes = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const t = performance.now();
        await fetch(`${server.url}/bench/write`, { method: 'POST' }).then(
          (r) => r.ok && writes++,
          () => undefined,
        );
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 / perSecond - (performance.now() - t))));
      }
    })();
    await cannon(`${server.url}/api/announcements/popular`, connections, 3, headers);
    const underWrites = await cannon(
      `${server.url}/api/announcements/popular`,
      connections,
      duration,
      headers,
    );
    writing = false;
    await writer;
    const hello = await cannon(`${server.url}/bench/hello`, connections, duration, headers);
    const ratio = underWrites.rps / hello.rps;
    console.log(`  Accept-Encoding: br, gzip, while the data changes ~${perSecond} times a second:`);
    console.log(
      `    popular ${underWrites.rps.toFixed(0)} req/s, p50 ${underWrites.p50} ms, p99 ${underWrites.p99} ms, errors ${underWrites.errors}, non-2xx ${underWrites.non2xx}; ${writes} writes made (${(writes / (duration + 3)).toFixed(1)}/s)`,
    );
    console.log(`    popular / hello = ${ratio.toFixed(2)} (goal ≥ 0.50) ${verdict(ratio >= 0.5)}`);
  } finally {
    await server.dispose();
  }
}

async function pull(): Promise<void> {
  const sizes = envList('SIZES', [1000, 10_000, 100_000]);
  const reps = envInt('REPS', 40);
  const batch = 500;
  console.log(
    `\n2. Working-set catch-up latency (guest socket, ${batch} held keys, ${reps} holds per position)`,
  );
  for (const n of sizes) {
    const server = new OwnServer();
    const t0 = performance.now();
    fillCatalogue(server.dataDir, n);
    const fillMs = performance.now() - t0;
    const file = new Database(join(server.dataDir, 'hobbiz.sqlite'), { readonly: true });
    const ids = (file.prepare('SELECT id FROM announcements ORDER BY seq').all() as { id: string }[]).map(
      (r) => r.id,
    );
    file.close();
    await server.start();
    try {
      const socket = await SyncSocket.connect(server.url, null);
      const middle = Math.max(0, Math.floor(ids.length / 2) - batch / 2);
      const positions: [string, string[]][] = [
        ['start', ids.slice(0, batch)],
        ['middle', ids.slice(middle, middle + batch)],
        ['end', ids.slice(-batch)],
      ];
      const line: string[] = [];
      for (const [name, slice] of positions) {
        const times: number[] = [];
        for (let i = 0; i < reps; i++) {
          const s = performance.now();
          const r = await socket.request<HeldDocs>({
            type: 'hold',
            keys: { announcements: slice.map((id): [string, number] => [id, 0]) },
            replace: true,
          });
          times.push(performance.now() - s);
          if ((r.announcements ?? []).length !== slice.length) throw new Error(`short answer at ${name}`);
        }
        const sum = summarize(times);
        line.push(`${name} p50 ${fmt(sum.p50)} p95 ${fmt(sum.p95)}`);
      }
      socket.close();
      console.log(
        `  ${String(n).padStart(7)} announcements (filled in ${(fillMs / 1000).toFixed(1)} s): ${line.join(' · ')}`,
      );
    } finally {
      await server.dispose();
    }
  }
}

const only = new Set((process.env.ONLY ?? 'http,pull').split(',').map((s) => s.trim()));
await runBench(async () => {
  if (only.has('http')) await http();
  if (only.has('pull')) await pull();
});
