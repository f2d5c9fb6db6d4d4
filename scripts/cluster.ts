// A whole deployment on one machine, as docs/DEPLOY.md describes it: a throwaway PostgreSQL (scripts/pg.ts),
// N sync-server instances (`npm run serve`: tsx sync-server/src/server.ts) sharing it and one uploads
// folder, and nginx in front (scripts/nginx.ts, deploy/nginx.conf). For tests and benchmarks.
//   library: const c = await startCluster({ instances: 2 }); … c.url …; await c.killInstance(0);
//            await c.restartInstance(0); await c.stop();
//   CLI:     tsx scripts/cluster.ts [--instances 2] [--port 8080] [--sqlite] [--s3]   runs until Ctrl+C / SIGTERM.
// engine 'sqlite' gives each instance its own SQLite file instead (no shared data): only for testing the
// proxying itself (scripts/cluster.pg-test.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase } from '../sync-server/src/test-pg.ts';
import { startTestS3 } from '../sync-server/src/test-s3.ts';
import { isMain, numberArg, serveUntilSignal } from './cli.ts';
import { type Nginx, startNginx } from './nginx.ts';
import { type Postgres, startPostgres } from './pg.ts';
import { freePort, killAndWait, ownedDir, readPid, removeStale, waitHealthy } from './scratch.ts';

const ROOT = join(import.meta.dirname, '..');
const PREFIX = 'hobbiz-cluster-';

export type ClusterOptions = {
  /** How many sync-server instances (default 2). */
  instances?: number;
  /** 'postgres' (default): all instances on one database; 'sqlite': one SQLite file each. */
  engine?: 'postgres' | 'sqlite';
  /** An existing PostgreSQL database to use instead of starting a throwaway server. */
  databaseUrl?: string;
  /** nginx's port (a free one by default). */
  port?: number;
  /**
   * Where uploads live: 'directory' (default) one folder every instance shares (UPLOADS_DIR); 's3' a
   * throwaway S3-compatible server (sync-server/src/test-s3.ts) and nothing shared on disk (issue 22).
   */
  storage?: 'directory' | 's3';
  /** Extra environment for every instance (WRITE_LIMITS=off, STATIC_DIR, LOG_LEVEL…). */
  env?: Record<string, string>;
};

export type Instance = { port: number; url: string; dataDir: string; proc: ChildProcess | null };

export type Cluster = {
  /** Through nginx: what clients use. */
  url: string;
  instances: Instance[];
  nginx: Nginx;
  databaseUrl: string | null;
  /** The uploads folder every instance shares (UPLOADS_DIR); unused with storage 's3'. */
  uploadsDir: string;
  /** The bucket's S3_* settings with storage 's3', else null. */
  s3: Record<string, string> | null;
  /** Kills instance i (SIGKILL by default: a crash) and waits until it is gone. */
  killInstance(i: number, signal?: NodeJS.Signals): Promise<void>;
  /**
   * Stops instance i gracefully if it runs (SIGTERM), starts it again on the same port, and resolves once
   * it is healthy and nginx sends it requests again (nginx re-admits a failed instance only after the
   * upstream's fail_timeout: restarting the next instance before that leaves nginx with no live upstream).
   */
  restartInstance(i: number): Promise<void>;
  stop(): Promise<void>;
};

/** Stops the instances of runs that were killed before stop() (their pids are in the folder). */
export function removeStaleCluster(): string[] {
  return removeStale(PREFIX, (dir) => {
    for (let i = 0; i < 64; i++) killAndWait(readPid(join(dir, `i${i}.pid`)), 'SIGKILL');
  });
}

async function instanceHealthy(inst: Instance, stderr: () => string): Promise<void> {
  if (!inst.proc) throw new Error(`instance on port ${inst.port} is not running`);
  await waitHealthy(inst.url, inst.proc, 60_000, () => `:\n${stderr()}`);
}

