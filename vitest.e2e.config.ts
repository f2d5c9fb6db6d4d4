import { defineConfig } from 'vitest/config';

// Browser journeys: one Chromium, one server per file, files run one after another (2-core CI).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    setupFiles: ['e2e/setup.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
