/**
 * Helpers for scripts/bench/catalogue.ts: seeded data folders kept between runs (served by OwnServer of
 * server-process.ts), a byte-counting TCP proxy (what reaches the browser on the wire, whatever Chromium
 * reports), and small formatting helpers.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { openDatabase } from '../../sync-server/src/plugins/db.ts';
import { seedCatalogue } from '../seed-catalogue.ts';
import { ROOT } from './server-process.ts';

export const CACHE_ROOT = join(ROOT, '.tmp', 'bench-catalogue');

/** Applied migrations = entries of drizzle's journal; a data folder made under fewer is stale. */
export function migrationCount(): number {
  const journal = JSON.parse(
    readFileSync(join(ROOT, 'sync-server', 'migrations', 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * A data folder holding `n` generated announcements (`seedCatalogue`, seed 1, no demo data), made once
 * and reused: `.tmp/bench-catalogue/<n>-m<migrations>/`. Folders of the same size made under another
 * migration count are removed first (a 1M database is ~3 GB). A folder whose seeding did not finish
 * (no `ready` marker) is made again.
 */
export async function seededDataDir(n: number, log: (line: string) => void): Promise<string> {
  const key = `${n}-m${migrationCount()}`;
  const dir = join(CACHE_ROOT, key);
  mkdirSync(CACHE_ROOT, { recursive: true });
  for (const other of readdirSync(CACHE_ROOT)) {
    if (other.startsWith(`${n}-m`) && other !== key) {
      log(`  removing stale data folder ${other} (made under another migration count)`);
      rmSync(join(CACHE_ROOT, other), { recursive: true, force: true });
    }
  }
  const marker = join(dir, 'ready.json');
  if (existsSync(marker)) {
    log(`  reusing ${dir} (seeded ${JSON.parse(readFileSync(marker, 'utf8')).at})`);
    return dir;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'uploads'), { recursive: true });
  const file = join(dir, 'hobbiz.sqlite');
  log(`  seeding ${n.toLocaleString('en')} announcements into ${dir} …`);
  const db = openDatabase(file);
  try {
    const r = await seedCatalogue(db, { announcements: n, seed: 1, uploadsDir: join(dir, 'uploads') });
    log(
      `  seeded ${r.announcements} announcements, ${r.sellers} sellers, ${r.favorites} favourites in ${(r.ms / 1000).toFixed(1)} s`,
    );
  } finally {
    db.$client.close();
  }
  writeFileSync(
    marker,
    JSON.stringify({
      n,
      migrations: migrationCount(),
      at: new Date().toISOString(),
      sqliteBytes: statSync(file).size,
    }),
  );
  return dir;
}

/** Builds the PWA into `staticDir` (its own folder: other work's builds are left alone). */
export function buildPwa(staticDir: string): void {
  const r = spawnSync('npm', ['run', 'build'], {
    cwd: ROOT,
    env: { ...process.env, STATIC_DIR: staticDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('npm run build failed');
}

/** Slow 4G for the sync socket, which DevTools throttling leaves alone (its frames pass at loopback speed). */
export type Shape = { latencyMs: number; downBytesPerS: number; upBytesPerS: number };
export const SLOW_4G: Shape = { latencyMs: 562.5, downBytesPerS: 180_000, upBytesPerS: 84_375 };

/**
 * One direction of a shaped connection: chunks leave one after another at the link's rate, each arriving
 * half the round-trip latency after it was sent (a request/answer pair costs the whole latency, as the
 * DevTools profile's per-request latency does), in order.
 */
class ShapedPipe {
  private busyUntil = 0;
  constructor(
    private readonly oneWayMs: number,
    private readonly bytesPerS: number,
    private readonly out: Socket,
  ) {}
  push(chunk: Buffer): void {
    const now = performance.now();
    const start = Math.max(now, this.busyUntil);
    this.busyUntil = start + (chunk.length / this.bytesPerS) * 1000;
    setTimeout(() => this.out.destroyed || this.out.write(chunk), this.busyUntil + this.oneWayMs - now);
  }
}

/**
 * A TCP proxy in front of the server that counts the bytes it passes to the browser (and from it): HTTP
 * headers and bodies as sent, WebSocket frames with their headers, service-worker fetches included — the
 * wire's own figure, to check the CDP sums against. With `shape`, the connection that opens the sync
 * socket (`GET /api/sync`) gets that link's latency and rates; HTTP connections pass as they come (DevTools
 * throttles those in the page).
 */
export class CountingProxy {
  down = 0;
  up = 0;
  connections = 0;
  shapedConnections = 0;
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetPort: number,
    private readonly shape: Shape | null = null,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((client) => {
      this.connections++;
      client.setNoDelay(true);
      const upstream = connect(this.targetPort, '127.0.0.1');
      upstream.setNoDelay(true);
      this.sockets.add(client);
      this.sockets.add(upstream);
      let toClient: (chunk: Buffer) => void = (chunk) => client.write(chunk);
      let toServer: ((chunk: Buffer) => void) | null = null;
      upstream.on('data', (chunk: Buffer) => {
        this.down += chunk.length;
        toClient(chunk);
      });
      client.on('data', (chunk: Buffer) => {
        this.up += chunk.length;
        if (!toServer) {
          // The first bytes say what this connection is for.
          if (this.shape && chunk.subarray(0, 64).toString('latin1').startsWith('GET /api/sync')) {
            this.shapedConnections++;
            const half = this.shape.latencyMs / 2;
            const down = new ShapedPipe(half, this.shape.downBytesPerS, client);
            const up = new ShapedPipe(half, this.shape.upBytesPerS, upstream);
            toClient = (c) => down.push(c);
            toServer = (c) => up.push(c);
          } else {
            toServer = (c) => upstream.write(c);
          }
        }
        toServer(chunk);
      });
      const end = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('close', end);
      upstream.on('close', end);
      client.on('error', end);
      upstream.on('error', end);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const addr = this.server.address();
    this.port = typeof addr === 'object' && addr ? addr.port : 0;
  }

  snapshot(): { down: number; up: number; connections: number } {
    return { down: this.down, up: this.up, connections: this.connections };
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1);
export const MB = (bytes: number) => (bytes / 1e6).toFixed(2);
export const ms = (x: number) => `${Math.round(x)} ms`;
export const sizeLabel = (n: number) =>
  n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n);
