// vitest setup file of `npm run test:pg` (vitest.pg.config.ts): DATABASE_URL arrives naming the throwaway
// server (scripts/test-pg.ts); each worker moves it to its own database w<pool id>, made on first use and
// shared by the files that worker runs one after another. Apps built by tests take a fresh database each
// (freshDatabaseUrl in test-pg.ts).
import { createDatabase } from './test-pg.ts';

const server = process.env.DATABASE_URL;
if (!server) throw new Error('vitest.pg.config.ts needs DATABASE_URL: run it with npm run test:pg');
process.env.DATABASE_URL = await createDatabase(server, `w${process.env.VITEST_POOL_ID ?? '0'}`, {
  ifMissing: true,
});
