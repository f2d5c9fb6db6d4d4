/**
 * Helpers of the benchmarks: settings from the environment, percentiles and result lines, cleanups and the
 * entry (runBench), the socket-holder child process used to go past one process's file-descriptor limit,
 * and a catalogue written straight into SQLite. The sync client: sync-socket.ts; processes: server-process.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORY_NAMES } from '../../schema/catalog/categories.ts';
import { announcements, users } from '../../schema/db/tables.ts';
import { titleSortKey } from '../../schema/search.ts';
import { searchColumns } from '../../schema/text.ts';
import { newId } from '../../sync-server/src/lib/ids.ts';
import { nextSeq, openDatabase } from '../../sync-server/src/plugins/db.ts';
import { endProcess, spawnWithNofile } from './server-process.ts';
import { openGuests, type SyncSocket } from './sync-socket.ts';

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

/** Prints one line of latency figures, with the goal and 'ok' / 'MISSED' when there is one; whether it is met. */
export function printLatencies(
  label: string,
  xs: number[],
  goal: { p50?: number; p95?: number } = {},
): boolean {
  const s = summarize(xs);
  const ok = (goal.p50 === undefined || s.p50 <= goal.p50) && (goal.p95 === undefined || s.p95 <= goal.p95);
  const goals = (['p50', 'p95'] as const)
    .filter((p) => goal[p] !== undefined)
    .map((p) => `${p} ≤ ${goal[p]} ms`);
  const tail = goals.length ? `   (goal ${goals.join(', ')})  ${verdict(ok)}` : '';
  console.log(
    `  ${label.padEnd(34)} n=${s.n}  p50 ${fmt(s.p50)}  p95 ${fmt(s.p95)}  max ${fmt(s.max)}  mean ${fmt(s.mean)}${tail}`,
  );
  return ok;
}

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
/**
 * A benchmark script's entry: the socket-holder child when started as one (BENCH_SYNC_HOLDER, see Holder),
 * else `main`; what was deferred is undone whatever happens, and a crash exits with 1.
 */
export async function runBench(main: () => Promise<void>): Promise<void> {
  const holderUrl = process.env.BENCH_SYNC_HOLDER;
  if (holderUrl) return runHolder(holderUrl);
  try {
    await main();
  } catch (err) {
    console.error(err);
    await runCleanups();
    process.exit(1);
  }
  await runCleanups();
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

  dispose(): Promise<void> {
    return endProcess(this.proc, 'SIGKILL');
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
            ...searchColumns(
              `${category}: anunț de test numărul ${i + 1}`,
              `Anunț generat pentru măsurarea replicării inițiale (${i + 1} din ${n}), cu text suficient.`,
            ),
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
