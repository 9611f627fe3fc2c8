import type { WalletTransaction } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { amountText } from '../../db/amount-text';
import type { Database } from '../../db/database';
import { isoText } from '../../db/iso-text';
import { newestFirstRead } from '../../db/newest-first-read';
import { named } from '../../db/prepared-read';
import { walletTransactions } from '../../db/schema';

export type NewWalletTransaction = Omit<typeof walletTransactions.$inferInsert, 'id' | 'reportedAt'>;

/** Rows per insert statement (12 parameters each, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 500;

const pageColumns = {
  id: named<string>('id', walletTransactions.id),
  accountId: named<string>('accountId', walletTransactions.accountId),
  providerTransactionId: named<string>('providerTransactionId', walletTransactions.providerTransactionId),
  direction: named<string>('direction', walletTransactions.direction),
  amount: named<string>('amount', amountText(walletTransactions.amountMinor, walletTransactions.currency)),
  currency: named<string>('currency', walletTransactions.currency),
  counterpartyName: named<string>('counterpartyName', walletTransactions.counterpartyName),
  counterpartyAccount: named<string>('counterpartyAccount', walletTransactions.counterpartyAccount),
  note: named<string>('note', walletTransactions.note),
  occurredAt: named<string>('occurredAt', isoText(walletTransactions.occurredAt)),
  reportedAt: named<string>('reportedAt', isoText(walletTransactions.reportedAt)),
  source: named<string>('source', walletTransactions.source),
};

export function createWalletTransactionsRepository(db: Database) {
  const readPage = newestFirstRead<WalletTransaction>(db, {
    table: walletTransactions,
    columns: pageColumns,
    at: walletTransactions.occurredAt,
    id: walletTransactions.id,
    ownedBy: (accountId) => eq(walletTransactions.accountId, accountId),
  });

  return {
    /**
     * Inserts what is new and skips what is known (same account and provider transaction id), and
     * adds exactly the new rows to the daily totals, in one statement per chunk: a report sent
     * twice, or stored by two instances at once, makes one row and counts once. `timeZone` is the
     * account's provider's (its local day). Returns how many rows were new.
     */
    async insertNew(rows: NewWalletTransaction[], timeZone: string): Promise<number> {
      let inserted = 0;
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const values = sql.join(
          rows
            .slice(i, i + INSERT_CHUNK)
            .map(
              (r) =>
                sql`(${r.accountId}::uuid, ${r.providerTransactionId}, ${r.direction}, ${r.amountMinor.toString()}::bigint, ${r.currency}, ${r.counterpartyName ?? ''}, ${r.counterpartyAccount ?? ''}, ${r.note ?? ''}, ${r.occurredAt.toISOString()}::timestamptz, ${r.source})`,
            ),
          sql`, `,
        );
        const result = await db.execute(sql`
          with inserted as (
            insert into wallet_transactions (account_id, provider_transaction_id, direction, amount_minor, currency,
              counterparty_name, counterparty_account, note, occurred_at, source)
            values ${values}
            on conflict (account_id, provider_transaction_id) do nothing
            returning account_id, direction, amount_minor, occurred_at
          ), totals as (
            insert into wallet_daily_totals (account_id, day, direction, amount_minor, count)
            select account_id, (occurred_at at time zone ${timeZone})::date, direction, sum(amount_minor), count(*)::int
            from inserted group by 1, 2, 3
            on conflict (account_id, day, direction) do update
              set amount_minor = wallet_daily_totals.amount_minor + excluded.amount_minor,
                  count = wallet_daily_totals.count + excluded.count
          )
          select count(*)::int as "inserted" from inserted`);
        inserted += Number((result as unknown as { rows: { inserted: number }[] }).rows[0]?.inserted ?? 0);
      }
      return inserted;
    },

    /** A keyset page of an account's log, newest first (limit + 1 rows), rows already answer items. */
    page: readPage,

    /** The page's SQL and values, for the test that checks its plan. */
    pageSql: readPage.sqlOf,
  };
}
export type WalletTransactionsRepository = ReturnType<typeof createWalletTransactionsRepository>;
