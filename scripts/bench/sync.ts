/**
 * Sync-engine benchmarks on the built app (dist/), everything on this one machine over loopback:
 *   1. local write → visible in the UI (heart toggle, MutationObserver)      goal p95 ≤ 16 ms
 *   2. message A→B delivery with 1,000 connected sockets (and with 2)       goal p95 ≤ 25 ms
 *   3. idle sockets held by one server, its RSS                              goal 20,000 with RSS ≤ 1.5 GB
 * (The initial replication of the whole catalogue is gone with sync protocol 2: what a device downloads
 * is measured by `npm run bench:catalogue`.)
 *
 *   npm run bench:sync
 *   ONLY=ui,messages,sockets   run a subset
 *   WRITES=40 MESSAGES=200 MSG_SOCKETS=1000 SOCKETS=20000 BATCH=500
 *   HOLDER_SOCKETS=5000   guest sockets per load-generator child process (measurement 3)
 *   NOFILE=65536          try to raise the open-file limit of the server and holders (measurement 3; above
 *                         the hard limit this needs CAP_SYS_RESOURCE, else the inherited limit stays)
 *
 * Prints figures and 'ok' / 'MISSED' per goal; exits non-zero only when a measurement crashes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { apiAccount, launchBrowser, queryServerDb, TestServer } from '../../e2e/harness.ts';
import { SEED_PASSWORD } from '../seed-data.ts';
import { deliveryWithGuests } from './delivery.ts';
import { nofileLimits, OwnServer, openFds, ROOT, rssMiB } from './server-process.ts';
import { defer, envInt, Holder, runBench, sleep, verdict } from './sync-lib.ts';
import { SyncSocket } from './sync-socket.ts';
import { localWriteToUi } from './sync-ui.ts';

// One account pushes hundreds of messages in seconds here: far past the write limits (schema/constants.ts
// WRITE_LIMITS), which would measure the refusals. The servers started below inherit this.
process.env.WRITE_LIMITS ??= 'off';
// The socket's budget and per-address caps too (thousands of guest sockets from this one machine).
process.env.SOCKET_LIMITS ??= 'off';

const GOALS = { uiP95Ms: 16, messageP95Ms: 25, sockets: 20_000, rssMB: 1500 };
const CFG = {
  writes: envInt('WRITES', 40),
  cards: envInt('CARDS', 4),
  messages: envInt('MESSAGES', 200),
  msgSockets: envInt('MSG_SOCKETS', 1000),
  sockets: envInt('SOCKETS', 20_000),
  batch: Math.max(1, envInt('BATCH', 500)),
  holderSockets: Math.max(1, envInt('HOLDER_SOCKETS', 5000)),
  nofile: envInt('NOFILE', 0) || null,
};

/** Runs `fn` with a TestServer that is disposed afterwards whatever happens. */
async function withTestServer<T>(server: TestServer, fn: (s: TestServer) => Promise<T>): Promise<T> {
  const undo = defer(() => server.dispose());
  try {
    await server.start();
    return await fn(server);
  } finally {
    await undo();
  }
}

// ─── 2. Message A→B delivery ─────────────────────────────────────────────────────────────────────────

async function messageDelivery(): Promise<void> {
  console.log('\n2. Message A→B delivery');
  console.log(
    `  method: seeded server; seller = owner of a seeded announcement (seed login), buyer = new account.\n` +
      `          Both connect /api/sync with \`ws\` from this process. The buyer pushes ${CFG.messages} messages one\n` +
      `          after another (next one after the seller got the previous); time from send to the seller's\n` +
      `          \`newMessage\` event for that id (push ack time to the buyer shown too). 50 unmeasured warm-up\n` +
      `          messages. First with the 2 sockets only, then with ${Math.max(0, CFG.msgSockets - 2)} idle guest sockets added\n` +
      `          (${CFG.msgSockets} in all). Client and server share the 2 cores; loopback.`,
  );
  await withTestServer(new TestServer(), async (server) => {
    const [ann] = queryServerDb<{ id: string; email: string }>(
      server,
      `SELECT a.id, u.email FROM announcements a JOIN users u ON u.id = a.owner_id
       WHERE a.deleted = 0 AND a.active = 1 ORDER BY a.seq LIMIT 1`,
    );
    if (!ann) throw new Error('the seeded server has no announcement');
    const res = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ann.email, password: SEED_PASSWORD }),
    });
    if (!res.ok) throw new Error(`seller login failed: ${res.status}`);
    const seller = (await res.json()) as { token: string; userId: string };
    const buyer = await apiAccount(server, `bench.buyer.${Date.now()}@hobbiz.test`);

    const sockets: SyncSocket[] = [];
    const undo = defer(() => {
      for (const s of sockets) s.close();
      sockets.length = 0;
    });
    try {
      const b = await SyncSocket.connect(server.url, seller.token);
      const a = await SyncSocket.connect(server.url, buyer.token);
      sockets.push(a, b);

      await deliveryWithGuests(a, b, ann.id, {
        n: CFG.messages,
        total: CFG.msgSockets,
        batch: CFG.batch,
        urls: [server.url],
        sockets,
        goalP95: GOALS.messageP95Ms,
      });
    } finally {
      await undo();
    }
  });
}

// ─── 3. Idle sockets and server RSS ──────────────────────────────────────────────────────────────────

