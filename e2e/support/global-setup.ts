import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildConsoleServer } from '../../apps/server/src/consoles/console-server';
import { apiForwarder } from '../../apps/server/test/helpers/api-forwarder';
import { startCheckServer } from './check-server';
import {
  ACTIVATION_LINK_ENV,
  ALERTS_EMAIL,
  API_PORT,
  API_URL,
  CONSOLES,
  type ConsoleTarget,
  consoleUrl,
  FIRST_ADMIN_EMAIL,
  MAILBOX_URL,
  PROXY_CHECK_URL,
  SMTP_PORT,
  WEB_DIST,
} from './e2e-env';
import globalTeardown from './global-teardown';
import { type RunningHarness, registerHarness } from './harness-registry';
import { startMailSink } from './mail-sink';
import { startServer } from './server-process';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const webDist = WEB_DIST;

/**
 * Fails fast, with the fix, when a build is missing or calls an API on another origin (a build
 * with an absolute VITE_BACKEND_URL preconnects to it): the consoles reach the API under `/api`.
 */
function checkBuilds(): void {
  for (const target of Object.keys(CONSOLES) as ConsoleTarget[]) {
    const assets = join(webDist, CONSOLES[target].dist, 'assets');
    const hint = 'Build the consoles for e2e first: cd apps/web && VITE_BACKEND_URL=/api node scripts/build-all.mjs';
    const document = join(webDist, target, 'index.html');
    if (!existsSync(document) || !existsSync(assets)) {
      throw new Error(`No build at ${join(webDist, target)}. ${hint}`);
    }
    if (readFileSync(document, 'utf8').includes('rel="preconnect"'))
      throw new Error(`${join(webDist, target)} was built to call an API on another origin. ${hint}`);
  }
}

async function waitForApi(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      // Any HTTP answer (401 here) means the API is listening and routing.
      await fetch(`http://127.0.0.1:${API_PORT}/auth/current-user`);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`API not reachable at ${API_URL}: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export default async function globalSetup(): Promise<void> {
  checkBuilds();
  const workDir = mkdtempSync(join(tmpdir(), 'gerbang-e2e-'));
  const harness: RunningHarness = { workDir, serverPid: undefined, closers: [] };
  registerHarness(harness);
  try {
    await startHarness(harness);
  } catch (error) {
    // Playwright skips global teardown when setup fails: leave no server or port behind.
    await globalTeardown();
    throw error;
  }
}

async function startHarness(harness: RunningHarness): Promise<void> {
  const { workDir } = harness;

  const mailbox = new URL(MAILBOX_URL);
  const sink = await startMailSink({ smtpPort: SMTP_PORT, httpPort: Number(mailbox.port) });
  harness.closers.push(() => sink.close());

  const checkServer = await startCheckServer(PROXY_CHECK_URL);
  harness.closers.push(() => checkServer.close());

  const server = await startServer({
    repoRoot,
    workDir,
    timeoutMs: 120_000,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(API_PORT),
      ADMIN_PORT: String(CONSOLES.admin.port),
      MERCHANT_PORT: String(CONSOLES.merchant.port),
      // The consoles are served below, all four the same way, from webDist.
      SERVE_CONSOLES: 'false',
      DATA_DIR: join(workDir, 'data'),
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      ADMIN_EMAIL: FIRST_ADMIN_EMAIL,
      // The merchants' webhook receivers of the tests listen on loopback.
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      // No ADMIN_CONSOLE_URL or MERCHANT_CONSOLE_URL: the server derives them from the moved ports,
      // and the activation test opens the link it printed on ADMIN_PORT.
      CORS_ORIGINS: (Object.keys(CONSOLES) as ConsoleTarget[]).map(consoleUrl).join(','),
      LOG_LEVEL: 'warn',
      PROXY_CHECK_URL,
      // A dead proxy fails at once (connection refused); a hanging one should not hold a test for 10 s.
      PROXY_CHECK_TIMEOUT_SECONDS: '3',
      // Checks run when a test runs them: a scheduled run mid-test would change what the test sees.
      PROXY_CHECK_SCHEDULE_MINUTES: '0',
      HEALTH_CHECK_SCHEDULE_MINUTES: '0',
      // Money out at test speed: a lost transfer outcome is uncertain after 5 s and settled from a
      // history read 5 s later; a customer has 20 s to confirm (the timeout test waits for it).
      TRANSFER_DEADLINE_SECONDS: '5',
      TRANSFER_HISTORY_LAG_SECONDS: '5',
      WITHDRAWAL_CONFIRM_SECONDS: '20',
      // A proved second factor holds 3 s, so a test sees a money action ask for a step-up.
      STEP_UP_VALID_SECONDS: '3',
      // Alerts evaluated every 2 s and mailed to one address of the sink.
      ALERT_EVALUATE_SECONDS: '2',
      ALERT_EMAILS: ALERTS_EMAIL,
    },
  });
  harness.serverPid = server.child.pid;
  // If the runner dies without teardown, do not leave the server holding the ports.
  process.once('exit', () => server.child.kill('SIGKILL'));
  await waitForApi(30_000);

  // The server's own console server (SERVE_CONSOLES), for all four builds on their own origins,
  // each with the API under `/api`.
  const api = apiForwarder(API_PORT);
  for (const target of Object.keys(CONSOLES) as ConsoleTarget[]) {
    const consoleServer: FastifyInstance = await buildConsoleServer({
      root: join(webDist, CONSOLES[target].dist),
      apiOrigin: API_URL,
      api,
      embedFrameAncestors: '*',
      logger: false,
    });
    await consoleServer.listen({ port: CONSOLES[target].port, host: '127.0.0.1' });
    harness.closers.push(() => consoleServer.close());
  }

  // Workers inherit the runner's environment: this is how the tests get the printed link.
  process.env[ACTIVATION_LINK_ENV] = server.activationLink;
  console.log(`e2e: server up (log: ${server.logFile}), first Admin link captured`);
}
