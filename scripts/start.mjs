#!/usr/bin/env node
// `npm start`: install what is missing, build the PWA when its sources changed, migrate and seed the
// database, then serve PWA + REST + sync on one origin. Plain Node on purpose: it runs before any
// dependency is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'routeTree.gen.ts') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

// 1. Dependencies: install when missing or when the lockfile changed since the last install.
const installed = join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installed) || newest(join(root, 'package-lock.json')) > newest(installed)) {
  console.log('[start] installing dependencies…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

// 2. Build the PWA when dist/ is missing or older than its sources.
const built = join(root, 'dist', 'index.html');
const sources = Math.max(
  ...['pwa', 'schema', 'vite.config.ts', 'scripts/vite-prerender.ts', 'package-lock.json'].map((p) =>
    newest(join(root, p)),
  ),
);
if (!existsSync(built) || sources > newest(built)) {
  console.log('[start] building the PWA…');
  run('npm', ['run', 'build']);
}

// 3. Migrate, and seed an empty database (unless SEED=0).
run(bin('tsx'), ['scripts/seed.ts']);

// 4. Serve. Signals are forwarded so Ctrl+C closes the database cleanly.
const server = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
