import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * Test files that exercise the SQLite engine itself, so they say nothing about PostgreSQL (they still run
 * in `npm test`): the SQLite unit of work on its own file, the RxDB replication suite on its own SQLite
 * file, SQLite's query plans (EXPLAIN QUERY PLAN) for the search.
 */
export const SQLITE_ONLY = [
  'sync-server/src/lib/unit-of-work.test.ts',
  'sync-server/src/replication/rxdb-suite.test.ts',
  'sync-server/src/repositories/search-plan.test.ts',
];

/**
 * `npm run test:pg` (scripts/test-pg.ts starts the throwaway PostgreSQL and sets DATABASE_URL): the server's
 * integration and property suites against PostgreSQL, plus the files `npm test` does not pick up
 * (`*.pg-test.ts`): PostgreSQL-only tests and the multi-instance ones (nginx + instances, scripts/cluster.ts).
 */
export default defineConfig({
  test: {
    ...base.test,
    include: ['sync-server/**/*.test.ts', 'sync-server/**/*.pg-test.ts', 'scripts/**/*.pg-test.ts'],
    exclude: [...configDefaults.exclude, ...SQLITE_ONLY],
    setupFiles: ['sync-server/src/test-pg-setup.ts'],
  },
});
