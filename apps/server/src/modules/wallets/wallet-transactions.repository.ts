import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { cursorText } from '../../db/iso-text';
import { walletTransactions } from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';

export type WalletTransactionRecord = typeof walletTransactions.$inferSelect;
export type NewWalletTransaction = Omit<typeof walletTransactions.$inferInsert, 'id' | 'reportedAt'>;

/** Rows per insert statement (12 parameters each, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 500;

export function createWalletTransactionsRepository(db: Database) {
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

    /** Newest first, keyset on (occurred_at, id). Reads limit + 1 rows. */
    async page(accountId: string, limit: number, after?: KeysetCursor) {
      const where: SQL[] = [eq(walletTransactions.accountId, accountId)];
      if (after) {
        where.push(
          sql`(${walletTransactions.occurredAt}, ${walletTransactions.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
        );
      }
      return (
        db
          .select({
            row: walletTransactions,
            cursorAt: cursorText(walletTransactions.occurredAt),
          })
          .from(walletTransactions)
          .where(and(...where))
          // NULLS LAST as the index has it: a plain DESC would sort the rows instead of walking it.
          .orderBy(sql`${walletTransactions.occurredAt} desc nulls last`, sql`${walletTransactions.id} desc nulls last`)
          .limit(limit + 1)
      );
    },
  };
}
export type WalletTransactionsRepository = ReturnType<typeof createWalletTransactionsRepository>;
