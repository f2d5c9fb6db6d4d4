// `npm run test:pg [vitest args]`: the server suites against a throwaway PostgreSQL (scripts/pg.ts).
// DATABASE_URL names the server; each vitest worker takes its own database (sync-server/src/test-pg-setup.ts).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startPostgres } from './pg.ts';

const root = join(import.meta.dirname, '..');
const pg = await startPostgres(process.env.TEST_PG_PORT ? { port: Number(process.env.TEST_PG_PORT) } : {});
console.log(`[test:pg] PostgreSQL at ${pg.url}`);
const child = spawn(
  join(root, 'node_modules', '.bin', 'vitest'),
  ['run', '--config', 'vitest.pg.config.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, DATABASE_URL: pg.url } },
);
// Ctrl+C / a CI timeout: vitest ends first, then the server goes with its folder.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
const code = await new Promise<number>((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
await pg.stop();
process.exit(code);
