import type { DepositOutcome } from '@gerbang/contract';
import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { depositMatches, merchants, paymentSessions, walletAccounts, walletTransactions } from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';

export type DepositTransfersFilter = {
  outcome?: DepositOutcome;
  awaitingReview?: boolean;
  /** A Merchant user's view: only transfers that paid this merchant's sessions. */
  merchantId?: string;
};

const columns = {
  id: walletTransactions.id,
  walletAccountId: walletTransactions.accountId,
  provider: walletAccounts.provider,
  accountNumber: walletAccounts.accountNumber,
  currency: walletTransactions.currency,
  amountMinor: walletTransactions.amountMinor,
  counterpartyName: walletTransactions.counterpartyName,
  providerTransactionId: walletTransactions.providerTransactionId,
  occurredAt: walletTransactions.occurredAt,
  outcome: depositMatches.outcome,
  paymentSessionId: depositMatches.paymentSessionId,
  referenceNumber: paymentSessions.referenceNumber,
  merchantName: merchants.name,
  resolution: depositMatches.resolution,
  resolutionNote: depositMatches.resolutionNote,
  resolvedAt: depositMatches.resolvedAt,
  cursorAt: sql<string>`to_char(${depositMatches.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};
export type DepositTransferRecord = Awaited<
  ReturnType<ReturnType<typeof createDepositTransfersRepository>['page']>
>[number];

/** Incoming transfers and what became of them, newest considered first. */
export function createDepositTransfersRepository(db: Database) {
  function pageQuery(filter: DepositTransfersFilter, limit: number, after?: KeysetCursor) {
    const where: (SQL | undefined)[] = [
      filter.outcome ? eq(depositMatches.outcome, filter.outcome) : undefined,
      filter.awaitingReview ? and(isNull(depositMatches.resolvedAt), ne(depositMatches.outcome, 'matched')) : undefined,
      filter.merchantId ? eq(depositMatches.paidMerchantId, filter.merchantId) : undefined,
      after
        ? sql`(${depositMatches.createdAt}, ${depositMatches.walletTransactionId}) < (${after.at}::timestamptz, ${after.id}::uuid)`
        : undefined,
    ];
    return db
      .select(columns)
      .from(depositMatches)
      .innerJoin(walletTransactions, eq(walletTransactions.id, depositMatches.walletTransactionId))
      .innerJoin(walletAccounts, eq(walletAccounts.id, walletTransactions.accountId))
      .leftJoin(paymentSessions, eq(paymentSessions.id, depositMatches.paymentSessionId))
      .leftJoin(merchants, eq(merchants.id, paymentSessions.merchantId))
      .where(and(...where))
      .orderBy(sql`${depositMatches.createdAt} desc`, sql`${depositMatches.walletTransactionId} desc`)
      .limit(limit + 1);
  }

  return {
    async page(filter: DepositTransfersFilter, limit: number, after?: KeysetCursor) {
      // A transfer that paid a merchant's session is settled, never awaiting review: nothing to read.
      if (filter.merchantId && filter.awaitingReview) return [];
      return pageQuery(filter, limit, after);
    },

    /** The list's SQL, for the test that checks PostgreSQL reads it along an index. */
    pageSql: (filter: DepositTransfersFilter, limit: number, after?: KeysetCursor) =>
      pageQuery(filter, limit, after).toSQL(),

    /** A queued transfer (paid late or unmatched, unresolved), locked for its resolution; null otherwise. */
    async lockQueued(tx: Database, transferId: string) {
      const rows = await tx
        .select({ match: depositMatches, transfer: walletTransactions })
        .from(depositMatches)
        .innerJoin(walletTransactions, eq(walletTransactions.id, depositMatches.walletTransactionId))
        .where(
          and(
            eq(depositMatches.walletTransactionId, transferId),
            isNull(depositMatches.resolvedAt),
            ne(depositMatches.outcome, 'matched'),
          ),
        )
        .for('update', { of: depositMatches });
      return rows[0] ?? null;
    },

    async resolve(
      tx: Database,
      transferId: string,
      resolution:
        | { kind: 'matched'; userId: string; note: string; paymentSessionId: string; paidMerchantId: string }
        | { kind: 'refunded_outside'; userId: string; note: string },
    ) {
      await tx
        .update(depositMatches)
        .set({
          resolution: resolution.kind,
          resolvedByUserId: resolution.userId,
          resolutionNote: resolution.note,
          resolvedAt: sql`now()`,
          ...(resolution.kind === 'matched'
            ? { paymentSessionId: resolution.paymentSessionId, paidMerchantId: resolution.paidMerchantId }
            : {}),
        })
        .where(eq(depositMatches.walletTransactionId, transferId));
    },
  };
}
export type DepositTransfersRepository = ReturnType<typeof createDepositTransfersRepository>;
