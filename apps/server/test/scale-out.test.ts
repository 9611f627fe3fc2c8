import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  HEALTH_CHECK_STATUS,
  type HealthCheckItem,
  listDeviceHealthChecks,
  ROLE,
  runHealthChecks,
} from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledJobs } from '../src/db/schema';
import {
  type AgentClient,
  answerCommands,
  connectAgent,
  droppedWithReason,
  eventually,
  hello,
  register,
  send,
} from '../src/modules/agents/agents.test-support';
import { type ClientSocket, connect, next } from '../src/modules/realtime/realtime.test-support';
import { freePort } from './helpers/free-port';
import { freshMinute } from './helpers/merchant-api';
import { ensureMerchant, insertUser, signIn } from './helpers/test-app';
import { createTestDatabase } from './helpers/test-database';
import { hasRedisServer, sharedEnv, startInstance, startRedis, stopRedis } from './scale-out-support';

const enabled = process.env.TEST_DATABASE === 'postgres' && hasRedisServer();
const { OK } = HEALTH_CHECK_STATUS;

/** Two instances on one PostgreSQL database and one Redis: they behave as one. */
describe.skipIf(!enabled)('scale-out: two instances over Redis', () => {
  let redis: ChildProcess | undefined;
  let redisPort: number;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: { app: FastifyInstance; url: string };
  let b: { app: FastifyInstance; url: string };
  let headers: Record<string, string>;
  let consoleOnB: ClientSocket;
  let agentOnA: AgentClient;
  let deviceId: string;
  let token: string;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    database = await createTestDatabase();
    const env = { ...sharedEnv(redisPort), API_RATE_LIMIT_PER_MINUTE: '3' };
    a = await startInstance(database, env);
    b = await startInstance(database, env);
    const admin = await insertUser(database, { roleId: ROLE.Admin });
    headers = (await signIn(b.app, admin.email)).headers;
    const staff = await insertUser(database, { roleId: ROLE.Staff });
    consoleOnB = await connect(b.url, { token: (await signIn(b.app, staff.email)).accessToken });
  }, 60_000);

  afterAll(async () => {
    consoleOnB?.close();
    agentOnA?.close();
    await Promise.allSettled([a?.app.close(), b?.app.close()]);
    await database?.close();
    await stopRedis(redis);
  }, 60_000);

  const statusOnB = (isBusy: boolean) =>
    new Promise<void>((resolve) => {
      const listener = (update: { deviceId: string; isBusy: boolean }) => {
        if (update.deviceId !== deviceId || update.isBusy !== isBusy) return;
        consoleOnB.off('device-status-update', listener);
        resolve();
      };
      consoleOnB.on('device-status-update', listener);
    });
  const history = async () =>
    (await b.app.inject({ url: listDeviceHealthChecks.path.replace(':id', deviceId), headers })).json().items as {
      status: number;
      trigger: string;
    }[];

  it('a console on B sees presence and busy changes of an agent connected to A', async () => {
    ({
      device: { id: deviceId },
      token,
    } = await register(a.app, headers));
    const connected = eventually(async () => {
      const [map] = await next(consoleOnB, 'device:getConnected', 5000);
      return map[deviceId] ? map : null;
    }, 8000);
    agentOnA = await connectAgent(a.url, { token });
    expect(await hello(agentOnA)).toMatchObject({ ok: true });
    await connected;
    const busy = statusOnB(true);
    await send(agentOnA, 'agent:busy', { isBusy: true });
    await busy;
    const idle = statusOnB(false);
    await send(agentOnA, 'agent:busy', { isBusy: false });
    await idle;
  });

  it('a health check started through B reaches the agent on A and its result comes back (event on B)', async () => {
    answerCommands(agentOnA, () => ({ ok: true, data: { via: 'A' } }));
    const seen: HealthCheckItem[] = [];
    consoleOnB.on('health-check', (items) => seen.push(...items));
    const okOnB = eventually(async () => seen.find((i) => i.deviceId === deviceId && i.processStatus === OK), 8000);
    const res = await b.app.inject({
      method: 'POST',
      url: runHealthChecks.path,
      headers,
      payload: { deviceIds: [deviceId], type: 'ip' },
    });
    expect(res.json().started).toHaveLength(1);
    expect(await okOnB).toMatchObject({ additionalData: { via: 'A', type: 'ip' } });
    expect((await history())[0]).toMatchObject({ status: OK });
  });

  it('runs the health-check schedule once, not once per instance', async () => {
    await database.db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now()` })
      .where(eq(scheduledJobs.name, 'health-checks.schedule'));
    await eventually(
      async () => (await history()).filter((r) => r.trigger === 'schedule' && r.status === OK).length === 4,
    );
    await new Promise((r) => setTimeout(r, 800)); // several more ticks on both instances
    expect((await history()).filter((r) => r.trigger === 'schedule')).toHaveLength(4);
  });

  it('a second connection on B replaces the one on A', async () => {
    const dropped = droppedWithReason(agentOnA, 5000);
    const agentOnB = await connectAgent(b.url, { token });
    expect(await hello(agentOnB)).toMatchObject({ ok: true });
    await expect(dropped).resolves.toMatchObject({ reason: 'replaced' });
    agentOnB.close();
    agentOnA = await connectAgent(a.url, { token });
    expect(await hello(agentOnA)).toMatchObject({ ok: true });
  });

  it('shares each API token’s rate limit across the instances', async () => {
    const merchantId = randomUUID();
    await ensureMerchant(database, merchantId);
    const owner = await insertUser(database, { roleId: ROLE.Merchant, merchantId });
    const created = await b.app.inject({
      method: 'POST',
      url: '/api-tokens',
      headers: (await signIn(b.app, owner.email)).headers,
      payload: { name: 'Shop', scopes: ['balance:read'] },
    });
    const auth = { authorization: `Bearer ${created.json().secret}` };
    await freshMinute();
    const on = (instance: typeof a) => instance.app.inject({ url: '/v1/balance', headers: auth });
    expect([(await on(a)).statusCode, (await on(b)).statusCode, (await on(a)).statusCode]).toEqual([200, 200, 200]);
    const refused = await on(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('survives Redis going away and coming back; events flow again; readiness says so meanwhile', async () => {
    const readiness = async () => (await a.app.inject({ url: '/readyz' })).json().checks.redis;
    expect(await readiness()).toBe('ok');
    await stopRedis(redis);
    await new Promise((r) => setTimeout(r, 500));
    for (const instance of [a, b]) {
      expect((await instance.app.inject({ url: '/devices/summary', headers })).statusCode).toBe(200);
    }
    expect((await a.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect(await readiness()).toBe('failing');
    expect(await send(agentOnA, 'agent:busy', { isBusy: true })).toEqual({ ok: true });
    redis = await startRedis(redisPort);
    // Toggle until B hears it: the adapters reconnect and resubscribe on their own.
    await eventually(async () => {
      const heard = statusOnB(false);
      await send(agentOnA, 'agent:busy', { isBusy: false });
      const got = await Promise.race([heard.then(() => true), new Promise((r) => setTimeout(() => r(false), 500))]);
      if (!got) await send(agentOnA, 'agent:busy', { isBusy: true });
      return got;
    }, 20_000);
    await eventually(async () => ((await readiness()) === 'ok' ? true : null), 10_000);
  }, 40_000);
});
