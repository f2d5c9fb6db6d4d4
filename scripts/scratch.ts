import type { ChildProcess } from 'node:child_process';
// Temp folders owned by one run of a throwaway server (scripts/pg.ts, scripts/nginx.ts). Each holds
// `owner.pid` (the Node process that made it); a folder whose owner is dead was left by a killed run: its
// server (pid read from the folder) is stopped and the folder removed by the next start.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const OWNER = 'owner.pid';

/** A port free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the server process `proc` answers GET `url`/api/health, polling every 100 ms. Throws when the
 * process ends first (with `detail()`, e.g. its stderr) or after `timeoutMs`.
 */
export async function waitHealthy(
  url: string,
  proc: ChildProcess,
  timeoutMs: number,
  detail: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null)
      throw new Error(
        `server at ${url} exited (${proc.exitCode ?? proc.signalCode}) before it was healthy${detail()}`,
      );
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs / 1000} s${detail()}`);
}

/** Whether a process with this id is alive (signal 0 tests without signalling). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Stops a process: `signal`, then SIGKILL if it is still there after 5 s. Synchronous (exit handlers). */
export function killAndWait(pid: number, signal: NodeJS.Signals): void {
  if (!(pid > 0) || !alive(pid)) return;
  process.kill(pid, signal);
  const deadline = Date.now() + 5000;
  while (alive(pid) && Date.now() < deadline) execFileSync('sleep', ['0.05']);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

/** The first line of a pid file as a number, or 0. */
export function readPid(file: string): number {
  try {
    return Number(readFileSync(file, 'utf8').split('\n')[0].trim()) || 0;
  } catch {
    return 0;
  }
}

/** A new folder `<tmp>/<prefix>XXXXXX` owned by this process. */
export function ownedDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, OWNER), String(process.pid));
  return dir;
}

/**
 * Removes `<tmp>/<prefix>*` folders whose owner process is gone, after `destroy(dir)` stopped what they
 * ran. A folder without owner file is removed once a minute old (younger: a live run is creating it).
 */
export function removeStale(prefix: string, destroy: (dir: string) => void): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(prefix)) continue;
    const dir = join(tmpdir(), name);
    const ownerFile = join(dir, OWNER);
    let stale: boolean;
    try {
      stale = existsSync(ownerFile)
        ? !alive(readPid(ownerFile))
        : Date.now() - statSync(dir).mtimeMs > 60_000;
    } catch {
      continue; // removed meanwhile by its owner
    }
    if (!stale) continue;
    destroy(dir);
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}
