// Debian packages the PostgreSQL and multi-instance tests start (like scripts/ensure-chromium.mjs does for
// the browser tests): found where Debian installs them, installed with apt-get when missing.
// CLI: `tsx scripts/debian.ts` makes sure both PostgreSQL and nginx are there (.ci/run calls it).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

let updated = false;

/** `apt-get install` (after one `apt-get update` per process); sudo when not root. */
export function aptInstall(pkg: string): void {
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  // A parallel install (two test files starting nginx) waits for the dpkg lock instead of failing.
  const opts = '-o DPkg::Lock::Timeout=300 -y -qq --no-install-recommends';
  console.log(`[debian] ${pkg} missing: installing it with apt…`);
  if (!updated) execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
  updated = true;
  execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install ${opts} ${pkg}`, { stdio: 'inherit' });
}

/** The newest PostgreSQL's bin folder under /usr/lib/postgresql (PG_BIN overrides), or null. */
function findPostgresBin(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

/** PostgreSQL's bin folder (initdb, pg_ctl, postgres), installing Debian's `postgresql` when missing. */
export function ensurePostgres(): string {
  let bin = findPostgresBin();
  if (!bin) {
    aptInstall('postgresql');
    bin = findPostgresBin();
  }
  if (!bin) throw new Error('PostgreSQL missing under /usr/lib/postgresql/*/bin after apt-get install');
  ensureRum(bin);
  return bin;
}

/**
 * The RUM index extension of that PostgreSQL (Debian's `postgresql-<version>-rum`; the search's
 * migration 0004 uses it when present, and the PostgreSQL suites expect it). Installing it may upgrade
 * the server package: a cluster already running then cannot load it until restarted.
 */
function ensureRum(bin: string): void {
  const version = /\/postgresql\/(\d+)\//.exec(`${bin}/`)?.[1];
  if (!version) return;
  const control = `/usr/share/postgresql/${version}/extension/rum.control`;
  if (!existsSync(control)) aptInstall(`postgresql-${version}-rum`);
  if (!existsSync(control)) throw new Error(`${control} missing after apt-get install`);
}

/** The nginx executable (NGINX_PATH overrides), installing Debian's `nginx` when missing. */
export function ensureNginx(): string {
  const path = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  if (!existsSync(path)) aptInstall('nginx');
  if (!existsSync(path)) throw new Error(`nginx missing at ${path} after apt-get install`);
  return path;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`[debian] PostgreSQL: ${ensurePostgres()}`);
  console.log(`[debian] nginx: ${ensureNginx()}`);
}
