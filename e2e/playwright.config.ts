import { defineConfig } from '@playwright/test';
import { ADMIN_URL } from './support/e2e-env';

const isCi = Boolean(process.env.CI);

/**
 * Debian's Chromium against the built consoles and the real server (started by global setup).
 * One worker by default: CI has two cores, shared with the server under test.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  forbidOnly: isCi,
  retries: isCi ? 1 : 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    baseURL: ADMIN_URL,
    headless: true,
    locale: 'en-US',
    trace: 'retain-on-first-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The first Admin exists only once activated from the printed link; everything else signs in as them.
    { name: 'first-admin', testMatch: /first-admin-activation\.spec\.ts/ },
    { name: 'consoles', testIgnore: /first-admin-activation\.spec\.ts/, dependencies: ['first-admin'] },
  ],
});
