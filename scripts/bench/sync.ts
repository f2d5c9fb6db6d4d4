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
import { apiAccount, launchBrowser, newPage, queryServerDb, TestServer } from '../../e2e/harness.ts';
import { SEED_PASSWORD } from '../seed-data.ts';
import { deliveryWithGuests } from './delivery.ts';
import { nofileLimits, OwnServer, openFds, ROOT, rssMiB } from './server-process.ts';
import { defer, envInt, Holder, printLatencies, runBench, sleep, verdict } from './sync-lib.ts';
import { SyncSocket } from './sync-socket.ts';

// One account pushes hundreds of messages in seconds here: far past the write limits (schema/constants.ts
// WRITE_LIMITS), which would measure the refusals. The servers started below inherit this.
process.env.WRITE_LIMITS ??= 'off';

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

type Page = Awaited<ReturnType<typeof newPage>>['page'];

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

// ─── 1. Local write → visible in the UI ──────────────────────────────────────────────────────────────

/**
 * One heart click in the page: time to the DOM commit of the new label, and to the next frame after it.
 * (No named functions inside: tsx would wrap them in a `__name` helper the page does not have.)
 */
function clickHeart(page: Page, title: string) {
  return page.evaluate(
    (t) =>
      new Promise<{ commitMs: number; frameMs: number; added: boolean }>((resolve, reject) => {
        const add = `Adaugă la favorite: ${t}`;
        const remove = `Elimină din favorite: ${t}`;
        let btn: HTMLButtonElement | null = null;
        for (const b of document.querySelectorAll<HTMLButtonElement>('button.fav-btn')) {
          const label = b.getAttribute('aria-label');
          if (label === add || label === remove) {
            btn = b;
            break;
          }
        }
        if (!btn) return reject(new Error(`no heart for ${t}`));
        const target = btn.getAttribute('aria-label') === add ? remove : add;
        let t0 = 0;
        let done = false;
        const obs = new MutationObserver(() => {
          if (done) return;
          let seen = false;
          for (const b of document.querySelectorAll('button.fav-btn')) {
            if (b.getAttribute('aria-label') === target) seen = true;
          }
          if (!seen) return;
          done = true;
          const commitMs = performance.now() - t0;
          obs.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() =>
            resolve({ commitMs, frameMs: performance.now() - t0, added: target === remove }),
          );
        });
        const timer = setTimeout(() => {
          obs.disconnect();
          reject(new Error(`label of ${t} did not change in 5 s`));
        }, 5000);
        obs.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['aria-label'],
        });
        t0 = performance.now();
        btn.click();
      }),
    title,
  );
}

async function localWriteToUi(browser: Browser): Promise<void> {
  console.log('\n1. Local write → visible in the UI');
  console.log(
    `  method: seeded server, signed-in page (account via API, token in localStorage, reload), 1280×900.\n` +
      `          ${CFG.writes} heart clicks (element.click() inside page.evaluate) rotating over ${CFG.cards} popular cards,\n` +
      `          each toggling its card on/off; time from performance.now() before the click to the\n` +
      `          MutationObserver callback that sees the new aria-label (DOM commit), and to the next\n` +
      `          requestAnimationFrame after it. 100 ms between clicks; ${CFG.cards} unmeasured warm-up clicks first.`,
  );
  await withTestServer(new TestServer(), async (server) => {
    const me = await apiAccount(server, `bench.ui.${Date.now()}@hobbiz.test`);
    const { context, page } = await newPage(browser, server);
    const undo = defer(() => context.close());
    try {
      await page.goto('/');
      await page.evaluate(
        ([t, u]) => {
          localStorage.setItem('token', t!);
          localStorage.setItem('userId', u!);
        },
        [me.token, me.userId],
      );
      await page.reload();
      await page.waitForFunction(
        (n) => document.querySelectorAll('button.fav-btn:not([disabled])').length >= n,
        CFG.cards,
        { timeout: 30_000 },
      );
      await page
        .getByText('Sincronizat')
        .first()
        .waitFor({ timeout: 30_000 })
        .catch(() => console.log('  (sync chip never said “Sincronizat”; measuring anyway)'));
      await page.waitForTimeout(1000);
      const titles = await page.evaluate((n) => {
        const prefix = 'Adaugă la favorite: ';
        const out: string[] = [];
        for (const b of document.querySelectorAll<HTMLButtonElement>('button.fav-btn:not([disabled])')) {
          const label = b.getAttribute('aria-label') ?? '';
          const title = label.startsWith(prefix) ? label.slice(prefix.length) : '';
          if (title && !out.includes(title)) out.push(title);
          if (out.length === n) break;
        }
        return out;
      }, CFG.cards);
      if (titles.length < CFG.cards) throw new Error(`only ${titles.length} cards with an empty heart`);

      const warm: number[] = [];
      for (const t of titles) {
        warm.push((await clickHeart(page, t)).commitMs);
        await page.waitForTimeout(100);
      }
      const commit: number[] = [];
      const frame: number[] = [];
      const adds: number[] = [];
      const removes: number[] = [];
      for (let i = 0; i < CFG.writes; i++) {
        const r = await clickHeart(page, titles[i % titles.length]!);
        commit.push(r.commitMs);
        frame.push(r.frameMs);
        (r.added ? adds : removes).push(r.commitMs);
        await page.waitForTimeout(100);
      }
      console.log(`  warm-up clicks: ${warm.map((x) => x.toFixed(1)).join(', ')} ms`);
      printLatencies('click → DOM commit (aria-label)', commit, { p95: GOALS.uiP95Ms });
      printLatencies('click → next frame (rAF)', frame);
      printLatencies('  adds only → commit', adds);
      printLatencies('  removals only → commit (+ toast)', removes);
    } finally {
      await undo();
    }
  });
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
    ['ui', async () => localWriteToUi(await getBrowser())],
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