/** Sends health checks through nginx until its access log shows one answered by `inst`. */
async function routedAgain(nginx: Nginx, inst: Instance): Promise<void> {
  const from = existsSync(nginx.accessLog) ? readFileSync(nginx.accessLog).length : 0;
  const mark = `upstream=127.0.0.1:${inst.port} upstream_status=200 `;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    await fetch(`${nginx.url}/api/health`).then(
      (r) => r.body?.cancel(),
      () => {},
    );
    if (readFileSync(nginx.accessLog).subarray(from).toString().includes(mark)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not route to the instance on port ${inst.port} again within 30 s`);
}

function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => proc.once('exit', () => resolve()));
}

export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  removeStaleCluster();
  const count = opts.instances ?? 2;
  const engine = opts.engine ?? 'postgres';
  const dir = ownedDir(PREFIX);
  const uploadsDir = join(dir, 'uploads');
  mkdirSync(uploadsDir);
  const s3 = opts.storage === 's3' ? await startTestS3() : null;

  let pg: Postgres | null = null;
  let databaseUrl: string | null = null;
  if (engine === 'postgres') {
    databaseUrl = opts.databaseUrl ?? null;
    if (!databaseUrl) {
      pg = await startPostgres();
      databaseUrl = await createDatabase(pg.url, 'hobbiz');
    }
  }

  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    instances.push({ port, url: `http://127.0.0.1:${port}`, dataDir: join(dir, `i${i}`), proc: null });
  }

  const start = async (i: number) => {
    const inst = instances[i];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(inst.port),
      HOST: '127.0.0.1',
      DATA_DIR: inst.dataDir,
      // With a bucket, each instance's DATA_DIR/uploads stays empty: nothing is shared on disk.
      ...(s3 ? s3.env : { UPLOADS_DIR: uploadsDir }),
      // nginx runs on this machine: the client's address comes from its X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      ...opts.env,
    };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    else delete env.DATABASE_URL;
    // One process (node with the tsx loader), so a kill really takes the instance down.
    const proc = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/server.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    proc.stderr?.on('data', (b: Buffer) => {
      stderr = (stderr + b.toString()).slice(-8000);
      process.stderr.write(b);
    });
    inst.proc = proc;
    writeFileSync(join(dir, `i${i}.pid`), String(proc.pid));
    await instanceHealthy(inst, () => stderr);
  };

  const stopInstance = async (i: number, signal: NodeJS.Signals) => {
    const proc = instances[i].proc;
    if (!proc) return;
    proc.kill(signal);
    const late = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited(proc);
    clearTimeout(late);
    instances[i].proc = null;
  };

  // A normal exit that forgot stop(): kill everything without waiting (children cannot be reaped here).
  const onExit = () => {
    for (const inst of instances) inst.proc?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', onExit);

  let nginx: Nginx | null = null;
  const stop = async () => {
    process.off('exit', onExit);
    await nginx?.stop();
    await Promise.all(instances.map((_, i) => stopInstance(i, 'SIGTERM')));
    await pg?.stop();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // The first instance alone: it applies the migrations before the others start.
    await start(0);
    await Promise.all(instances.slice(1).map((_, i) => start(i + 1)));
    nginx = await startNginx({ upstreams: instances.map((x) => x.port), port: opts.port });
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url: nginx.url,
    instances,
    nginx,
    databaseUrl,
    uploadsDir,
    s3: s3?.env ?? null,
    killInstance: (i, signal = 'SIGKILL') => stopInstance(i, signal),
    restartInstance: async (i) => {
      await stopInstance(i, 'SIGTERM');
      await start(i);
      await routedAgain(nginx as Nginx, instances[i]);
    },
    stop,
  };
}

if (isMain(import.meta.url)) {
  const argv = process.argv.slice(2);
  const cluster = await startCluster({
    instances: numberArg(argv, '--instances'),
    port: numberArg(argv, '--port'),
    engine: argv.includes('--sqlite') ? 'sqlite' : 'postgres',
    storage: argv.includes('--s3') ? 's3' : 'directory',
  });
  console.log(`nginx: ${cluster.url}`);
  for (const [i, x] of cluster.instances.entries()) console.log(`instance ${i}: ${x.url}`);
  if (cluster.databaseUrl) console.log(`DATABASE_URL=${cluster.databaseUrl}`);
  serveUntilSignal(cluster.stop);
}
