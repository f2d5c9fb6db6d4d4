import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Browser tests that need PostgreSQL and nginx (scripts/cluster.ts): run by `npm run test:pg`
 * (scripts/test-pg.ts sets HOBBIZ_PG_E2E), never by `npm test`.
 */
export const PG_E2E = ['e2e/cluster.e2e.ts'];
const pgRun = !!process.env.HOBBIZ_PG_E2E;

// Browser journeys: one Chromium, one server per file, files run one after another (2-core CI).
export default defineConfig({
  test: {
    include: pgRun ? PG_E2E : ['e2e/**/*.e2e.ts'],
    exclude: [...configDefaults.exclude, ...(pgRun ? [] : PG_E2E)],
    setupFiles: ['e2e/setup.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll's 1 s default is shorter than a page's sync under CI load (a second device's draft
    // arrived in more than 1 s and failed a run): every poll waits up to 10 s unless it says otherwise.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
    pool: 'forks',
  },
});
