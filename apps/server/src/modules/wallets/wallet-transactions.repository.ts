import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { walletTransactions } from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';

export type WalletTransactionRecord = typeof walletTransactions.$inferSelect;
export type NewWalletTransaction = Omit<typeof walletTransactions.$inferInsert, 'id' | 'reportedAt'>;

/** Rows per insert statement (12 parameters each, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 500;

export function createWalletTransactionsRepository(db: Database) {
  return {
    /**
     * Inserts what is new and skips what is known (same account and provider transaction id), in
     * one statement per chunk: a report sent twice, or sent by two instances at once, makes one row.
     * Returns the rows that were new.
     */
    async insertNew(rows: NewWalletTransaction[]): Promise<WalletTransactionRecord[]> {
      const inserted: WalletTransactionRecord[] = [];
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        inserted.push(
          ...(await db
            .insert(walletTransactions)
            .values(rows.slice(i, i + INSERT_CHUNK))
            .onConflictDoNothing({ target: [walletTransactions.accountId, walletTransactions.providerTransactionId] })
            .returning()),
        );
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
      return db
        .select({
          row: walletTransactions,
          cursorAt: sql<string>`to_char(${walletTransactions.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        })
        .from(walletTransactions)
        .where(and(...where))
        .orderBy(desc(walletTransactions.occurredAt), desc(walletTransactions.id))
        .limit(limit + 1);
    },
  };
}
export type WalletTransactionsRepository = ReturnType<typeof createWalletTransactionsRepository>;
