import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { REALTIME_PATH } from '@gerbang/contract';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ClientSocket } from '../../server/src/modules/realtime/realtime.test-support';
import { freePort } from '../../server/test/helpers/free-port';
import { hasHaproxy, type LoadBalancer, startLoadBalancer } from '../../server/test/helpers/load-balancer';
import { type ServerProcess, serverProcess } from '../../server/test/helpers/server-process';
import { createTestDatabase } from '../../server/test/helpers/test-database';
import { hasRedisServer, startRedis, stopRedis } from '../../server/test/scale-out-support';
import { randomInt } from '../src/prng';
import { httpCall } from './ready-account';
import { eventually } from './server-under-test';
import { crashRun, crashWorld } from './stress/crash-run';
import { STRESS_SERVER_ENV, type StressWorld } from './stress/stress-world';

/**
 * Two instances of the built server behind Debian's HAProxy, run with the configuration
 * docs/operations.md gives, sharing PostgreSQL and a real Redis. Consoles and phones reach them
 * only through the balancer. When an instance dies, their sockets reconnect to the survivor; under
 * the stress harness's load, one instance or the other killed (SIGKILL) at seeded moments and
 * started again, the invariants hold: nothing lost, every change announced once, scheduled work
 * done once. BALANCED_RUNS × BALANCED_KILLS kills (npm test: 1 × 3; npm run stress: 5 × 4).
 */
const RUNS = Number(process.env.BALANCED_RUNS ?? 1);
const KILLS = Number(process.env.BALANCED_KILLS ?? 3);
const OPERATIONS = Number(process.env.BALANCED_OPERATIONS ?? 80);
const onPostgres = inject('testDatabase') === 'postgres';

/**
 * Opens a payment session through the balancer and waits for its `payment-session:update` on the
 * console. Right after a kill the console may still read as connected to the dead instance: its
 * close is still on its way through HAProxy, and an event sent before it is connected again is
 * lost to it, as to the web console, which refetches on reconnect (apps/web/src/lib/realtime.ts).
 * So a drop before the event came means: once it is back, again; any other miss fails.
 */
async function updateReachesConsole(
  operatorConsole: ClientSocket,
  url: string,
  headers: Record<string, string>,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await eventually(
      () => operatorConsole.connected,
      (connected) => connected,
    );
    const seen = new Set<string>();
    let dropped = false;
    const onUpdate = (update: { id: string }) => seen.add(update.id);
    const onDrop = () => {
      dropped = true;
    };
    operatorConsole.on('payment-session:update', onUpdate);
    operatorConsole.on('disconnect', onDrop);
    try {
      const opened = await httpCall(
        url,
        { ...headers, 'idempotency-key': randomUUID() },
        'POST',
        '/v1/payment-sessions',
        { referenceNumber: `LB-${randomUUID()}`, amount: '25000' },
      );
      expect(opened.status, JSON.stringify(opened.body)).toBe(201);
      const { id } = opened.body as { id: string };
      const outcome = await eventually(
        () => (seen.has(id) ? 'seen' : dropped ? 'dropped' : 'waiting'),
        (state) => state !== 'waiting',
        10_000,
      ).catch(() => {
        throw new Error(`no payment-session:update for ${id} within 10 s, the console connected all along`);
      });
      if (outcome === 'seen') return;
      if (attempt === 3) throw new Error(`the console dropped before the update came, ${attempt} times`);
    } finally {
      operatorConsole.off('payment-session:update', onUpdate);
      operatorConsole.off('disconnect', onDrop);
    }
  }
}

describe.skipIf(!onPostgres)('two instances behind HAProxy, one killed under load', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let redis: ChildProcess;
  let instances: ServerProcess[] = [];
  let balancer: LoadBalancer;
  let world: StressWorld;

  beforeAll(async () => {
    if (!hasHaproxy()) throw new Error('haproxy is not installed (apt-get install haproxy)');
    if (!hasRedisServer()) throw new Error('redis-server is not installed (apt-get install redis-server)');
    database = await createTestDatabase();
    const redisPort = await freePort();
    redis = await startRedis(redisPort);
    const shared = {
      DATABASE_URL: database.url as string,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      ...STRESS_SERVER_ENV,
    };
    instances = [
      serverProcess({ ...shared, PORT: String(await freePort()) }),
      serverProcess({ ...shared, PORT: String(await freePort()) }),
    ];
    // One after the other: the first applies the migrations.
    for (const instance of instances) await instance.start();
    const [a, b] = instances.map((instance) => new URL(instance.url).host) as [string, string];
    balancer = await startLoadBalancer([a, b]);
    world = await crashWorld(balancer.url, database);
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await stopRedis(redis);
    await database?.close();
  }, 60_000);

  it('a console and the phones reconnect through the balancer to the survivor, and events reach the console from either instance', async () => {
    const token = (world.server.state.headers.authorization as string).replace(/^Bearer /, '');
    // As the admin console connects (apps/web/src/lib/realtime.ts), but retrying at once.
    const operatorConsole: ClientSocket = io(balancer.url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      auth: { token },
      forceNew: true,
    });
    let drops = 0;
    operatorConsole.on('disconnect', () => {
      drops += 1;
    });
    const merchant = world.merchants[0];
    if (!merchant) throw new Error('no merchant');
    try {
      await eventually(
        () => operatorConsole.connected,
        (connected) => connected,
      );
      for (const victim of instances) {
        await victim.kill();
        await world.fleet.whenOnline(world.accounts.length, 30_000);
        // The survivor answers the API, and its change reaches the console wherever it is connected.
        await updateReachesConsole(operatorConsole, balancer.url, merchant.apiHeaders);
        await victim.start();
      }
      // The console was on one of the two instances, so one of the kills cut it.
      expect(drops).toBeGreaterThanOrEqual(1);
    } finally {
      operatorConsole.close();
    }
  }, 120_000);

  it("answers in the API's error shape when no instance is ready", async () => {
    const { body } = await (async () => {
      await Promise.all(instances.map((instance) => instance.kill()));
      try {
        return await eventually(
          () => httpCall(balancer.url, {}, 'GET', '/readyz').catch(() => ({ status: 0, body: null })),
          (answer) => answer.status === 503,
        );
      } finally {
        for (const instance of instances) await instance.start();
        await eventually(
          () => httpCall(balancer.url, {}, 'GET', '/readyz').catch(() => ({ status: 0, body: null })),
          (answer) => answer.status === 200,
        );
      }
    })();
    expect(body).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' }, requestId: expect.any(String) });
  }, 120_000);

  for (let run = 1; run <= RUNS; run += 1) {
    it(`run ${run}: ${KILLS} kills of either instance during ${OPERATIONS} operations through the balancer leave every invariant intact`, async () => {
      const { log, violations, outcomes } = await crashRun(world, database.db, {
        run,
        kills: KILLS,
        operations: OPERATIONS,
        killOne: async (random) => {
          const victim = instances[randomInt(random, 0, instances.length - 1)] as ServerProcess;
          await victim.kill();
          await victim.start();
        },
      });
      console.log(`balanced run ${run}: ran ${JSON.stringify(log.counts)}; so far ${JSON.stringify(outcomes)}`);
      expect(violations, `${violations.length} violations (replay: BALANCED_RUNS=${run})`).toEqual([]);
      expect(outcomes.sessions.success).toBeGreaterThan(0);
    }, 600_000);
  }
});
