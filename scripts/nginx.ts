// nginx in front of sync-server instances, with deploy/nginx.conf — the file docs/DEPLOY.md installs —
// changed only in its upstream servers and listen port. Debian's nginx, installed with apt-get when
// missing; its own prefix folder under the OS temp dir, removed by stop() (or by the next start when the
// run was killed).
//   library: const lb = await startNginx({ upstreams: [8081, 8082] }); … lb.url …; await lb.stop();
//   CLI:     tsx scripts/nginx.ts [--port 8080] 8081 8082   runs until Ctrl+C / SIGTERM.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { isMain, numberArg, serveUntilSignal } from './cli.ts';
import { ensureNginx } from './debian.ts';
import { freePort, killAndWait, ownedDir, readPid, removeStale } from './scratch.ts';

const ROOT = join(import.meta.dirname, '..');
export const NGINX_CONF = join(ROOT, 'deploy', 'nginx.conf');
const PREFIX = 'hobbiz-nginx-';

export type Nginx = {
  url: string;
  port: number;
  dir: string;
  /** One line per request, with `upstream=<address>` of the instance that answered. */
  accessLog: string;
  stop(): Promise<void>;
};

/**
 * deploy/nginx.conf with its `upstream hobbiz` servers replaced by `upstreams` (host:port; each keeps the
 * parameters of the file's first server line) and its `listen` line by `listen`. Throws when the file no
 * longer has the shape this relies on, so the tests cannot silently drift from the documented config.
 */
export function siteConfig(conf: string, upstreams: string[], listen: string): string {
  const block = /(upstream hobbiz \{\n)([\s\S]*?)(\n\})/.exec(conf);
  if (!block) throw new Error('deploy/nginx.conf: no `upstream hobbiz { … }` block');
  const lines = block[2].split('\n');
  const servers = lines.filter((l) => /^\s*server\s+\S+.*;\s*$/.test(l));
  if (servers.length === 0) throw new Error('deploy/nginx.conf: no server line in upstream hobbiz');
  const [, indent, params] = /^(\s*)server\s+\S+(.*;)\s*$/.exec(servers[0]) ?? [];
  const generated = upstreams.map((u) => `${indent}server ${u}${params}`);
  const at = lines.indexOf(servers[0]);
  const body = lines.filter((l) => !servers.includes(l));
  body.splice(at, 0, ...generated);
  let out = conf.replace(block[0], `${block[1]}${body.join('\n')}${block[3]}`);
  const listens = out.split('\n').filter((l) => /^\s*listen\s+[^;]+;\s*$/.test(l));
  if (listens.length !== 1) throw new Error(`deploy/nginx.conf: ${listens.length} listen lines, expected 1`);
  out = out.replace(listens[0], listens[0].replace(/listen\s+[^;]+;/, `listen ${listen};`));
  return out;
}

/** The main config around the site file: what Debian's /etc/nginx/nginx.conf provides in production. */
function mainConfig(dir: string): string {
  return `daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
# Every proxied socket holds two connections (client and instance).
worker_rlimit_nofile 65536;
events { worker_connections 32768; }
http {
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  include ${dir}/hobbiz.conf;
  access_log ${dir}/access.log hobbiz;
}
`;
}

function destroy(dir: string): void {
  killAndWait(readPid(join(dir, 'nginx.pid')), 'SIGTERM');
}

/** Stops and removes the nginx of runs that were killed before stop(). */
export function removeStaleNginx(): string[] {
  return removeStale(PREFIX, destroy);
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** `upstreams`: ports on 127.0.0.1 or host:port strings. `port`: nginx's own (a free one by default). */
export async function startNginx(opts: { upstreams: (number | string)[]; port?: number }): Promise<Nginx> {
  removeStaleNginx();
  const nginx = ensureNginx();
  const dir = ownedDir(PREFIX);
  // Workers run unprivileged (nobody) when the master is root: they must reach the temp folders.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'tmp'));
  const port = opts.port ?? (await freePort());
  const upstreams = opts.upstreams.map((u) => (typeof u === 'number' ? `127.0.0.1:${u}` : u));
  writeFileSync(
    join(dir, 'hobbiz.conf'),
    siteConfig(readFileSync(NGINX_CONF, 'utf8'), upstreams, `127.0.0.1:${port}`),
  );
  writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir));
  const args = ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')];
  try {
    execFileSync(nginx, [...args, '-t', '-q'], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx -t failed: ${(err as { stderr?: Buffer }).stderr?.toString() ?? err}`);
  }
  const proc: ChildProcess = spawn(nginx, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (b: Buffer) => {
    stderr += b.toString();
  });
  const deadline = Date.now() + 15_000;
  while (!(await listening(port))) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill('SIGKILL');
      const log = readFileSync(join(dir, 'error.log'), 'utf8');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not start on port ${port}: ${stderr}\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  const exited = new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve();
    else proc.once('exit', () => resolve());
  });
  // A normal exit that forgot stop(): SIGTERM without waiting (a child cannot be reaped synchronously).
  const onExit = () => {
    proc.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', onExit);
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      process.off('exit', onExit);
      // SIGTERM = fast shutdown: open WebSockets are cut, as when a real load balancer goes away.
      proc.kill('SIGTERM');
      const late = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(late);
      rmSync(dir, { recursive: true, force: true });
    })();
    return stopping;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dir,
    accessLog: join(dir, 'access.log'),
    stop,
  };
}

if (isMain(import.meta.url)) {
  const argv = process.argv.slice(2);
  const port = numberArg(argv, '--port');
  if (port !== undefined) argv.splice(argv.indexOf('--port'), 2);
  if (argv.length === 0) throw new Error('usage: tsx scripts/nginx.ts [--port N] <instance port>…');
  const lb = await startNginx({ upstreams: argv.map((a) => (/^\d+$/.test(a) ? Number(a) : a)), port });
  console.log(lb.url);
  serveUntilSignal(lb.stop);
}
