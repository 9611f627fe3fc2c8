import {
  CURRENCY_OF_PROVIDER,
  formatAmount,
  PROVIDER_TIME_ZONES,
  type ReconciliationTransfer,
  WALLET_PROVIDERS,
  type WalletProvider,
  type WalletReconciliation,
} from '@gerbang/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sqlRows } from '../../db/sql-rows';
import { notFound } from '../../http/app-error';

type Row = {
  id: string;
  label: string;
  provider: WalletProvider;
  account_number: string;
  opening_at: string | Date | null;
  /** The same with every microsecond (the bounds of the transfers' query). */
  opening_exact: string | null;
  closing_exact: string | null;
  opening_balance: string | null;
  opening_ledger: string | null;
  closing_at: string | Date | null;
  closing_balance: string | null;
  closing_ledger: string | null;
  transfers: number;
};

/** Each provider's day starts at midnight in its own time zone. */
const timeZoneOf = sql.raw(
  `case a.provider ${WALLET_PROVIDERS.map((p) => `when '${p}' then '${PROVIDER_TIME_ZONES[p]}'`).join(' ')} end`,
);

/**
 * The ledger's cash of account `a` as its phone saw it at a reading: what the ledger held when the
 * reading was stored, plus what had already arrived on the phone (the provider's time) but was
 * booked after (the history reports a transfer after the balance may already hold it). Without it
 * a transfer that arrived just before a day's last reading shows as a difference that day and the
 * opposite one the next.
 */
const ledgerAsRead = (reading: string) =>
  sql.raw(`${reading}.ledger_cash_minor + coalesce((
      select sum(t.amount_minor) from wallet_transactions t
      join deposit_matches m on m.wallet_transaction_id = t.id
      where t.account_id = a.id and t.direction = 'in'
        and t.occurred_at <= ${reading}.read_at and m.created_at > ${reading}.read_at), 0)`);

/**
 * The day's two readings of every account (or one): the opening (the last before the day, else its
 * first) and the closing (its last), with the transfers recorded between them.
 */
function readingsOfDay(date: string, accountId?: string): SQL {
  return sql`
    with accounts as (
      select a.id, a.label, a.provider, a.account_number,
        (${date}::date)::timestamp at time zone ${timeZoneOf} as day_start,
        (${date}::date + 1)::timestamp at time zone ${timeZoneOf} as day_end
      from wallet_accounts a
      ${accountId ? sql`where a.id = ${accountId}` : sql``}
    )
    select a.id, a.label, a.provider, a.account_number,
      o.read_at as opening_at, o.read_at::text as opening_exact, c.read_at::text as closing_exact,
      o.balance_minor::text as opening_balance, (${ledgerAsRead('o')})::text as opening_ledger,
      c.read_at as closing_at, c.balance_minor::text as closing_balance, (${ledgerAsRead('c')})::text as closing_ledger,
      (select count(*)::int from wallet_transactions t where t.account_id = a.id
        and (t.occurred_at > o.read_at or t.reported_at > o.read_at)
        and least(t.occurred_at, t.reported_at) <= c.read_at) as transfers
    from accounts a
    -- The last reading before the day and the day's first and last: each one step down the
    -- (account, read_at) index.
    left join lateral (
      select r.read_at, r.balance_minor, r.ledger_cash_minor from wallet_balance_readings r
      where r.wallet_account_id = a.id and r.read_at < a.day_start
      order by r.read_at desc limit 1) before on true
    left join lateral (
      select r.read_at, r.balance_minor, r.ledger_cash_minor from wallet_balance_readings r
      where r.wallet_account_id = a.id and r.read_at >= a.day_start and r.read_at < a.day_end
      order by r.read_at asc limit 1) first on true
    left join lateral (
      select r.read_at, r.balance_minor, r.ledger_cash_minor from wallet_balance_readings r
      where r.wallet_account_id = a.id and r.read_at >= a.day_start and r.read_at < a.day_end
      order by r.read_at desc limit 1) c on true
    left join lateral (
      select coalesce(before.read_at, first.read_at) as read_at,
        case when before.read_at is not null then before.balance_minor else first.balance_minor end as balance_minor,
        case when before.read_at is not null then before.ledger_cash_minor else first.ledger_cash_minor end
          as ledger_cash_minor) o on true
    order by a.provider, a.label`;
}

const iso = (value: string | Date) => new Date(value).toISOString();

function toReconciliation(row: Row): WalletReconciliation {
  const currency = CURRENCY_OF_PROVIDER[row.provider];
  const money = (minor: bigint) => formatAmount(minor, currency);
  const base = {
    walletAccountId: row.id,
    label: row.label,
    provider: row.provider,
    accountNumber: row.account_number,
    currency,
    transfers: row.transfers ?? 0,
  };
  if (!row.opening_at || !row.closing_at) {
    return {
      ...base,
      opening: null,
      closing: null,
      phoneMoved: null,
      ledgerMoved: null,
      difference: null,
      status: 'unread',
      transfers: 0,
    };
  }
  const phoneMoved = BigInt(row.closing_balance as string) - BigInt(row.opening_balance as string);
  const ledgerMoved = BigInt(row.closing_ledger as string) - BigInt(row.opening_ledger as string);
  const difference = phoneMoved - ledgerMoved;
  return {
    ...base,
    opening: {
      readAt: iso(row.opening_at),
      phoneBalance: money(BigInt(row.opening_balance as string)),
      ledgerCash: money(BigInt(row.opening_ledger as string)),
    },
    closing: {
      readAt: iso(row.closing_at),
      phoneBalance: money(BigInt(row.closing_balance as string)),
      ledgerCash: money(BigInt(row.closing_ledger as string)),
    },
    phoneMoved: money(phoneMoved),
    ledgerMoved: money(ledgerMoved),
    difference: money(difference),
    status: difference === 0n ? 'balanced' : 'difference',
  };
}

/** Operators reconcile each wallet account per day: the phone's balance against the ledger's cash. */
export function createWalletReconciliation(db: Database) {
  return {
    async day(date: string): Promise<WalletReconciliation[]> {
      return (await sqlRows<Row>(db, readingsOfDay(date))).map(toReconciliation);
    },

    /** The transfers behind one account's day: those between its opening and closing readings. */
    async transfers(accountId: string, date: string): Promise<ReconciliationTransfer[]> {
      const [row] = await sqlRows<Row>(db, readingsOfDay(date, accountId));
      if (!row) throw notFound('Wallet account');
      if (!row.opening_at || !row.closing_at) return [];
      const currency = CURRENCY_OF_PROVIDER[row.provider];
      const found = await sqlRows<{
        id: string;
        direction: 'in' | 'out';
        amount_minor: string;
        counterparty_name: string;
        provider_transaction_id: string;
        occurred_at: string | Date;
      }>(
        db,
        sql`select id, direction, amount_minor::text, counterparty_name, provider_transaction_id, occurred_at
            from wallet_transactions where account_id = ${accountId}
              and (occurred_at > ${row.opening_exact}::timestamptz or reported_at > ${row.opening_exact}::timestamptz)
              and least(occurred_at, reported_at) <= ${row.closing_exact}::timestamptz
            order by occurred_at, id limit 500`,
      );
      return found.map((t) => ({
        id: t.id,
        direction: t.direction,
        amount: formatAmount(BigInt(t.amount_minor), currency),
        currency,
        counterpartyName: t.counterparty_name,
        providerTransactionId: t.provider_transaction_id,
        occurredAt: iso(t.occurred_at),
      }));
    },
  };
}
