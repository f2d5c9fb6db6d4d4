/**
 * Helpers for scripts/bench/sync.ts: a minimal sync-protocol client over `ws`, percentiles, a server
 * process the benchmark owns (so it knows the pid), RSS from /proc, and the socket-holder child process
 * used to go past one process's file-descriptor limit.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { CATEGORY_NAMES } from '../../schema/catalog/categories.ts';
import { announcements, users } from '../../schema/db/tables.ts';
import { titleSortKey } from '../../schema/search.ts';
import {
  COLLECTION_VERSIONS,
  type ServerMessage,
  SYNC_PATH,
  SYNC_PROTOCOL_VERSION,
} from '../../schema/sync.ts';
import { newId } from '../../sync-server/src/lib/ids.ts';
import { nextSeq, openDatabase } from '../../sync-server/src/plugins/db.ts';

export const ROOT = join(import.meta.dirname, '..', '..');

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got ${raw}`);
  return Math.floor(n);
}

export function envList(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (!raw) return fallback;
  return raw
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isFinite(n) && n > 0);
}

/** Nearest-rank percentile of unsorted samples. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export type Summary = { n: number; p50: number; p95: number; max: number; mean: number };
export function summarize(xs: number[]): Summary {
  return {
    n: xs.length,
    p50: percentile(xs, 50),
    p95: percentile(xs, 95),
    max: xs.length ? Math.max(...xs) : Number.NaN,
    mean: xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : Number.NaN,
  };
}

export const fmt = (ms: number, digits = 2) => `${ms.toFixed(digits)} ms`;
export const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

/** Work to undo on the way out, newest first; also run on SIGINT/SIGTERM. */
const cleanups: (() => unknown)[] = [];
export function defer(fn: () => unknown): () => Promise<void> {
  cleanups.push(fn);
  return async () => {
    const i = cleanups.lastIndexOf(fn);
    if (i >= 0) cleanups.splice(i, 1);
    await fn();
  };
}
export async function runCleanups(): Promise<void> {
  while (cleanups.length) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (err) {
      console.error('[cleanup]', err);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void runCleanups().then(() => process.exit(130));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** The current shell's open-file limits (soft, hard) as a child process would inherit them. */
export function nofileLimits(): { soft: string; hard: string } {
  const read = (flag: string) =>
    spawnSync('/bin/sh', ['-c', `ulimit ${flag} -n`], { encoding: 'utf8' }).stdout.trim() || '?';
  return { soft: read('-S'), hard: read('-H') };
}

/**
 * Spawns a command, optionally through `/bin/sh -c 'ulimit -n N; exec …'` so that only this child gets a
 * higher open-file limit. Returns the process (its pid is the command's own, thanks to exec).
 */
export function spawnWithNofile(
  nofile: number | null,
  args: string[],
  opts: { env: NodeJS.ProcessEnv; ipc?: boolean },
): ChildProcess {
  const stdio: ('ignore' | 'inherit' | 'ipc')[] = ['ignore', 'inherit', 'inherit'];
  if (opts.ipc) stdio.push('ipc');
  if (!nofile) return spawn(process.execPath, args, { cwd: ROOT, env: opts.env, stdio });
  // If the limit cannot be raised (no CAP_SYS_RESOURCE), the command runs with the inherited one.
  return spawn(
    '/bin/sh',
    ['-c', `ulimit -n ${nofile} 2>/dev/null; exec "$0" "$@"`, process.execPath, ...args],
    {
      cwd: ROOT,
      env: opts.env,
      stdio,
    },
  );
}

/** The real server on a free port with a fresh, empty data folder; the benchmark holds its pid. */
export class OwnServer {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'hobbiz-bench-'));
  port = 0;
  proc: ChildProcess | null = null;

  constructor(
    private readonly nofile: number | null = null,
    private readonly entry = 'sync-server/src/server.ts',
    /** More environment for the server (e.g. DATABASE_URL for bench:scale). */
    private readonly extraEnv: Record<string, string> = {},
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  get alive(): boolean {
    return !!this.proc && this.proc.exitCode === null && this.proc.signalCode === null;
  }
  get pid(): number {
    if (!this.proc?.pid) throw new Error('server not started');
    return this.proc.pid;
  }

  async start(): Promise<void> {
    mkdirSync(join(this.dataDir, 'uploads'), { recursive: true });
    this.port = await freePort();
    const proc = spawnWithNofile(this.nofile, ['--import', 'tsx', this.entry], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        SEED: '0',
        LOG_LEVEL: 'warn',
        ...this.extraEnv,
      },
    });
    this.proc = proc;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        /* not listening yet */
      }
      await sleep(100);
    }
    throw new Error('server did not become healthy in 30 s');
  }

  /** The server's own open-file limit, as the kernel applies it. */
  nofileLimit(): string {
    const line = readFileSync(`/proc/${this.pid}/limits`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    return line?.replace('Max open files', '').trim().split(/\s+/)[0] ?? '?';
  }

  async dispose(): Promise<void> {
    const proc = this.proc;
    if (proc && proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGKILL');
      await exited;
    }
    this.proc = null;
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Resident set size of a process in MiB (VmRSS from /proc/<pid>/status). */
export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** Open file descriptors of a process (entries of /proc/<pid>/fd). */
export function openFds(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** One sync socket speaking the protocol of schema/sync.ts. */
export class SyncSocket {
  readonly ws: WebSocket;
  userId: string | null = null;
  private nextId = 0;
  private pending = new Map<string, { resolve: (data: unknown) => void; reject: (err: Error) => void }>();
  private eventListeners = new Set<(name: string, payload: unknown) => void>();
  readonly closed: Promise<number>;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    this.closed = new Promise((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as ServerMessage;
      if (msg.type === 'result') {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        p?.resolve(msg.data);
      } else if (msg.type === 'error' && msg.id) {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        p?.reject(new Error(`${msg.code}: ${msg.message}`));
      } else if (msg.type === 'event') {
        for (const fn of this.eventListeners) fn(msg.name, msg.payload);
      }
    });
    ws.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('socket closed'));
      this.pending.clear();
    });
  }

  /** Connects, says hello and resolves once the server answers `ready`. */
  static connect(baseUrl: string, token: string | null, timeoutMs = 15_000): Promise<SyncSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${SYNC_PATH}`, { perMessageDeflate: false });
    return new Promise<SyncSocket>((resolve, reject) => {
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('no ready in time'));
      }, timeoutMs);
      const fail = (err: Error) => {
        clearTimeout(timer);
        ws.terminate();
        reject(err);
      };
      ws.once('error', fail);
      ws.once('close', (code) => fail(new Error(`closed with ${code} before ready`)));
      ws.once('open', () => {
        ws.send(
          JSON.stringify({
            type: 'hello',
            token,
            protocol: SYNC_PROTOCOL_VERSION,
            collections: COLLECTION_VERSIONS,
          }),
        );
      });
      ws.once('message', (raw) => {
        const msg = JSON.parse(String(raw)) as ServerMessage;
        if (msg.type !== 'ready') return fail(new Error(`expected ready, got ${String(raw)}`));
        clearTimeout(timer);
        ws.removeAllListeners('error');
        ws.removeAllListeners('close');
        ws.on('error', () => undefined);
        const s = new SyncSocket(ws);
        s.userId = msg.userId;
        resolve(s);
      });
    });
  }

  request<T>(msg: Record<string, unknown>): Promise<T> {
    const id = String(++this.nextId);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (d: unknown) => void, reject });
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  push(collection: string, rows: unknown[]): Promise<unknown[]> {
    return this.request<unknown[]>({ type: 'push', collection, rows });
  }

  onEvent(fn: (name: string, payload: unknown) => void): () => void {
    this.eventListeners.add(fn);
    return () => this.eventListeners.delete(fn);
  }

  close(): void {
    this.ws.terminate();
  }
}

/**
 * Opens `count` guest sockets, `batch` at a time (each batch in parallel). Sockets that fail are counted,
 * not thrown: the caller reports how many were actually held.
 */
export async function openGuests(
  url: string,
  count: number,
  batch: number,
  into: SyncSocket[],
): Promise<{ opened: number; failed: number; firstError: string | null }> {
  let opened = 0;
  let failed = 0;
  let firstError: string | null = null;
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    const results = await Promise.allSettled(Array.from({ length: n }, () => SyncSocket.connect(url, null)));
    for (const r of results) {
      if (r.status === 'fulfilled') {
        into.push(r.value);
        opened++;
      } else {
        failed++;
        firstError ??= r.reason instanceof Error ? r.reason.message : String(r.reason);
      }
    }
  }
  return { opened, failed, firstError };
}

/** Messages between the benchmark and a socket-holder child (IPC). */
export type HolderCommand = { type: 'open'; count: number; batch: number } | { type: 'close' };
export type HolderReply =
  | { type: 'listening' }
  | { type: 'opened'; opened: number; failed: number; firstError: string | null };

/** The child side: holds guest sockets to `url` on command. Runs when sync.ts is started as a holder. */
export async function runHolder(url: string): Promise<void> {
  const sockets: SyncSocket[] = [];
  process.on('message', (raw) => {
    const cmd = raw as HolderCommand;
    if (cmd.type === 'open') {
      void openGuests(url, cmd.count, cmd.batch, sockets).then((r) => {
        const reply: HolderReply = { type: 'opened', ...r };
        process.send?.(reply);
      });
    } else {
      for (const s of sockets) s.close();
      process.exit(0);
    }
  });
  // The parent going away (crash, kill) must not leave sockets behind.
  process.on('disconnect', () => process.exit(0));
  const hi: HolderReply = { type: 'listening' };
  process.send?.(hi);
}

/** The parent side of a holder process. */
export class Holder {
  readonly proc: ChildProcess;
  /** Resolves once the child listens for commands (IPC messages sent before that would be lost). */
  readonly ready: Promise<void>;
  held = 0;

  constructor(script: string, url: string, nofile: number | null) {
    this.proc = spawnWithNofile(nofile, ['--import', 'tsx', script], {
      env: { ...process.env, BENCH_SYNC_HOLDER: url },
      ipc: true,
    });
    this.ready = new Promise((resolve, reject) => {
      this.proc.once('message', () => resolve());
      this.proc.once('exit', (code) => reject(new Error(`holder exited with ${code} before listening`)));
    });
    this.ready.catch(() => undefined);
  }

  async open(
    count: number,
    batch: number,
  ): Promise<{ opened: number; failed: number; firstError: string | null }> {
    await this.ready;
    return new Promise((resolve, reject) => {
      const onMessage = (m: unknown) => {
        const reply = m as HolderReply;
        if (reply.type !== 'opened') return;
        cleanup();
        this.held += reply.opened;
        resolve(reply);
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`holder exited with ${code}`));
      };
      const cleanup = () => {
        this.proc.off('message', onMessage);
        this.proc.off('exit', onExit);
      };
      this.proc.on('message', onMessage);
      this.proc.once('exit', onExit);
      const cmd: HolderCommand = { type: 'open', count, batch };
      this.proc.send(cmd);
    });
  }

  async dispose(): Promise<void> {
    const proc = this.proc;
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
  }
}

/** Migrates a fresh data folder and writes one seller and `n` announcements straight into SQLite. */
export function fillCatalogue(dataDir: string, n: number): void {
  mkdirSync(join(dataDir, 'uploads'), { recursive: true });
  const db = openDatabase(join(dataDir, 'hobbiz.sqlite'));
  try {
    const now = Date.now();
    db.transaction((tx) => {
      const ownerAt = new Date(now - 400 * 86_400_000);
      const ownerId = newId(ownerAt);
      tx.insert(users)
        .values({
          id: ownerId,
          email: 'bench.seller@hobbiz.test',
          passwordHash: 'not-a-usable-hash',
          firstName: 'Bench',
          lastName: 'Vânzător',
          phone: '',
          localitate: 'Cluj-Napoca',
          avatar: null,
          createdAt: ownerAt.toISOString(),
          lastSeen: ownerAt.toISOString(),
          seq: nextSeq(db),
        })
        .run();
      for (let i = 0; i < n; i++) {
        const at = new Date(now - (n - i) * 60_000);
        const category = CATEGORY_NAMES[i % CATEGORY_NAMES.length]!;
        tx.insert(announcements)
          .values({
            id: newId(at),
            ownerId,
            title: `${category}: anunț de test numărul ${i + 1}`,
            titleKey: titleSortKey(`${category}: anunț de test numărul ${i + 1}`),
            category,
            description: `Anunț generat pentru măsurarea replicării inițiale (${i + 1} din ${n}), cu text suficient.`,
            location: 'Cluj',
            localitate: 'Cluj-Napoca',
            contactPerson: 'Bench Vânzător',
            contactEmail: 'bench.seller@hobbiz.test',
            contactPhone: '',
            images: [],
            price: 50 + (i % 500),
            createdAt: at.toISOString(),
            updatedAt: at.toISOString(),
            seq: nextSeq(db),
          })
          .run();
      }
    });
  } finally {
    db.$client.close();
  }
}

/**
 * A pushes one chat message about `announcementId`; resolves with the time from the push to B's `newMessage`
 * event for that id, and to A's push answer (ms). Refused or undelivered in 5 s: throws.
 */
export async function sendMeasured(
  a: SyncSocket,
  b: SyncSocket,
  announcementId: string,
  i: number,
): Promise<{ deliveredMs: number; ackMs: number }> {
  const id = newId();
  let off = () => {};
  const delivered = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`message ${i} not delivered in 5 s`)), 5000);
    off = b.onEvent((name, payload) => {
      if (name === 'newMessage' && (payload as { id?: string }).id === id) {
        clearTimeout(timer);
        resolve(performance.now());
      }
    });
  });
  const t0 = performance.now();
  const doc = {
    id,
    conversationId: '',
    announcementId,
    senderId: '',
    recipientId: '',
    text: `Mesaj de test ${i}: mai este disponibil?`,
    image: '',
    replyTo: null,
    reactions: [],
    isRead: false,
    createdAt: '',
    _deleted: false,
  };
  const acked = a.push('messages', [{ newDocumentState: doc }]).then((conflicts) => {
    if (conflicts.length) throw new Error(`message ${i} refused: ${JSON.stringify(conflicts[0])}`);
    return performance.now();
  });
  try {
    const [t1, t2] = await Promise.all([delivered, acked]);
    return { deliveredMs: t1 - t0, ackMs: t2 - t0 };
  } finally {
    off();
  }
}
