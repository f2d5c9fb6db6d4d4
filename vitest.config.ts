import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'schema/**/*.test.ts',
      'sync-server/**/*.test.ts',
      'pwa/**/*.test.ts',
      'pwa/**/*.test.tsx',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
