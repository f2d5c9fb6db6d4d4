// `npm run test:pg [vitest args]`: the server suites against a throwaway PostgreSQL (scripts/pg.ts).
// DATABASE_URL names the server; each vitest worker takes its own database (sync-server/src/test-pg-setup.ts).
// Then the browser tests that need PostgreSQL and nginx (PG_E2E in vitest.e2e.config.ts: two instances
// behind nginx, e2e/cluster.e2e.ts), through scripts/e2e.ts (which builds dist/ when it is missing).
// Naming files picks the part: `npm run test:pg sync-server/src/x.test.ts` runs only that server file,
// `npm run test:pg e2e/cluster.e2e.ts` only the browser test; no file named runs both.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startPostgres } from './pg.ts';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const browserArgs = args.filter((a) => a.endsWith('.e2e.ts'));
const serverArgs = args.filter((a) => !a.endsWith('.e2e.ts'));
const serverFiles = serverArgs.some((a) => !a.startsWith('-'));
const runServer = serverFiles || browserArgs.length === 0;
const runBrowser = browserArgs.length > 0 || !serverFiles;

const pg = await startPostgres(process.env.TEST_PG_PORT ? { port: Number(process.env.TEST_PG_PORT) } : {});
console.log(`[test:pg] PostgreSQL at ${pg.url}`);

let current: ReturnType<typeof spawn> | null = null;
// Ctrl+C / a CI timeout: the running child ends first, then the server goes with its folder.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    interrupted = true;
    current?.kill(signal);
  });
const run = (cmd: string, argv: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<number>((resolve) => {
    current = spawn(cmd, argv, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: pg.url, ...env },
    });
    current.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0)));
  });

let code = 0;
if (runServer)
  code = await run(join(root, 'node_modules', '.bin', 'vitest'), [
    'run',
    '--config',
    'vitest.pg.config.ts',
    ...serverArgs,
  ]);
if (runBrowser && !interrupted) {
  const tsx = join(root, 'node_modules', '.bin', 'tsx');
  const chromium = await run(process.execPath, ['scripts/ensure-chromium.mjs']);
  const e2e = chromium || (await run(tsx, ['scripts/e2e.ts', ...browserArgs], { HOBBIZ_PG_E2E: '1' }));
  code ||= e2e;
}
await pg.stop();
process.exit(code);
