/**
 * Processes the benchmarks own: the real server on a free port (so its pid is known), children started
 * with a raised open-file limit, and what /proc tells of them (RSS, open descriptors, limits).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitHealthy } from '../scratch.ts';

export const ROOT = join(import.meta.dirname, '..', '..');

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
  const shell = ['-c', `ulimit -n ${nofile} 2>/dev/null; exec "$0" "$@"`, process.execPath, ...args];
  return spawn('/bin/sh', shell, { cwd: ROOT, env: opts.env, stdio });
}

/** Sends `signal` to a child and waits for its end, with SIGKILL if it is still there after 5 s. */
export async function endProcess(proc: ChildProcess | null, signal: NodeJS.Signals): Promise<void> {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill(signal);
  const late = setTimeout(() => proc.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(late);
}

export type OwnServerOptions = {
  /** Open-file limit to ask for (bench:sync, bench:scale); by default the inherited one. */
  nofile?: number | null;
  /** The entry point: sync-server/src/server.ts, or a variant such as scripts/bench/server-entry.ts. */
  entry?: string;
  /** An existing data folder to serve, kept afterwards; by default a fresh empty one removed by dispose(). */
  dataDir?: string;
  /** More environment for the server (DATABASE_URL, STATIC_DIR, WRITE_LIMITS). */
  env?: Record<string, string>;
};

/** The real server in its own process, on a free port; the benchmark holds its pid. */
export class OwnServer {
  readonly dataDir: string;
  port = 0;
  proc: ChildProcess | null = null;
  private readonly ownsDataDir: boolean;

  constructor(private readonly opts: OwnServerOptions = {}) {
    this.ownsDataDir = !opts.dataDir;
    this.dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'hobbiz-bench-'));
  }

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

  /** Starts the server and waits for /api/health (up to 3 minutes: a large seeded folder opens slowly). */
  async start(): Promise<void> {
    mkdirSync(join(this.dataDir, 'uploads'), { recursive: true });
    this.port = await freePort();
    const entry = this.opts.entry ?? 'sync-server/src/server.ts';
    const proc = spawnWithNofile(this.opts.nofile ?? null, ['--import', 'tsx', entry], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        SEED: '0',
        LOG_LEVEL: 'warn',
        ...this.opts.env,
      },
    });
    this.proc = proc;
    await waitHealthy(this.url, proc, 180_000);
  }

  /** The server's own open-file limit, as the kernel applies it. */
  nofileLimit(): string {
    const line = readFileSync(`/proc/${this.pid}/limits`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    return line?.replace('Max open files', '').trim().split(/\s+/)[0] ?? '?';
  }

  /** Ends the server: on a kept folder cleanly (SIGTERM); a throwaway one is killed and removed. */
  async dispose(): Promise<void> {
    await endProcess(this.proc, this.ownsDataDir ? 'SIGKILL' : 'SIGTERM');
    this.proc = null;
    if (this.ownsDataDir) rmSync(this.dataDir, { recursive: true, force: true });
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
