import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serverUnderTest } from './server-under-test';
import { stressViolations, stuckItems } from './stress/stress-invariants';
import { runOperations } from './stress/stress-operations';
import { buildStressWorld, type StressWorld } from './stress/stress-world';

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

const server = serverUnderTest({
  WALLET_CHECK_SCHEDULE_MINUTES: '0',
  PROXY_CHECK_SCHEDULE_MINUTES: '0',
  WALLET_COMMAND_DEADLINE_SECONDS: '3',
  TRANSFER_DEADLINE_SECONDS: '2',
  TRANSFER_HISTORY_LAG_SECONDS: '2',
  WITHDRAWAL_CONFIRM_SECONDS: '10',
  WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1',
  WEBHOOK_TIMEOUT_SECONDS: '2',
  SCHEDULER_TICK_MS: '200',
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Lets background work finish as if time had passed: the open sessions', confirmations' and
 * withdrawal links' deadlines are moved to now, then the sweeps, the transfer deadlines, the history reads and the webhook
 * retries run until nothing is left in flight (or the wait ends and the invariants say what is).
 */
async function passTheClocks(world: StressWorld) {
  const db = world.server.state.testApp.database.db;
  await db.execute(
    sql`update payment_sessions set expires_at = now() where status in ('created', 'awaiting_payment', 'processing') and expires_at > now()`,
  );
  await db.execute(
    sql`update withdrawals set confirm_deadline_at = now() where status = 'awaiting_confirmation' and confirm_deadline_at > now()`,
  );
  // Customers who never come back: their withdrawal links lapse (the holds are released).
  await db.execute(
    sql`update withdrawals set expires_at = now() where status in ('verifying', 'awaiting_confirmation') and expires_at > now()`,
  );
  for (let waited = 0; waited < 60_000; waited += 500) {
    const stuck = await stuckItems(db, 0);
    const [busy] = (
      (await db.execute(
        sql`select
              (select count(*) from withdrawals where status in ('processing', 'uncertain'))::int as withdrawals,
              (select count(*) from webhook_events where status = 'pending')::int as webhooks`,
      )) as unknown as { rows: { withdrawals: number; webhooks: number }[] }
    ).rows;
    if (stuck.length === 0 && busy?.withdrawals === 0 && busy.webhooks === 0) return;
    await sleep(500);
  }
}

/** How many sessions and withdrawals ended in each state, and how many went through uncertain. */
async function outcomesSoFar(world: StressWorld) {
  const db = world.server.state.testApp.database.db;
  const read = async (query: ReturnType<typeof sql>) =>
    Object.fromEntries(
      ((await db.execute(query)) as unknown as { rows: { status: string; count: number }[] }).rows.map((r) => [
        r.status,
        r.count,
      ]),
    ) as Record<string, number>;
  return {
    sessions: await read(sql`select status, count(*)::int as count from payment_sessions group by status`),
    withdrawals: await read(sql`select status, count(*)::int as count from withdrawals group by status`),
    wentUncertain: await read(
      sql`select 'uncertain' as status, count(distinct withdrawal_id)::int as count from withdrawal_events where to_status = 'uncertain'`,
    ),
    transfers: await read(sql`select outcome as status, count(*)::int as count from deposit_matches group by outcome`),
    accounts: await Promise.all(
      world.accounts.map(async (account) => {
        const res = await world.server.state.testApp.app.inject({
          url: `/wallets/${account.id}`,
          headers: world.server.state.headers,
        });
        return (res.json() as { readiness: { reasons: string[] } }).readiness.reasons.join('+') || 'ready';
      }),
    ),
  };
}

describe.skipIf(!onPostgres)('stress: concurrent mixed operations on PostgreSQL', () => {
  let world: StressWorld;
  beforeAll(async () => {
    world = await buildStressWorld(server, { phones: 3, merchants: 3, webhookFailureRate: 0.3 });
  }, 120_000);
  afterAll(() => world?.close());

  for (const seed of SEEDS) {
    it(`seed ${seed}: ${OPERATIONS} operations leave every ledger and state invariant intact`, async () => {
      const log = await runOperations(world, seed, OPERATIONS);
      await passTheClocks(world);
      const violations = await stressViolations(world.server.state.testApp.database.db, [log], GRACE_SECONDS);
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
