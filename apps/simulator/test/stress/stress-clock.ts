import { runWalletChecks } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import { PROCESSING_GRACE_SECONDS } from '../../../server/src/modules/payment-sessions/payment-sessions.service';
import { adminCall } from '../ready-account';
import { stuckItems } from './stress-invariants';
import type { StressWorld } from './stress-world';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Lets background work finish as if time had passed: the open sessions' (with the grace of those
 * the customer said they paid), confirmations' and withdrawal links' deadlines are moved to now, then the sweeps, the transfer deadlines, the history
 * reads and the webhook retries run until nothing is left in flight (or the wait ends and the
 * invariants say what is).
 */
export async function passTheClocks(world: StressWorld, maxWaitMs = 60_000) {
  const db = world.server.database.db;
  await db.execute(
    sql`update payment_sessions set expires_at = now() where status in ('created', 'awaiting_payment') and expires_at > now()`,
  );
  // A session the customer said they paid waits PROCESSING_GRACE_SECONDS past its limit for the
  // transfer: that grace passes too.
  await db.execute(
    sql`update payment_sessions set expires_at = now() - ${`${PROCESSING_GRACE_SECONDS} seconds`}::interval
        where status = 'processing' and expires_at > now() - ${`${PROCESSING_GRACE_SECONDS} seconds`}::interval`,
  );
  await db.execute(
    sql`update withdrawals set confirm_deadline_at = now() where status = 'awaiting_confirmation' and confirm_deadline_at > now()`,
  );
  // Customers who never come back: their withdrawal links lapse (the holds are released).
  await db.execute(
    sql`update withdrawals set expires_at = now() where status in ('verifying', 'name_review', 'awaiting_confirmation') and expires_at > now()`,
  );
  // Every phone reads its accounts' histories once more: a transfer only a history shows (an app
  // that crashed after sending) reaches the server, which must then account for it.
  const histories = await adminCall(world.server, 'POST', runWalletChecks.path, {
    accountIds: world.accounts.map((account) => account.id),
    type: 'transaction_history',
  });
  if (histories.status !== 200) throw new Error(`history reads did not start: ${histories.status}`);
  for (let waited = 0; waited < maxWaitMs; waited += 500) {
    const stuck = await stuckItems(db, 0);
    const [busy] = (
      (await db.execute(
        sql`select
              (select count(*) from withdrawals where status in ('processing', 'uncertain'))::int as withdrawals,
              (select count(*) from webhook_events where status = 'pending')::int as webhooks,
              (select count(*) from health_check_runs where status = 3 and wallet_account_id is not null)::int as checks`,
      )) as unknown as { rows: { withdrawals: number; webhooks: number; checks: number }[] }
    ).rows;
    if (stuck.length === 0 && busy?.withdrawals === 0 && busy.webhooks === 0 && busy.checks === 0) return;
    await sleep(500);
  }
}

/** How many sessions and withdrawals ended in each state, and how many went through uncertain. */
export async function outcomesSoFar(world: StressWorld) {
  const db = world.server.database.db;
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
        const res = await adminCall(world.server, 'GET', `/wallets/${account.id}`);
        return (res.body as { readiness: { reasons: string[] } }).readiness.reasons.join('+') || 'ready';
      }),
    ),
  };
}
