import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../server/src/db/database';
import { ledgerViolations } from '../../../server/src/modules/ledger/ledger-invariants';
import { PROCESSING_GRACE_SECONDS } from '../../../server/src/modules/payment-sessions/payment-sessions.service';
import type { RunLog } from './stress-client';
import { cashOfAccounts, type StressWorld } from './stress-world';

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Anything still in a state that only lasts until a deadline, once that deadline is long past. */
export async function stuckItems(db: Database, graceSeconds: number): Promise<string[]> {
  const grace = `${graceSeconds} seconds`;
  const sessions = await rows<{ id: string; status: string }>(
    db,
    sql`select id, status from payment_sessions
        where (status in ('created', 'awaiting_payment') and expires_at < now() - ${grace}::interval)
           or (status = 'processing'
               and expires_at + ${`${PROCESSING_GRACE_SECONDS} seconds`}::interval < now() - ${grace}::interval)`,
  );
  const withdrawals = await rows<{ id: string; status: string }>(
    db,
    sql`select id, status from withdrawals where
          (status = 'processing' and transfer_deadline_at < now() - ${grace}::interval)
       or (status in ('awaiting_confirmation', 'confirmed') and confirm_deadline_at < now() - ${grace}::interval)
       or (status in ('verifying', 'name_review', 'awaiting_confirmation') and expires_at < now() - ${grace}::interval)
       or (status = 'uncertain' and updated_at < now() - ${grace}::interval)`,
  );
  return [
    ...sessions.map((r) => `payment session ${r.id} is still ${r.status} past its deadline`),
    ...withdrawals.map((r) => `withdrawal ${r.id} is still ${r.status} past its deadline`),
  ];
}

/**
 * Every promise the stress issue lists, read from the database (and the run's own log): the
 * ledger's (journals sum to zero, balances are their entries, nothing below zero, each hold
 * resolved once and as its withdrawal's state says), one effect per idempotency key, each transfer
 * considered once and a session paid at most once and credited exactly when it succeeded, every
 * outgoing transfer claimed by a withdrawal or queued as a payout exception, a session paid in time
 * but reported late paid, no confirmation kept by a withdrawal sent back to verifying, every
 * timeline a path, an outbox event for every state change, every claim as its session is, nothing
 * stuck past its deadline.
 */
