import { randomBytes } from 'node:crypto';
import { ROLE, type RoleId } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { type Config, parseConfig, resolveConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/database';
import { merchants, scheduledJobs, users } from '../../src/db/schema';
import { hashPassword } from '../../src/modules/auth/password-hasher';
import type { Mailer, MailMessage } from '../../src/modules/mail/mailer';
import { eventually } from './eventually';
import { createTestDatabase } from './test-database';

export function createTestConfig(overrides: Record<string, string> = {}): Config {
  // Alert rules are evaluated by the tests that are about them (alertsOf(ctx).service.evaluate()).
  const raw = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_CONSOLES: 'false',
    ALERT_EVALUATE_SECONDS: '0',
    // The tests' webhook receivers listen on loopback (webhook-destination.test.ts turns it off).
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    ...overrides,
  });
  return resolveConfig(raw, {
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
}

/** Keeps every message "sent", for tests that follow a link from a mail. SMTP itself is tested separately. */
export function createMemoryMailer(): Mailer & { messages: MailMessage[]; lastLinkTo(email: string): string } {
  const messages: MailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
    },
    close() {},
    lastLinkTo(email) {
      const message = [...messages].reverse().find((m) => m.to === email);
      const link = message?.text.match(/https?:\/\/\S+/)?.[0];
      if (!link) throw new Error(`no link was mailed to ${email}`);
      return link;
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  mailer: ReturnType<typeof createMemoryMailer>;
  close(): Promise<void>;
};

export async function createTestApp(options: { env?: Record<string, string>; mailer?: Mailer } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const mailer = createMemoryMailer();
  const app = await buildApp({ config: createTestConfig(options.env), database, mailer: options.mailer ?? mailer });
  await app.ready();
  return {
    app,
    database,
    mailer,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Waits until the scheduled job `name` has run once. A schedule's first run is due at start; on a
 * slow machine it can come after a test has added its own work, and then take that work too.
 */
export async function afterFirstRun(testApp: { database: DatabaseHandle }, name: string, timeoutMs = 10_000) {
  await eventually(async () => {
    const [job] = await testApp.database.db
      .select({ lastRunAt: scheduledJobs.lastRunAt })
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, name));
    return job?.lastRunAt ?? null;
  }, timeoutMs);
}

export const TEST_PASSWORD = 'correct horse battery staple';

let counter = 0;
/** Inserts an active user with TEST_PASSWORD (or the given one) straight into the database. */
export async function insertUser(
  database: DatabaseHandle,
  fields: {
    roleId?: RoleId;
    email?: string;
    name?: string;
    password?: string | null;
    status?: 'invited' | 'active' | 'disabled';
    merchantId?: string | null;
    merchantRole?: 'owner' | 'developer' | 'finance' | 'viewer';
  } = {},
) {
  counter += 1;
  const password = fields.password === undefined ? TEST_PASSWORD : fields.password;
  if (fields.merchantId) await ensureMerchant(database, fields.merchantId);
  const [row] = await database.db
    .insert(users)
    .values({
      email: (fields.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.test`).toLowerCase(),
      name: fields.name ?? `Test User ${counter}`,
      roleId: fields.roleId ?? ROLE.Admin,
      merchantId: fields.merchantId ?? null,
      merchantRole: (fields.roleId ?? ROLE.Admin) === ROLE.Merchant ? (fields.merchantRole ?? 'owner') : null,
      status: fields.status ?? (password ? 'active' : 'invited'),
      passwordHash: password ? await hashPassword(password) : null,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

/**
 * A Merchant user needs its merchant to exist (users.merchant_id references merchants); tests that
 * only need "some merchant" name an id and get a minimal IDR merchant under it.
 */
export async function ensureMerchant(database: DatabaseHandle, id: string) {
  await database.db
    .insert(merchants)
    .values({
      id,
      name: `Test Merchant ${id.slice(0, 8)}`,
      code: `TEST-${id.slice(0, 8).toUpperCase()}`,
      currency: 'IDR',
      minAmountMinor: 10_000n,
      maxAmountMinor: 10_000_000n,
      allowedMethods: ['dana', 'livin'],
      webhookSecretEncrypted: 'not-a-real-secret',
      paymentTimeLimitMinutes: 15,
    })
    .onConflictDoNothing();
}

/** Signs in through the API and returns the token pair and an Authorization header. */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/auth/signin', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const { accessToken, refreshToken } = res.json() as { accessToken: string; refreshToken: string };
  return { accessToken, refreshToken, headers: { authorization: `Bearer ${accessToken}` } };
}

/** Inserts a user of the role and signs them in. */
export async function signedInUser(testApp: TestApp, roleId: RoleId, fields: Parameters<typeof insertUser>[1] = {}) {
  const user = await insertUser(testApp.database, { ...fields, roleId });
  const session = await signIn(testApp.app, user.email, fields.password ?? TEST_PASSWORD);
  return { user, ...session };
}
