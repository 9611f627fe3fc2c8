import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE } from '@gerbang/contract';
import { buildApp } from '@gerbang/server/src/app';
import { parseConfig, resolveConfig } from '@gerbang/server/src/config';
import { type DatabaseHandle, openDatabase } from '@gerbang/server/src/db/database';
import { devices, users } from '@gerbang/server/src/db/schema';
import { hashToken } from '@gerbang/server/src/modules/auth/one-time-token';
import { hashPassword } from '@gerbang/server/src/modules/auth/password-hasher';
import { sql } from 'drizzle-orm';
import { send, serveParent } from '../ipc';
import { seedBenchMerchantUser, seedMerchantApi } from '../seed';
import { type BenchDevices, benchDeviceName, benchDeviceToken } from './device-tokens';

/**
 * Child process: one real Gerbang instance (buildApp, logging off) on a loopback port, for the
 * realtime benchmark. Env: DATABASE_URL (PostgreSQL; else PGlite in a temp dir), REDIS_URL (the
 * socket.io Redis adapter: several instances act as one), BENCH_JWT_SECRET / BENCH_ENCRYPTION_KEY
 * (shared by the instances of one run), BENCH_CONSOLE_USERS (JSON ConsoleUsers to seed; ON
 * CONFLICT DO NOTHING, so a second instance on the same database changes nothing), BENCH_DEVICES
 * (JSON BenchDevices: simulated devices whose tokens derive from the secret; seeded by the first
 * instance only), BENCH_WALLET_ACCOUNTS (that many logged-in DANA accounts, ten per device),
 * ADMIN_CONSOLE_URL and MERCHANT_CONSOLE_URL (the origins a benchmark serves the consoles from,
 * allowed by CORS), BENCH_MERCHANT_USER_PASSWORD (the bench merchant's owner, BENCH_MERCHANT_USER_EMAIL,
 * signs in with it).
 * Scheduled health and proxy checks are off: they are not what is measured.
 * IPC: 'ready' with the port; usage, profile and stop as the other bench children (../ipc.ts).
 */
export type ConsoleUsers = { emails: string[]; password: string };

/** Alternating Admin and Staff: both may view devices, so both get device events. */
export const consoleUserRole = (index: number) => (index % 2 === 0 ? ROLE.Admin : ROLE.Staff);

async function seedConsoleUsers(database: DatabaseHandle, plan: ConsoleUsers) {
  if (plan.emails.length === 0) return;
  // One argon2id hash for all: verification costs the same whichever hash it is.
  const passwordHash = await hashPassword(plan.password);
  await database.db
    .insert(users)
    .values(
      plan.emails.map((email, i) => ({
        email,
        name: `Realtime Console ${i + 1}`,
        roleId: consoleUserRole(i),
        status: 'active' as const,
        passwordHash,
      })),
    )
    .onConflictDoNothing();
}

/** As the simulator registers its phones (isSimulated), with the stored token hash only. */
async function seedDevices(database: DatabaseHandle, plan: BenchDevices) {
  const rows = Array.from({ length: plan.count }, (_, i) => ({
    name: benchDeviceName(i),
    label: 'Simulated',
    notes: 'Realtime benchmark device',
    isSimulated: true,
    tokenHash: hashToken(benchDeviceToken(plan.secret, i)),
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await database.db
      .insert(devices)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
}

/**
 * Logged-in, active DANA accounts spread ten to a seeded device (in device order), as a fleet whose
 * phones already hold their sessions (the simulator's accountsSignedIn).
 */
async function seedWalletAccounts(database: DatabaseHandle, count: number) {
  await database.db.execute(sql`
    insert into wallet_accounts (device_id, provider, label, account_number, holder_name, login_status, health_state,
                                 balance_minor, balance_read_at)
    select d.id, 'dana', 'Bench DANA ' || lpad(n::text, 4, '0'), '0813' || lpad(n::text, 8, '0'), 'Holder ' || n,
           'logged_in', 'healthy', (n * 1000)::bigint, now()
    from generate_series(1, ${count}::int) as s(n)
    join devices d on d.name = 'rt-bench-' || lpad((1 + (n - 1) / 10)::text, 4, '0')
    on conflict do nothing`);
}

/**
 * Known issue (reported, server code not ours to change): stopping an instance with REDIS_URL
 * while agents' disconnect bookkeeping still emits to the consoles publishes on a Redis connection
 * realtime's preClose already quit, and the rejection is unhandled. Say so in one line per kind
 * instead of crashing the child mid-shutdown with a bare ioredis stack.
 */
const seenRejections = new Set<string>();
process.on('unhandledRejection', (reason) => {
  const message = reason instanceof Error ? reason.message : String(reason);
  if (seenRejections.has(message)) return;
  seenRejections.add(message);
  console.error(`[gerbang-instance ${process.pid}] unhandled rejection: ${message}`);
});

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const raw = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SERVE_CONSOLES: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    JWT_SECRET: process.env.BENCH_JWT_SECRET ?? randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: process.env.BENCH_ENCRYPTION_KEY ?? randomBytes(32).toString('base64'),
    HEALTH_CHECK_SCHEDULE_MINUTES: '0',
    PROXY_CHECK_SCHEDULE_MINUTES: '0',
    // The bench merchant's one token opens every session of the time-to-credit bench (3,000 a minute
    // at 50/s): its per-token limit must not be what is measured.
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    // The time-to-credit bench's webhook receiver is on loopback.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...(process.env.ADMIN_CONSOLE_URL ? { ADMIN_CONSOLE_URL: process.env.ADMIN_CONSOLE_URL } : {}),
    ...(process.env.MERCHANT_CONSOLE_URL ? { MERCHANT_CONSOLE_URL: process.env.MERCHANT_CONSOLE_URL } : {}),
    WALLET_CHECK_SCHEDULE_MINUTES: '0',
  });
  const config = resolveConfig(raw, { JWT_SECRET: raw.JWT_SECRET ?? '', ENCRYPTION_KEY: raw.ENCRYPTION_KEY ?? '' });

  // PGlite on disk, as installed (it runs inside this process, so its work shows in our CPU).
  const dataDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'gerbang-bench-realtime-'));
  const database = databaseUrl
    ? await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: config.DATABASE_POOL_SIZE })
    : await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  await seedConsoleUsers(database, JSON.parse(process.env.BENCH_CONSOLE_USERS ?? '{"emails":[],"password":""}'));
  if (process.env.BENCH_DEVICES) await seedDevices(database, JSON.parse(process.env.BENCH_DEVICES));
  if (process.env.BENCH_WALLET_ACCOUNTS) await seedWalletAccounts(database, Number(process.env.BENCH_WALLET_ACCOUNTS));
  // The bench merchant and its API token (BENCH_API_TOKEN): the deposit page's sessions.
  await seedMerchantApi(database);
  if (process.env.BENCH_MERCHANT_USER_PASSWORD) {
    await seedBenchMerchantUser(database, await hashPassword(process.env.BENCH_MERCHANT_USER_PASSWORD));
  }

  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: config.HOST });
  const address = app.server.address();
  serveParent(async () => {
    try {
      await app.close();
      await database.close();
    } finally {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });
  send({
    type: 'ready',
    port: typeof address === 'object' && address ? address.port : 0,
    detail: { database: database.kind, redis: Boolean(config.REDIS_URL) },
  });
}

main().catch((error: Error) => {
  send({ type: 'failed', message: error.stack ?? error.message });
  process.exit(1);
});
