import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './schema/db/tables.ts',
  out: './sync-server/migrations',
});
