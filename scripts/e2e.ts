import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

// Browser tests run against the built PWA: build first if dist/ is missing (npm test builds before).
if (!existsSync(join(process.env.STATIC_DIR ?? 'dist', 'index.html'))) {
  const b = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
// A fresh seeded template per run (seeded on first use), private to this run.
const template = join(tmpdir(), `hobbiz-e2e-template-${process.pid}`);
const r = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, HOBBIZ_E2E_TEMPLATE: template },
});
rmSync(template, { recursive: true, force: true });
// Catalogue templates (e2e/harness.ts catalogueTemplate) beside it.
for (const name of readdirSync(tmpdir())) {
  if (name.startsWith(`${basename(template)}-catalogue-`))
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
}
process.exit(r.status ?? 1);
