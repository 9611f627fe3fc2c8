import type { AnalyticsGroup, Currency } from '@gerbang/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sqlRows } from '../../db/sql-rows';

/** Days and hours are Jakarta's, as the merchant dashboard counts them. */
const ZONE = 'Asia/Jakarta';

/** The key each part groups by (an SQL expression of its rows), and its window's time column. */
type Part = { time: SQL; keys: Record<Grouping, SQL> };
/** A group of the page, or `all`: the window's totals (a percentile is not a sum of the groups'). */
export type Grouping = AnalyticsGroup | 'all';

const dayOf = (time: SQL) => sql`to_char(${time} at time zone ${sql.raw(`'${ZONE}'`)}, 'YYYY-MM-DD')`;
const hourOf = (time: SQL) => sql`extract(hour from ${time} at time zone ${sql.raw(`'${ZONE}'`)})::int::text`;
const part = (time: SQL, keys: Omit<Part['keys'], 'day' | 'hour' | 'all'>): Part => ({
  time,
  keys: { day: dayOf(time), hour: hourOf(time), all: sql`''`, ...keys },
});

const SESSIONS = part(sql`s.created_at`, {
  merchant: sql`s.merchant_id::text`,
  method: sql`coalesce(s.method, '')`,
  account: sql`coalesce(s.wallet_account_id::text, '')`,
});
const PAYOUTS = part(sql`w.created_at`, {
  // A return to a sender has no merchant: its own group, "".
  merchant: sql`coalesce(w.merchant_id::text, '')`,
  method: sql`w.dest_provider`,
  account: sql`coalesce(w.wallet_account_id::text, '')`,
});
const TRANSFERS = part(sql`t.occurred_at`, {
  merchant: sql`coalesce(m.paid_merchant_id::text, '')`,
  method: sql`a.provider`,
  account: sql`t.account_id::text`,
});

export type SessionFigures = {
  key: string;
  opened: number;
  paid: number;
  volume_in: string;
  p50: number | null;
  p95: number | null;
};
export type PayoutFigures = { key: string; paid: number; failed: number; volume_out: string };
export type TransferFigures = { key: string; incoming: number; matched: number };

/**
 * The three reads behind the analytics page, each one pass over its table's window (the
 * `created_at` indexes): sessions (opened, paid, what arrived, time to credit from the success step
 * of the timeline), withdrawals (paid, failed, what went out) and incoming transfers (all, matched
 * by themselves), each grouped by the same key; plus what waits now.
 */
export function createAnalyticsRepository(db: Database) {
  return {
    sessions: (by: Grouping, currency: Currency, since: Date) =>
      sqlRows<SessionFigures>(
        db,
        sql`
        select ${SESSIONS.keys[by]} as key,
          count(*)::int as opened,
          count(*) filter (where s.status = 'success')::int as paid,
          coalesce(sum(s.received_amount_minor) filter (where s.status = 'success'), 0)::text as volume_in,
          percentile_cont(0.5) within group (order by extract(epoch from c.credited_at - s.created_at))
            filter (where c.credited_at is not null) as p50,
          percentile_cont(0.95) within group (order by extract(epoch from c.credited_at - s.created_at))
            filter (where c.credited_at is not null) as p95
        from payment_sessions s
        left join lateral (
          select min(e.created_at) as credited_at from payment_session_events e
          where e.session_id = s.id and e.to_status = 'success'
        ) c on s.status = 'success'
        where s.livemode and s.currency = ${currency} and ${SESSIONS.time} >= ${since.toISOString()}::timestamptz
        group by 1`,
      ),

    payouts: (by: Grouping, currency: Currency, since: Date) =>
      sqlRows<PayoutFigures>(
        db,
        sql`
        select ${PAYOUTS.keys[by]} as key,
          count(*) filter (where w.status = 'success')::int as paid,
          count(*) filter (where w.status = 'failed')::int as failed,
          coalesce(sum(w.amount_minor) filter (where w.status = 'success'), 0)::text as volume_out
        from withdrawals w
        where w.livemode and w.currency = ${currency} and ${PAYOUTS.time} >= ${since.toISOString()}::timestamptz
        group by 1`,
      ),

    transfers: (by: Grouping, currency: Currency, since: Date) =>
      sqlRows<TransferFigures>(
        db,
        sql`
        select ${TRANSFERS.keys[by]} as key,
          count(*)::int as incoming,
          count(*) filter (where m.outcome = 'matched')::int as matched
        from deposit_matches m
        join wallet_transactions t on t.id = m.wallet_transaction_id
        join wallet_accounts a on a.id = t.account_id
        where t.currency = ${currency} and ${TRANSFERS.time} >= ${since.toISOString()}::timestamptz
        group by 1`,
      ),

    /** Now: transfers of the currency waiting in the review queue, and customers' open claims. */
    async waiting(currency: Currency) {
      const [row] = await sqlRows<{ transfers: number; claims: number }>(
        db,
        sql`
        select
          (select count(*)::int from deposit_matches m join wallet_transactions t on t.id = m.wallet_transaction_id
            where m.resolved_at is null and m.outcome <> 'matched' and t.currency = ${currency}) as transfers,
          (select count(*)::int from payment_claims c join payment_sessions s on s.id = c.payment_session_id
            where c.status = 'open' and s.livemode and s.currency = ${currency}) as claims`,
      );
      return row ?? { transfers: 0, claims: 0 };
    },

    /** The names rows show: merchants' and accounts' (provider and number). */
    async labels(ids: string[]) {
      if (ids.length === 0) return new Map<string, string>();
      const list = sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const found = await sqlRows<{ id: string; label: string }>(
        db,
        sql`
        select id::text, name as label from merchants where id in (${list})
        union all
        select id::text, provider || ' ' || account_number from wallet_accounts where id in (${list})`,
      );
      return new Map(found.map((row) => [row.id, row.label]));
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
