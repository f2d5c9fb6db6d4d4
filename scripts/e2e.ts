import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Browser tests run against the built PWA: build first if dist/ is missing (npm test builds before).
if (!existsSync('dist/index.html')) {
  const b = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
// A fresh seeded template per run, so a changed seed never leaks between runs.
rmSync(join(tmpdir(), 'hobbiz-e2e-template'), { recursive: true, force: true });
const r = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
