import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../server/test/helpers/free-port';
import { type ServerProcess, serverProcess } from '../../server/test/helpers/server-process';
import { createTestDatabase } from '../../server/test/helpers/test-database';
import { crashRun, crashWorld } from './stress/crash-run';
import { STRESS_SERVER_ENV, type StressWorld } from './stress/stress-world';

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
    world = await crashWorld(server.url, database);
  }, 180_000);

  afterAll(async () => {
    await world?.close();
    await server?.stop();
    await database?.close();
  }, 60_000);

  for (let run = 1; run <= RUNS; run += 1) {
    it(`run ${run}: ${KILLS} kills during ${OPERATIONS} operations leave every invariant intact`, async () => {
      const { log, violations, outcomes } = await crashRun(world, database.db, {
        run,
        kills: KILLS,
        operations: OPERATIONS,
        killOne: async () => {
          await server.kill();
          await server.start();
        },
      });
      console.log(`crash run ${run}: ran ${JSON.stringify(log.counts)}; so far ${JSON.stringify(outcomes)}`);
      expect(violations, `${violations.length} violations (replay: CRASH_RUNS=${run})`).toEqual([]);
      expect(outcomes.sessions.success).toBeGreaterThan(0);
    }, 600_000);
  }
});
