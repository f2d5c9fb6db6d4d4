import { defineConfig } from 'drizzle-kit';

/** PostgreSQL migrations, from the tables derived from the SQLite ones (schema/db/tables-pg.ts). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './schema/db/tables-pg.ts',
  out: './sync-server/migrations-pg',
});
