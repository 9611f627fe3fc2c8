import { OPEN_WITHDRAWAL_STATUSES } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sqlRows } from '../../db/sql-rows';

/** Both drivers answer raw SQL with `{ rows }`. */

/**
 * What must hold of the ledger at any moment, read from the database: every journal sums to zero
 * and has entries; every account's kept balance equals the sum of its entries; no merchant's
 * available balance is below zero; every withdrawal's hold is resolved once, as its state says, and
 * the pending balances are what open withdrawals hold; every paid session is credited once, by what
 * arrived; every transfer credited or refunded outside has that one journal; a session's refunds
 * never exceed what it received. Returns the violations (none when the ledger is sound). Run by
 * the tests after every concurrent run.
 */
export async function ledgerViolations(db: Database): Promise<string[]> {
  const unbalanced = await sqlRows<{ id: string; total: string }>(
    db,
    sql`
    select j.id, coalesce(sum(e.amount_minor), 0)::text as total
    from ledger_journals j left join ledger_entries e on e.journal_id = j.id
    group by j.id
    having count(e.id) = 0 or sum(e.amount_minor) <> 0`,
  );
  const drifted = await sqlRows<{ code: string; kept: string; summed: string }>(
    db,
    sql`
    select a.code, a.balance_minor::text as kept, coalesce(sum(e.amount_minor), 0)::text as summed
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id
    having a.balance_minor <> coalesce(sum(e.amount_minor), 0)`,
  );
  const negative = await sqlRows<{ code: string; balance: string }>(
    db,
    sql`
    select code, (balance_minor * normal)::text as balance from ledger_accounts
    where kind = 'merchant_available' and balance_minor * normal < 0`,
  );
  const mixed = await sqlRows<{ id: string }>(
    db,
    sql`
    select distinct j.id from ledger_journals j
    join ledger_entries e on e.journal_id = j.id
    join ledger_accounts a on a.id = e.account_id
    where a.currency <> j.currency`,
  );
  // Each book (live money, test mode's) balances on its own, and no journal reaches across books:
  // a test session's deposit and a test withdrawal's hold, settlement or release are in the test
  // book, a live one's in the live book.
  const books = await sqlRows<{ book: string; currency: string; total: string }>(
    db,
    sql`
    select e.book, e.currency, sum(e.amount_minor)::text as total from ledger_entries e
    group by e.book, e.currency having sum(e.amount_minor) <> 0`,
  );
  const crossed = await sqlRows<{ id: string }>(
    db,
    sql`
    select distinct j.id from ledger_journals j
    join ledger_entries e on e.journal_id = j.id
    join ledger_accounts a on a.id = e.account_id
    left join payment_sessions s on j.reference_type = 'payment_session' and s.id = j.reference_id
    left join withdrawals w on j.reference_type = 'withdrawal' and w.id = j.reference_id
    where a.book <> j.book or e.book <> j.book
      or (s.id is not null and j.book <> (case when s.livemode then 'live' else 'test' end))
      or (w.id is not null and j.book <> (case when w.livemode then 'live' else 'test' end))`,
  );
  // Every withdrawal holds once, and its hold is resolved exactly as its state says: settled when
  // it succeeded, released when it failed, was rejected or cancelled, neither while it is open.
  const holds = await sqlRows<{ id: string; status: string; holds: number; settles: number; releases: number }>(
    db,
    sql`
    select w.id, w.status,
      count(*) filter (where j.kind = 'withdrawal_hold')::int as holds,
      count(*) filter (where j.kind = 'withdrawal_settle')::int as settles,
      count(*) filter (where j.kind = 'withdrawal_release')::int as releases
    from withdrawals w left join ledger_journals j on j.reference_id = w.id
    group by w.id, w.status
    having count(*) filter (where j.kind = 'withdrawal_hold') <> 1
      or count(*) filter (where j.kind = 'withdrawal_settle') <> (case when w.status = 'success' then 1 else 0 end)
      or count(*) filter (where j.kind = 'withdrawal_release') <>
         (case when w.status in ('failed', 'rejected', 'cancelled') then 1 else 0 end)`,
  );
  // A merchant's pending balance is exactly what its open withdrawals hold.
  const pending = await sqlRows<{ code: string; kept: string; held: string }>(
    db,
    sql`
    select a.code, (a.balance_minor * a.normal)::text as kept, coalesce(sum(w.amount_minor + w.fee_minor), 0)::text as held
    from ledger_accounts a
    left join withdrawals w on w.merchant_id = a.merchant_id and w.currency = a.currency
      and w.status in (${sql.join(
        OPEN_WITHDRAWAL_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
    where a.kind = 'merchant_pending'
    group by a.id
    having a.balance_minor * a.normal <> coalesce(sum(w.amount_minor + w.fee_minor), 0)`,
  );
  // Every paid session credited once, and by what arrived: amount + (received − final) − fee.
  const credits = await sqlRows<{
    id: string;
    status: string;
    journals: number;
    credited: string | null;
    owed: string;
  }>(
    db,
    sql`
    select s.id, s.status, count(distinct j.id)::int as journals,
      (-sum(e.amount_minor) filter (where a.kind = 'merchant_available'))::text as credited,
      (s.amount_minor + coalesce(s.received_amount_minor, s.final_amount_minor) - s.final_amount_minor - s.fee_minor)::text as owed
    from payment_sessions s
    left join ledger_journals j on j.reference_type = 'payment_session' and j.reference_id = s.id and j.kind = 'deposit'
    left join ledger_entries e on e.journal_id = j.id
    left join ledger_accounts a on a.id = e.account_id
    group by s.id
    having count(distinct j.id) <> (case when s.status = 'success' then 1 else 0 end)
      or (s.status = 'success' and (s.received_amount_minor is null
        or -sum(e.amount_minor) filter (where a.kind = 'merchant_available')
           <> s.amount_minor + s.received_amount_minor - s.final_amount_minor - s.fee_minor))`,
  );
  // A session's refunds never exceed what it received, and what it keeps reserved is exactly what
  // its refunds that did not end unpaid (failed, rejected, cancelled) take, plus each unpaid one
  // an operator charged the merchant for when its transfer turned up after all.
  const refunds = await sqlRows<{ id: string; reserved: string; refunding: string; received: string | null }>(
    db,
    sql`
    select id, reserved::text, received::text, refunding::text from (
      select s.id, s.refunded_minor as reserved, s.received_amount_minor as received,
        coalesce(sum(case when w.status not in ('failed', 'rejected', 'cancelled') then w.amount_minor
          else w.amount_minor * (select count(*) from payout_exceptions p
            where p.withdrawal_id = w.id and p.resolution = 'charged_to_merchant') end), 0) as refunding
      from payment_sessions s
      left join withdrawals w on w.payment_session_id = s.id and w.kind = 'refund'
      where s.refunded_minor <> 0 or s.id in (select payment_session_id from withdrawals where kind = 'refund')
      group by s.id
    ) r
    where reserved <> refunding or reserved > coalesce(received, 0)`,
  );
  // Every queued transfer resolved outside a session moved money once, as its resolution says.
  const resolved = await sqlRows<{ id: string; resolution: string | null; credits: number; refunds: number }>(
    db,
    sql`
    select m.wallet_transaction_id as id, m.resolution,
      count(j.id) filter (where j.kind = 'manual_credit')::int as credits,
      count(j.id) filter (where j.kind = 'refunded_outside')::int as refunds
    from deposit_matches m
    left join ledger_journals j on j.reference_type = 'wallet_transaction' and j.reference_id = m.wallet_transaction_id
    group by m.wallet_transaction_id, m.resolution
    having count(j.id) filter (where j.kind = 'manual_credit') <> (case when m.resolution = 'credited' then 1 else 0 end)
      or count(j.id) filter (where j.kind = 'refunded_outside') <> (case when m.resolution = 'refunded_outside' then 1 else 0 end)`,
  );
  // A transfer resolved `returned` has exactly one return that did not end unpaid (or one that did and
  // was paid after all, charged to suspense); a transfer waiting in the queue has none. What the
  // sender returns account keeps is what the open returns hold.
  const returned = await sqlRows<{ id: string; resolution: string | null; returning: number }>(
    db,
    sql`
    select m.wallet_transaction_id as id, m.resolution,
      count(w.id) filter (where w.status not in ('failed', 'rejected', 'cancelled')
        or exists (select 1 from payout_exceptions p
          where p.withdrawal_id = w.id and p.resolution = 'charged_to_merchant'))::int as returning
    from deposit_matches m
    left join withdrawals w on w.returned_transfer_id = m.wallet_transaction_id
    where m.resolution = 'returned' or w.id is not null
    group by m.wallet_transaction_id, m.resolution
    having count(w.id) filter (where w.status not in ('failed', 'rejected', 'cancelled')
        or exists (select 1 from payout_exceptions p
          where p.withdrawal_id = w.id and p.resolution = 'charged_to_merchant'))
      <> (case when m.resolution = 'returned' then 1 else 0 end)`,
  );
  const returning = await sqlRows<{ code: string; kept: string; held: string }>(
    db,
    sql`
    select a.code, (a.balance_minor * a.normal)::text as kept, coalesce(sum(w.amount_minor), 0)::text as held
    from ledger_accounts a
    left join withdrawals w on w.kind = 'return' and w.currency = a.currency
      and w.status in (${sql.join(
        OPEN_WITHDRAWAL_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
    where a.kind = 'sender_returns'
    group by a.id
    having a.balance_minor * a.normal <> coalesce(sum(w.amount_minor), 0)`,
  );
  return [
    ...returned.map(
      (r) => `incoming transfer ${r.id} (${r.resolution ?? 'unresolved'}) has ${r.returning} returns under way or paid`,
    ),
    ...returning.map((r) => `account ${r.code} holds ${r.kept} but open returns hold ${r.held}`),
    ...refunds.map(
      (r) =>
        `payment session ${r.id} reserves ${r.reserved} for refunds of ${r.refunding}, having received ${r.received ?? 'nothing'}`,
    ),
    ...resolved.map(
      (r) =>
        `incoming transfer ${r.id} (${r.resolution ?? 'unresolved'}) has ${r.credits} manual credits, ${r.refunds} refunds`,
    ),
    ...credits.map(
      (r) =>
        `payment session ${r.id} (${r.status}) has ${r.journals} deposit journals crediting ${r.credited}, owed ${r.owed}`,
    ),
    ...holds.map(
      (r) => `withdrawal ${r.id} (${r.status}) has ${r.holds} holds, ${r.settles} settlements, ${r.releases} releases`,
    ),
    ...pending.map((r) => `account ${r.code} holds ${r.kept} but open withdrawals hold ${r.held}`),
    ...unbalanced.map((r) => `journal ${r.id} sums to ${r.total}`),
    ...drifted.map((r) => `account ${r.code} keeps ${r.kept} but its entries sum to ${r.summed}`),
    ...negative.map((r) => `account ${r.code} is below zero: ${r.balance}`),
    ...mixed.map((r) => `journal ${r.id} mixes currencies`),
    ...books.map((r) => `the ${r.book} book's ${r.currency} entries sum to ${r.total}`),
    ...crossed.map((r) => `journal ${r.id} reaches outside its book`),
  ];
}