export async function stressViolations(
  world: Pick<StressWorld, 'fleet' | 'accounts' | 'cashAtStart'>,
  db: Database,
  logs: RunLog[],
  graceSeconds: number,
): Promise<string[]> {
  const violations = [...(await ledgerViolations(db))];
  // Nothing the phones moved is unknown to the ledger: each account's money moved on the phone
  // exactly as its cash moved in the books (deposits matched or queued, payouts settled or
  // queued as exceptions).
  const cashNow = await cashOfAccounts(db, world.fleet, world.accounts);
  for (const [accountId, start] of world.cashAtStart) {
    const now = cashNow.get(accountId);
    if (!now) continue;
    const phone = now.phone - start.phone;
    const ledger = now.ledger - start.ledger;
    if (phone !== ledger) {
      violations.push(`account ${accountId}: its phone's money moved ${phone}, its cash in the ledger ${ledger}`);
    }
  }
  for (const log of logs) {
    violations.push(...log.problems);
    for (const [key, ids] of log.effects) {
      if (ids.size > 1) violations.push(`idempotency key ${key} made ${ids.size} effects: ${[...ids].join(', ')}`);
    }
  }
  const paidTwice = await rows<{ id: string; matches: number }>(
    db,
    sql`select payment_session_id as id, count(*)::int as matches from deposit_matches
        where outcome = 'matched' or resolution = 'matched'
        group by payment_session_id having count(*) > 1`,
  );
  violations.push(...paidTwice.map((r) => `payment session ${r.id} was paid by ${r.matches} transfers`));
  const misattributed = await rows<{ id: string }>(
    db,
    sql`select m.wallet_transaction_id as id from deposit_matches m
        left join payment_sessions s on s.wallet_transaction_id = m.wallet_transaction_id
        where m.resolution is distinct from 'credited' and m.paid_merchant_id is distinct from s.merchant_id`,
  );
  violations.push(
    ...misattributed.map((r) => `incoming transfer ${r.id} is listed for a merchant whose session it did not pay`),
  );
  const credited = await rows<{ id: string; status: string; credits: number }>(
    db,
    sql`select s.id, s.status, count(j.id)::int as credits from payment_sessions s
        left join ledger_journals j on j.reference_id = s.id and j.kind = 'deposit'
        group by s.id, s.status
        having count(j.id) <> (case when s.status = 'success' then 1 else 0 end)`,
  );
  violations.push(...credited.map((r) => `payment session ${r.id} (${r.status}) was credited ${r.credits} times`));
  const unconsidered = await rows<{ id: string }>(
    db,
    sql`select t.id from wallet_transactions t
        where t.direction = 'in' and not exists (select 1 from deposit_matches m where m.wallet_transaction_id = t.id)`,
  );
  violations.push(...unconsidered.map((r) => `incoming transfer ${r.id} was never matched nor queued for review`));
  const unannounced = await rows<{ id: string; kind: string; changes: number; events: number }>(
    db,
    sql`select s.id, 'payment session' as kind,
          (select count(*) from payment_session_events e where e.session_id = s.id)::int as changes,
          (select count(*) from webhook_events w where w.subject_id = s.id)::int as events
        from payment_sessions s
        union all
        select w.id, 'withdrawal',
          (select count(*) from withdrawal_events e where e.withdrawal_id = w.id)::int,
          (select count(*) from webhook_events o where o.subject_id = w.id)::int
        -- A return to a sender belongs to no merchant: nobody is told of it.
        from withdrawals w where w.kind <> 'return'`,
  );
  violations.push(
    ...unannounced
      .filter((r) => r.changes !== r.events)
      .map((r) => `${r.kind} ${r.id} changed ${r.changes} times but announced ${r.events} events`),
  );
  const unaccounted = await rows<{ id: string }>(
    db,
    sql`select t.id from wallet_transactions t
        where t.direction = 'out'
          and not exists (select 1 from withdrawals w where w.wallet_transaction_id = t.id)
          and not exists (select 1 from withdrawals w where w.wallet_account_id = t.account_id
                          and w.transfer_reference = t.provider_transaction_id)
          and not exists (select 1 from payout_exceptions x where x.wallet_transaction_id = t.id)`,
  );
  violations.push(
    ...unaccounted.map(
      (r) => `outgoing transfer ${r.id} was claimed by no withdrawal nor queued as a payout exception`,
    ),
  );
  const doubled = await rows<{
    id: string;
    withdrawal: string;
    how: string;
    outcome: string;
    status: string;
    steps: string;
  }>(
    db,
    sql`select x.wallet_transaction_id as id, w.id as withdrawal, w.status, x.outcome,
          case when w.wallet_transaction_id = t.id then 'linked' else 'by reference' end as how,
          (select string_agg(e.to_status || ':' || e.reason, ' > ' order by e.id) from withdrawal_events e
            where e.withdrawal_id = w.id) as steps
        from payout_exceptions x
        join wallet_transactions t on t.id = x.wallet_transaction_id
        join withdrawals w on w.wallet_transaction_id = t.id
          or (w.wallet_account_id = t.account_id and w.transfer_reference = t.provider_transaction_id)
        -- Queued, then claimed by its withdrawal: the exception was withdrawn (its journal reversed).
        where x.resolution is distinct from 'claimed_by_withdrawal'`,
  );
  violations.push(
    ...doubled.map(
      (r) =>
        `outgoing transfer ${r.id} both settled withdrawal ${r.withdrawal} (${r.how}; ${r.status}: ${r.steps}) and is a payout exception (${r.outcome})`,
    ),
  );
  const paidLate = logs.flatMap((log) => [...log.paidLate]);
  if (paidLate.length > 0) {
    const unpaid = await rows<{ id: string; status: string }>(
      db,
      sql`select id, status from payment_sessions where status <> 'success'
          and id in (${sql.join(
            paidLate.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
    violations.push(
      ...unpaid.map((r) => `payment session ${r.id} paid in time, reported late, is ${r.status}, not success`),
    );
  }
  const unconfirmedSends = await rows<{ id: string }>(
    db,
    sql`select id from withdrawals where status = 'verifying' and confirmed_at is not null`,
  );
  violations.push(
    ...unconfirmedSends.map((r) => `withdrawal ${r.id} went back to verifying with its confirmation kept`),
  );
  // Every timeline is a path of its lifecycle: each step leaves the state the one before reached.
  const broken = await rows<{ id: string; kind: string }>(
    db,
    sql`select distinct id, kind from (
          select session_id as id, 'payment session' as kind, from_status,
            lag(to_status) over (partition by session_id order by id) as before
          from payment_session_events
          union all
          select withdrawal_id, 'withdrawal', from_status,
            lag(to_status) over (partition by withdrawal_id order by id)
          from withdrawal_events) steps
        where from_status is distinct from before`,
  );
  violations.push(
    ...broken.map((r) => `${r.kind} ${r.id} has a timeline step that does not leave the state before it`),
  );
  // A claim follows its session: none still open once it is paid, none matched unless it is.
  const claims = await rows<{ id: string; status: string; session: string }>(
    db,
    sql`select c.id, c.status, s.status as session from payment_claims c
        join payment_sessions s on s.id = c.payment_session_id
        where (c.status = 'open' and s.status = 'success') or (c.status = 'matched' and s.status <> 'success')`,
  );
  violations.push(...claims.map((r) => `claim ${r.id} is ${r.status} on a session that is ${r.session}`));
  violations.push(...(await stuckItems(db, graceSeconds)));
  return violations;
}
