import { randomBytes } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../server/test/helpers/free-port';
import { type ServerProcess, serverProcess } from '../../server/test/helpers/server-process';
import { insertUser, TEST_PASSWORD } from '../../server/test/helpers/test-app';
import { createTestDatabase } from '../../server/test/helpers/test-database';
import { createRandom, randomInt } from '../src/prng';
import { httpCall } from './ready-account';
import { outcomesSoFar, passTheClocks } from './stress/stress-clock';
import { stressViolations } from './stress/stress-invariants';
import { runOperations } from './stress/stress-operations';
import { buildStressWorld, STRESS_SERVER_ENV, type StressWorld } from './stress/stress-world';

/**
 * Crashes (docs/stress.md): the stress harness's operations against the built server in its own
 * process on PostgreSQL, killed with SIGKILL at seeded moments under load and started again; once
 * background work has finished, the same invariants hold. CRASH_RUNS × CRASH_KILLS kills
 * (npm test: 1 × 3; npm run stress: 5 × 4).
 */
const RUNS = Number(process.env.CRASH_RUNS ?? 1);
const KILLS = Number(process.env.CRASH_KILLS ?? 3);
const OPERATIONS = Number(process.env.CRASH_OPERATIONS ?? 80);
const onPostgres = inject('testDatabase') === 'postgres';

describe.skipIf(!onPostgres)('crash: SIGKILL under load, restart, invariants intact', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let world: StressWorld;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = serverProcess({
      PORT: String(await freePort()),
      DATABASE_URL: database.url as string,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
      ...STRESS_SERVER_ENV,
    });
    await server.start();
    const admin = await insertUser(database, { roleId: ROLE.Admin });
    const signedIn = await httpCall(server.url, {}, 'POST', '/auth/signin', {
      email: admin.email,
      password: TEST_PASSWORD,
    });
    const headers = { authorization: `Bearer ${(signedIn.body as { accessToken: string }).accessToken}` };
    world = await buildStressWorld(
      { state: { url: server.url, headers, operator: { email: admin.email, password: TEST_PASSWORD } }, database },
      { phones: 3, merchants: 2, webhookFailureRate: 0.2 },
    );
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await server?.stop();
    await database?.close();
  }, 60_000);

  for (let run = 1; run <= RUNS; run += 1) {
    it(`run ${run}: ${KILLS} kills during ${OPERATIONS} operations leave every invariant intact`, async () => {
      const random = createRandom(run * 7919);
      const operations = runOperations(world, 1000 + run, OPERATIONS, { outages: true, spreadMs: 8_000 });
      for (let kill = 0; kill < KILLS; kill += 1) {
        await new Promise((resolve) => setTimeout(resolve, randomInt(random, 500, 2500)));
        await server.kill();
        await server.start();
      }
      const log = await operations;
      await world.fleet.whenOnline(world.accounts.length, 30_000);
      // Leases of the killed process (webhook claims: the receiver timeout + 30 s) must run out before its work is taken over.
      await passTheClocks(world, 150_000);
      const violations = await stressViolations(world, database.db, [log], 20);
      const outcomes = await outcomesSoFar(world);
      console.log(`crash run ${run}: ran ${JSON.stringify(log.counts)}; so far ${JSON.stringify(outcomes)}`);
      expect(violations, `${violations.length} violations (replay: CRASH_RUNS=${run})`).toEqual([]);
      expect(outcomes.sessions.success).toBeGreaterThan(0);
    }, 600_000);
  }
});
