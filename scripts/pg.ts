// A throwaway PostgreSQL for tests and benchmarks: Debian's binaries (installed with apt-get when missing),
// its own data folder under the OS temp dir and its own port, fsync off, removed by stop().
// As root it runs as the `postgres` user (PostgreSQL refuses root). A folder left by a run that was killed
// (its owner process is gone) is stopped and removed by the next start.
//   library: const pg = await startPostgres(); … pg.url …; await pg.stop();
//   CLI:     tsx scripts/pg.ts [--port 55440]   prints the URL, runs until Ctrl+C / SIGTERM.
import { execFileSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { alive, ensurePostgres, freePort } from './debian.ts';

export type Postgres = {
  /** `postgres://hobbiz@127.0.0.1:<port>/postgres` (superuser `hobbiz`, trust authentication). */
  url: string;
  port: number;
  /** The folder holding the cluster (`data/`), its log (`log`) and its socket. */
  dir: string;
  stop(): Promise<void>;
};

const PREFIX = 'hobbiz-pg-';
/** Records which process owns a folder; a folder whose owner is dead is stale. */
const OWNER = 'owner.pid';
const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as `postgres` when we are root. */
function pgRun(bin: string, program: string, args: string[], cwd: string): string {
  const [cmd, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
    : [join(bin, program), args];
  return execFileSync(cmd, argv, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Kills a folder's postmaster (if it still runs) without waiting for clients, then removes the folder. */
function destroy(dir: string): void {
  const pidFile = join(dir, 'data', 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid > 0 && alive(pid)) {
      // SIGQUIT = immediate shutdown; SIGKILL if it has not gone after 5 s.
      process.kill(pid, 'SIGQUIT');
      const deadline = Date.now() + 5000;
      while (alive(pid) && Date.now() < deadline) execFileSync('sleep', ['0.05']);
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Removes the folders of runs whose process is gone (killed before stop()). */
export function removeStale(): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = join(tmpdir(), name);
    const ownerFile = join(dir, OWNER);
    let stale: boolean;
    try {
      stale = existsSync(ownerFile)
        ? !alive(Number(readFileSync(ownerFile, 'utf8')))
        : Date.now() - statSync(dir).mtimeMs > 60_000; // still being created by a live run, or junk
    } catch {
      continue; // removed meanwhile by its owner
    }
    if (stale) {
      destroy(dir);
      removed.push(dir);
    }
  }
  return removed;
}

export async function startPostgres(opts: { port?: number } = {}): Promise<Postgres> {
  removeStale();
  const bin = ensurePostgres();
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(dir, OWNER), String(process.pid));
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  // C.UTF-8: UTF-8 text whose lower()/upper() know ă â î ș ț, byte order for comparisons (predictable).
  pgRun(
    bin,
    'initdb',
    ['-D', data, '-A', 'trust', '-U', 'hobbiz', '-E', 'UTF8', '--locale=C.UTF-8', '-N'],
    dir,
  );

  const start = (port: number) =>
    pgRun(
      bin,
      'pg_ctl',
      [
        '-D',
        data,
        '-l',
        join(dir, 'log'),
        '-w',
        '-t',
        '60',
        '-o',
        [
          `-p ${port}`,
          `-k ${dir}`,
          '-c listen_addresses=127.0.0.1',
          // Throwaway data: durability off (a crash of the machine loses the test run, nothing else).
          '-c fsync=off',
          '-c synchronous_commit=off',
          '-c full_page_writes=off',
          // Every test app opens its own pool (+ a LISTEN connection) on its own database.
          '-c max_connections=400',
        ].join(' '),
        'start',
      ],
      dir,
    );

  let port = opts.port ?? 0;
  for (let attempt = 1; ; attempt++) {
    if (!opts.port) port = await freePort();
    try {
      start(port);
      break;
    } catch (err) {
      // A port picked free may be taken before PostgreSQL binds it: try another (only when we chose it).
      if (opts.port || attempt === 3) {
        const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : '';
        destroy(dir);
        throw new Error(`PostgreSQL did not start on port ${port}: ${(err as Error).message}\n${log}`);
      }
    }
  }

  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stopNow);
    try {
      pgRun(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'], dir);
    } catch {
      /* already down: destroy() makes sure */
    }
    destroy(dir);
  };
  // A normal exit that forgot stop() cleans up too; a kill leaves the folder to removeStale().
  process.on('exit', stopNow);
  return {
    url: `postgres://hobbiz@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop: async () => stopNow(),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--port');
  const pg = await startPostgres(i > 0 ? { port: Number(process.argv[i + 1]) } : {});
  console.log(pg.url);
  const quit = () => {
    void pg.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', quit);
  process.once('SIGTERM', quit);
  // Keeps the process alive until a signal arrives.
  setInterval(() => {}, 1 << 30);
}
