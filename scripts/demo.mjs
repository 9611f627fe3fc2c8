// `npm run demo [-- --devices 20]`: the product on the embedded default with its own data folder
// (./data-demo unless DATA_DIR is set), a demo Admin with a freshly generated password, and a fleet
// of simulated phones (development and testing only). Ctrl-C stops everything; the server gets
// SIGTERM so PGlite checkpoints.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: argv } = parseArgs({
  options: { devices: { type: 'string' }, 'failure-rate': { type: 'string' }, chaos: { type: 'boolean' } },
});
const deviceCount = Number(argv.devices ?? process.env.DEMO_DEVICES ?? 20);
if (!Number.isInteger(deviceCount) || deviceCount < 1 || deviceCount > 5000) {
  console.error('--devices (or DEMO_DEVICES) must be a whole number from 1 to 5000');
  process.exit(2);
}
const failureRate = Number(argv['failure-rate'] ?? 0.1);

const dataDir = resolve(root, process.env.DATA_DIR ?? 'data-demo');
const credentialsFile = join(dataDir, 'demo-credentials.json');
const tokensFile = join(dataDir, 'simulator-devices.json');
mkdirSync(dataDir, { recursive: true });

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  // Info: the mails the server logs (no SMTP here) carry the merchant user's activation link. The
  // JSON log goes to server.log only.
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  // Balances are read by the wallet checks: every 2 minutes in the demo, so they follow the pay-ins.
  WALLET_CHECK_SCHEDULE_MINUTES: process.env.WALLET_CHECK_SCHEDULE_MINUTES ?? '2',
  // A lost transfer outcome goes uncertain within 30 s, so a visitor sees it settled from history.
  TRANSFER_DEADLINE_SECONDS: process.env.TRANSFER_DEADLINE_SECONDS ?? '30',
  TRANSFER_HISTORY_LAG_SECONDS: process.env.TRANSFER_HISTORY_LAG_SECONDS ?? '60',
  // A merchant's webhook receiver on this machine (a shop being tried out against the demo).
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS ?? 'true',
};
// The demo is the embedded default: a DATABASE_URL or REDIS_URL from the shell would point elsewhere.
delete env.DATABASE_URL;
delete env.REDIS_URL;

function readCredentials() {
  if (!existsSync(credentialsFile)) return null;
  const saved = JSON.parse(readFileSync(credentialsFile, 'utf8'));
  return typeof saved.email === 'string' && typeof saved.password === 'string' ? saved : null;
}

function saveCredentials(credentials) {
  writeFileSync(credentialsFile, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  chmodSync(credentialsFile, 0o600);
}

const ACTIVATION_LINE = /Activate the first Admin \(([^)]+)\), valid 24 hours: (\S+)/;
const ADMIN_LINK_LINE = /https?:\/\/\S+\/auth\/activate\?token=\S+/;
const DEMO_MERCHANT_EMAIL = 'owner@toko-demo.local';

/** Mails the server logs (no SMTP in the demo), by recipient: the merchant user's activation link. */
const mailWaiters = new Map();
function linkMailedTo(email, ms = 30_000) {
  return new Promise((resolveLink, rejectLink) => {
    const timer = setTimeout(() => rejectLink(new Error(`no mail to ${email} within ${ms} ms`)), ms);
    mailWaiters.set(email, (link) => {
      clearTimeout(timer);
      mailWaiters.delete(email);
      resolveLink(link);
    });
  });
}
function noticeMail(line) {
  try {
    const entry = JSON.parse(line);
    const link = typeof entry.msg === 'string' ? entry.msg.match(ADMIN_LINK_LINE)?.[0] : undefined;
    if (entry.to && link) mailWaiters.get(entry.to)?.(link);
  } catch {
    // not a JSON log line
  }
}

let credentials = readCredentials();
let demoEmail = credentials?.email ?? process.env.ADMIN_EMAIL ?? 'demo@gerbang.local';
let activationLink = null;

// A data folder whose demo password was lost: add another Admin with the server's own CLI (before
// the server starts, since PGlite allows one process per folder).
if (!credentials && existsSync(join(dataDir, 'pglite'))) {
  demoEmail = `demo-${randomBytes(3).toString('hex')}@gerbang.local`;
  const cli = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'create', demoEmail, 'Demo Admin'],
    {
      cwd: root,
      env,
      encoding: 'utf8',
    },
  );
  activationLink = (cli.stdout ?? '').match(ADMIN_LINK_LINE)?.[0] ?? null;
  if (cli.status !== 0 || !activationLink) {
    console.error(`Could not create a demo Admin in ${dataDir}:\n${cli.stderr || cli.stdout}`);
    process.exit(1);
  }
}
env.ADMIN_EMAIL = demoEmail;

// The server runs as a child with `npm start` semantics (it builds the consoles if they are missing).
const serverLog = createWriteStream(join(dataDir, 'server.log'), { flags: 'a' });
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stderr.pipe(serverLog);
server.stderr.on('data', (chunk) => process.stderr.write(chunk));
let fleet = null;
let control = null;
let webhookReceiver = null;
let stopWallets = null;
let shuttingDown = false;