async function idleSockets(): Promise<void> {
  console.log('\n3. Idle sockets held by the server, and its RSS');
  const limits = nofileLimits();
  const holders = Math.ceil(CFG.sockets / CFG.holderSockets);
  console.log(
    `  method: own server process (SEED=0, empty database), pid known; guest sockets (hello with token\n` +
      `          null, counted once 'ready' arrives) opened ${CFG.batch} at a time from ${holders} load-generator child\n` +
      `          process(es) of ≤ ${CFG.holderSockets} sockets each (one process cannot hold 20,000 under this limit);\n` +
      `          VmRSS from /proc/<pid>/status 1 s after each milestone.`,
  );
  console.log(
    `  ulimit -n here: soft ${limits.soft}, hard ${limits.hard}` +
      (CFG.nofile ? `; NOFILE=${CFG.nofile} requested for the server and holders (actual limit below)` : ''),
  );
  const server = new OwnServer({ nofile: CFG.nofile });
  const team: Holder[] = [];
  const undo = defer(async () => {
    await Promise.all(team.map((h) => h.dispose()));
    await server.dispose();
  });
  try {
    await server.start();
    console.log(`  server pid ${server.pid}, its open-file limit ${server.nofileLimit()}`);
    const script = join(ROOT, 'scripts', 'bench', 'sync.ts');
    for (let i = 0; i < holders; i++) team.push(new Holder(script, server.url, CFG.nofile));
    await Promise.all(team.map((h) => h.ready));
    await sleep(1000);
    const base = rssMiB(server.pid);
    const mb = (mib: number) => (mib * 1024 * 1024) / 1e6;
    console.log(
      `  ${'0 sockets'.padEnd(15)} RSS ${mb(base).toFixed(0).padStart(5)} MB   fds ${openFds(server.pid)}`,
    );

    const milestones = [
      ...new Set([5000, 10_000, 20_000].filter((m) => m < CFG.sockets).concat(CFG.sockets)),
    ];
    let attempted = 0;
    let held = 0;
    let stopped: string | null = null;
    let last = { held: 0, rss: base };
    const t0 = performance.now();
    for (const m of milestones) {
      while (attempted < m && !stopped) {
        const n = Math.min(CFG.batch, m - attempted, CFG.holderSockets - (attempted % CFG.holderSockets));
        const h = team[Math.floor(attempted / CFG.holderSockets)]!;
        attempted += n;
        const r = await h.open(n, n);
        held += r.opened;
        if (!server.alive) stopped = `server exited (${server.proc?.exitCode ?? server.proc?.signalCode})`;
        else if (r.failed) stopped = `${r.failed} of a batch of ${n} failed: ${r.firstError}`;
      }
      await sleep(1000);
      if (!server.alive) {
        stopped ??= 'server exited';
        break;
      }
      last = { held, rss: rssMiB(server.pid) };
      const per = held ? (((last.rss - base) * 1024) / held).toFixed(1) : '-';
      console.log(
        `  ${`${held} sockets`.padEnd(15)} RSS ${mb(last.rss).toFixed(0).padStart(5)} MB   fds ${openFds(server.pid)}   ≈ ${per} KiB per socket above baseline`,
      );
      if (stopped) break;
    }
    const secs = ((performance.now() - t0) / 1000).toFixed(1);
    if (stopped) {
      console.log(`  stopped early after ${attempted} attempts: ${stopped}`);
      const limit = Number(server.nofileLimit());
      if (server.alive && openFds(server.pid) >= limit - 1) {
        console.log(`  → the server reached its open-file limit (${limit} descriptors), not a memory limit`);
      }
    }
    console.log(`  opened ${held} sockets in ${secs} s`);
    const ok = held >= GOALS.sockets && mb(last.rss) <= GOALS.rssMB;
    if (held > 0 && held < GOALS.sockets) {
      const perSocket = (last.rss - base) / held;
      console.log(
        `  extrapolated (not measured) to ${GOALS.sockets}: ≈ ${mb(base + perSocket * GOALS.sockets).toFixed(0)} MB`,
      );
    }
    console.log(
      `  held ${held} sockets with RSS ${mb(last.rss).toFixed(0)} MB   (goal ${GOALS.sockets} with RSS ≤ ${GOALS.rssMB} MB)  ${verdict(ok)}`,
    );
  } finally {
    await undo();
  }
}

// ─── main ────────────────────────────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  const only = new Set((process.env.ONLY ?? 'ui,messages,sockets').split(',').map((s) => s.trim()));
  console.log(
    `Hobbiz sync benchmarks — node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? '?'}),` +
      ` client and server on one machine over loopback; load average ${loadavg()[0]!.toFixed(2)}`,
  );
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    console.log('dist/index.html missing: npm run build');
    const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build failed');
  }
  let browser: Browser | null = null;
  const getBrowser = async () => {
    if (!browser) {
      const b = await launchBrowser();
      browser = b;
      defer(() => b.close());
    }
    return browser;
  };
  const runs: [string, () => Promise<void>][] = [
    [
      'ui',
      async () => {
        const browser = await getBrowser();
        const o = { writes: CFG.writes, cards: CFG.cards, goalP95: GOALS.uiP95Ms };
        await withTestServer(new TestServer(), (server) => localWriteToUi(browser, server, o));
      },
    ],
    ['messages', messageDelivery],
    ['sockets', idleSockets],
  ];
  for (const [name, fn] of runs) {
    if (!only.has(name)) continue;
    try {
      await fn();
    } catch (err) {
      console.error(`  FAILED (${name}):`, err);
      process.exitCode = 1;
    }
  }
  console.log(
    `\nload average at the end ${loadavg()[0]!.toFixed(2)} (other work on this machine skews the figures)`,
  );
}

await runBench(main);
