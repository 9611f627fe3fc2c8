import { defineConfig } from 'vitest/config';

// TEST_DATABASE=pglite (default) or postgres (with TEST_DATABASE_URL): the same suite runs on both.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