const urls = await new Promise((resolvePromise, reject) => {
  const found = {};
  const expectActivation = !credentials && !activationLink;
  const timer = setTimeout(() => reject(new Error('the server did not start within 5 minutes')), 300_000);
  const lines = createInterface({ input: server.stdout });
  server.once('exit', (code) =>
    reject(new Error(`the server exited (code ${code}); see ${join(dataDir, 'server.log')}`)),
  );
  lines.on('line', (line) => {
    serverLog.write(`${line}\n`);
    if (line.startsWith('{')) noticeMail(line);
    // The activation link is used right here; printing it would only invite a second use.
    if (!line.startsWith('{') && !ACTIVATION_LINE.test(line)) console.log(`[server] ${line}`);
    found.api ??= line.match(/^Gerbang API and realtime: (\S+)/)?.[1];
    found.console ??= line.match(/^Admin console:\s+(\S+)/)?.[1];
    found.merchantConsole ??= line.match(/^Merchant console:\s+(\S+)/)?.[1];
    const activation = ACTIVATION_LINE.exec(line);
    if (activation) activationLink = activation[2];
    if (found.api && line.startsWith('Database:') && !expectActivation) done();
    if (found.api && activation) done();
  });
  function done() {
    clearTimeout(timer);
    resolvePromise(found);
  }
}).catch((error) => {
  console.error(`The demo could not start: ${error.message}`);
  server.kill('SIGTERM');
  process.exit(1);
});

