import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serverUnderTest } from './server-under-test';
import { outcomesSoFar, passTheClocks } from './stress/stress-clock';
import { stressViolations } from './stress/stress-invariants';
import { runOperations } from './stress/stress-operations';
import { buildStressWorld, STRESS_SERVER_ENV, type StressWorld } from './stress/stress-world';

/**
 * The stress harness (docs/stress.md): seeded runs of concurrent mixed operations against the real
 * server on PostgreSQL, the invariants checked from the database after each. `npm test` runs a
 * short setting; `npm run stress` runs 20 seeds × 200 operations. STRESS_SEED replays one seed.
 */
const SEEDS = process.env.STRESS_SEED
  ? [Number(process.env.STRESS_SEED)]
  : Array.from({ length: Number(process.env.STRESS_SEEDS ?? 2) }, (_, i) => i + 1);
const OPERATIONS = Number(process.env.STRESS_OPERATIONS ?? 60);
const GRACE_SECONDS = 20;

const onPostgres = inject('testDatabase') === 'postgres';

const server = serverUnderTest(STRESS_SERVER_ENV);

describe.skipIf(!onPostgres)('stress: concurrent mixed operations on PostgreSQL', () => {
  let world: StressWorld;
  beforeAll(async () => {
    world = await buildStressWorld(
      { state: server.state, database: server.state.testApp.database },
      { phones: 3, merchants: 3, webhookFailureRate: 0.3 },
    );
  }, 120_000);
  afterAll(() => world?.close());

  for (const seed of SEEDS) {
    it(`seed ${seed}: ${OPERATIONS} operations leave every ledger and state invariant intact`, async () => {
      const log = await runOperations(world, seed, OPERATIONS);
      await passTheClocks(world);
      const violations = await stressViolations(world, world.server.database.db, [log], GRACE_SECONDS);
      const replay = `replay: STRESS_SEED=${seed} STRESS_OPERATIONS=${OPERATIONS} npm run stress`;
      expect(violations, `${violations.length} violations (${replay})`).toEqual([]);
      // The run did what it says: money came in, went out, and some transfers' outcomes were lost.
      const outcomes = await outcomesSoFar(world);
      console.log(`seed ${seed}: ran ${JSON.stringify(log.counts)}; so far ${JSON.stringify(outcomes)}`);
      expect(outcomes.sessions.success).toBeGreaterThan(0);
      expect(outcomes.withdrawals.success).toBeGreaterThan(0);
      console.log(
        `seed ${seed}: ${JSON.stringify(log.counts)}, webhooks received ${world.receiver.received} (${world.receiver.failed} answered 500)`,
      );
    }, 300_000);
  }
});
