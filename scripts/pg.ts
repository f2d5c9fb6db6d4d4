// A throwaway PostgreSQL for tests and benchmarks: Debian's binaries (installed with apt-get when missing),
// its own data folder under the OS temp dir and its own port, fsync off, removed by stop().
// As root it runs as the `postgres` user (PostgreSQL refuses root). A folder left by a run that was killed
// (its owner process is gone) is stopped and removed by the next start.
//   library: const pg = await startPostgres(); … pg.url …; await pg.stop();
//   CLI:     tsx scripts/pg.ts [--port 55440]   prints the URL, runs until Ctrl+C / SIGTERM.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isMain, numberArg, serveUntilSignal } from './cli.ts';
import { ensurePostgres } from './debian.ts';
import { freePort, killAndWait, ownedDir, readPid, removeStale } from './scratch.ts';

export type Postgres = {
  /** `postgres://hobbiz@127.0.0.1:<port>/postgres` (superuser `hobbiz`, trust authentication). */
  url: string;
  port: number;
  /** The folder holding the cluster (`data/`), its log (`log`) and its socket. */
  dir: string;
  stop(): Promise<void>;
};

const PREFIX = 'hobbiz-pg-';
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

/** Kills a folder's postmaster without waiting for clients (SIGQUIT = immediate shutdown), then removes it. */
function destroy(dir: string): void {
  killAndWait(readPid(join(dir, 'data', 'postmaster.pid')), 'SIGQUIT');
  rmSync(dir, { recursive: true, force: true });
}

/** Stops and removes the servers of runs that were killed before stop(). */
export function removeStalePostgres(): string[] {
  return removeStale(PREFIX, destroy);
}

export async function startPostgres(opts: { port?: number } = {}): Promise<Postgres> {
  removeStalePostgres();
  const bin = ensurePostgres();
  const dir = ownedDir(PREFIX);
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

if (isMain(import.meta.url)) {
  const pg = await startPostgres({ port: numberArg(process.argv, '--port') });
  console.log(pg.url);
  serveUntilSignal(pg.stop);
}
