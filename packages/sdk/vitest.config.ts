import { defineConfig } from 'vitest/config';

// The tests talk to the real server over HTTP: built in-process with the server's own test helpers,
// so they need the server's global setup (a migrated database per run): TEST_DATABASE=pglite
// (default) or postgres with TEST_DATABASE_URL, exactly as in apps/server.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['../../apps/server/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