async function api(path, body) {
  const response = await fetch(new URL(path, urls.api), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

async function stopServer() {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolveExit) => server.once('exit', resolveExit));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log('\nStopping the simulated phones and the server...');
  stopWallets?.();
  await control?.close().catch(() => {});
  await webhookReceiver?.close().catch(() => {});
  await fleet?.stop().catch(() => {});
  await stopServer();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
server.once('exit', (code) => {
  if (shuttingDown) return;
  console.error(`The server exited unexpectedly (code ${code}); see ${join(dataDir, 'server.log')}`);
  void shutdown(1);
});

try {
  if (activationLink) {
    const token = new URL(activationLink).searchParams.get('token');
    // A random password for this demo folder only; there is no default password anywhere.
    const password = randomBytes(18).toString('base64url');
    const activated = await api('/auth/activate', { token, password });
    if (activated.status !== 204)
      throw new Error(`activating the demo Admin failed (${activated.status}): ${activated.text}`);
    credentials = { email: demoEmail, password };
    saveCredentials(credentials);
  }
  if (!credentials) throw new Error('no demo credentials');
  const signin = await api('/auth/signin', { email: credentials.email, password: credentials.password });
  if (signin.status !== 200) {
    throw new Error(
      `the saved demo credentials in ${credentialsFile} no longer work (${signin.status}); delete that file to create a new demo Admin`,
    );
  }

  const { register } = await import('tsx/esm/api');
  register();
  const {
    startFleet,
    formatStatus,
    consoleLogger,
    startControlApi,
    playWalletDemo,
    seedDemoMerchants,
    seedDemoMerchantAccess,
    playPaymentDemo,
    playPayoutDemo,
    createDemoPayoutToken,
    seedDemoTestMode,
    startDemoWebhookReceiver,
  } = await import('../apps/simulator/src/index.ts');
  fleet = await startFleet({
    server: urls.api,
    devices: { count: deviceCount, prefix: 'sim' },
    auth: { email: credentials.email, password: credentials.password },
    tokensFile,
    failureRate,
    chaos: argv.chaos ?? false,
    logger: consoleLogger,
  });
  await fleet.whenOnline(deviceCount, 60_000).catch((error) => console.warn(error.message));
  setInterval(() => consoleLogger.info(`[simulator] ${formatStatus(fleet.stats())}`), 30_000).unref();
  const controlPort = Number(process.env.DEMO_CONTROL_PORT ?? 8090);
  control = await startControlApi(fleet, controlPort).catch(() => startControlApi(fleet, 0));
  const merchants = await seedDemoMerchants({
    server: urls.api,
    auth: { email: credentials.email, password: credentials.password },
    logger: consoleLogger,
  });
  const tokoDemo = merchants.find((merchant) => merchant.code === 'TOKO-DEMO');
  if (!credentials.merchant && tokoDemo) {
    credentials.merchant = await seedDemoMerchantAccess({
      server: urls.api,
      auth: { email: credentials.email, password: credentials.password },
      merchantId: tokoDemo.id,
      email: DEMO_MERCHANT_EMAIL,
      password: randomBytes(18).toString('base64url'),
      activationLinkTo: (email) => linkMailedTo(email),
    });
    saveCredentials(credentials);
  }
  // Toko Demo's own webhook endpoint (verifying each signature), so its console's Webhooks page has
  // deliveries to show. An Admin who turned on two-factor sign-in is asked for a code to rotate
  // the secret: the demo then goes on without it.
  if (tokoDemo) {
    webhookReceiver = await startDemoWebhookReceiver({
      server: urls.api,
      auth: { email: credentials.email, password: credentials.password },
      merchantId: tokoDemo.id,
      port: Number(process.env.DEMO_WEBHOOK_PORT ?? 8091),
      logger: consoleLogger,
      merchantAuth: credentials.merchant
        ? { email: credentials.merchant.email, password: credentials.merchant.password }
        : undefined,
    }).catch((error) => {
      console.warn(`Toko Demo's webhook endpoint was not started: ${error.message}`);
      return null;
    });
  }
  const stopWalletDemo = await playWalletDemo({
    server: urls.api,
    auth: { email: credentials.email, password: credentials.password },
    fleet,
    logger: consoleLogger,
    // Customers pay through Toko Demo's checkout instead of at random.
    transferEveryMs: credentials.merchant ? 0 : undefined,
  });
  const stopPayments = credentials.merchant
    ? playPaymentDemo({
        server: urls.api,
        apiToken: credentials.merchant.apiToken,
        fleet,
        logger: consoleLogger,
        methods: ['dana', 'livin'],
      })
    : () => {};
  const merchantAuth = credentials.merchant
    ? { email: credentials.merchant.email, password: credentials.merchant.password }
    : null;
  if (merchantAuth && !credentials.merchant.payoutToken) {
    credentials.merchant.payoutToken = await createDemoPayoutToken(urls.api, merchantAuth);
    saveCredentials(credentials);
  }
  // Test mode: a test token (saved with the credentials) and test sessions of every outcome.
  if (merchantAuth && !credentials.merchant.testApiToken) {
    credentials.merchant.testApiToken = await seedDemoTestMode({
      server: urls.api,
      merchant: merchantAuth,
      logger: consoleLogger,
    }).catch((error) => {
      console.warn(`Toko Demo's test mode was not seeded: ${error.message}`);
      return undefined;
    });
    saveCredentials(credentials);
  }
  const stopPayouts = merchantAuth
    ? playPayoutDemo({
        server: urls.api,
        admin: { email: credentials.email, password: credentials.password },
        merchant: merchantAuth,
        payoutToken: credentials.merchant.payoutToken,
        fleet,
        logger: consoleLogger,
      })
    : () => {};
  stopWallets = () => {
    stopPayouts();
    stopPayments();
    stopWalletDemo();
  };

  console.log(`
Gerbang demo is running (data in ${dataDir}).

  Console:   ${urls.console ?? '(consoles not served: SERVE_CONSOLES=false)'}
  Email:     ${credentials.email}
  Password:  ${credentials.password}
  API:       ${urls.api}  (docs: ${urls.api}/docs)

${deviceCount} simulated phones (marked "simulated" in the console) are connected; run health checks
from the Device Dashboard. DANA, Livin' and Maya accounts live on the first phones (the DANA, Livin'
and Maya pages): customers pay in every few seconds, one Mandiri account is auto-disabled by its
failing app, and one Maya account waits for you to sign it in (the SMS code is printed here).
Two merchants (Toko Demo in IDR, Maya Demo Shop in PHP) are on the Merchant page.
The bell in the top bar counts open alerts (the auto-disabled account, an uncertain withdrawal, a
phone offline for 10 minutes: see Alerts); Audit Log shows who did what. Account
Security (account menu) turns on two-factor sign-in; Security Policy makes it required per role.
${
  credentials.merchant
    ? `
Toko Demo's checkout opens a payment session through the merchant API every few seconds; most
customers pay it through the simulated phones, some late, some never. Money goes out too: Toko Demo
requests settlements to its verified BCA account (approved and sent by the demo Admin: see
Withdrawal Request; the first one's phone loses the outcome, so it goes uncertain and is settled
from the account's history), and pays customers who confirm on the /withdraw page. Watch the money
move in the merchant console (its Dashboard balance moves live):

  Merchant console: ${urls.merchantConsole ?? '(not served)'}
  Email:            ${credentials.merchant.email}
  Password:         ${credentials.merchant.password}
  Webhooks:         ${webhookReceiver ? `${webhookReceiver.url} (Toko Demo's endpoint: see the console's Webhooks page)` : '(not started)'}
  API token:        ${credentials.merchant.apiToken}
                    (curl -H "Authorization: Bearer <token>" ${urls.api}/v1/balance)
  Test token:       ${credentials.merchant.testApiToken ?? '(not made)'}
                    (test mode: the console's "Test mode" switch shows its sessions; pay one with
                    POST ${urls.api}/v1/test/payment-sessions/<id>/simulate {"outcome":"paid"}, or
                    with the TEST buttons on its deposit page; docs/test-mode.md)
  Payment link:     ${urls.console ?? 'http://localhost:3000'}/request-transaction?merchant=TOKO-DEMO&amount=150000
                    (a customer opens a payment of Toko Demo themselves; pay it from the
                    simulator's control API, docs/simulator.md)
`
    : ''
}
  Simulator control API: ${control.url}  (POST /transfers, GET /accounts/:id/otp, POST /faults;
  see docs/simulator.md)

Press Ctrl-C to stop everything.
`);
} catch (error) {
  console.error(`The demo could not start: ${error.message}`);
  await shutdown(1);
}
