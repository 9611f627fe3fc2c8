import type {
  Currency,
  DepositOutcome,
  DepositProposal,
  DepositTransfer,
  WalletProvider,
  WithdrawalStatus,
} from '@gerbang/contract';
import { and, eq, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { cursorText, isoText } from '../../db/iso-text';
import { named, preparedRead } from '../../db/prepared-read';
import {
  depositMatches,
  merchants,
  paymentSessions,
  walletAccounts,
  walletTransactions,
  withdrawals,
} from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';

export type DepositTransfersFilter = {
  outcome?: DepositOutcome;
  awaitingReview?: boolean;
  /** A Merchant user's view: only transfers that paid this merchant's sessions. */
  merchantId?: string;
};

/** A list row, as PostgreSQL writes it: times as ISO text, the amount as text of minor units. */
export type DepositTransferRecord = {
  id: string;
  walletAccountId: string;
  provider: WalletProvider;
  accountNumber: string;
  currency: Currency;
  amountMinor: string;
  counterpartyName: string;
  counterpartyAccount: string;
  providerTransactionId: string;
  occurredAt: string;
  outcome: DepositOutcome;
  paymentSessionId: string | null;
  referenceNumber: string | null;
  merchantName: string | null;
  resolution: DepositTransfer['resolution'];
  resolutionNote: string | null;
  creditReference: string | null;
  resolvedAt: string | null;
  proposal: DepositProposal | null;
  proposedByUserId: string | null;
  proposedAt: string | null;
  returnWithdrawalId: string | null;
  returnStatus: WithdrawalStatus | null;
  cursorAt: string;
};

const columns = {
  id: named<string>('id', walletTransactions.id),
  walletAccountId: named<string>('walletAccountId', walletTransactions.accountId),
  provider: named<string>('provider', walletAccounts.provider),
  accountNumber: named<string>('accountNumber', walletAccounts.accountNumber),
  currency: named<string>('currency', walletTransactions.currency),
  amountMinor: named<string>('amountMinor', sql`${walletTransactions.amountMinor}::text`),
  counterpartyName: named<string>('counterpartyName', walletTransactions.counterpartyName),
  counterpartyAccount: named<string>('counterpartyAccount', walletTransactions.counterpartyAccount),
  providerTransactionId: named<string>('providerTransactionId', walletTransactions.providerTransactionId),
  occurredAt: named<string>('occurredAt', isoText(walletTransactions.occurredAt)),
  outcome: named<string>('outcome', depositMatches.outcome),
  paymentSessionId: named<string>('paymentSessionId', depositMatches.paymentSessionId),
  referenceNumber: named<string>('referenceNumber', paymentSessions.referenceNumber),
  merchantName: named<string>('merchantName', merchants.name),
  resolution: named<string>('resolution', depositMatches.resolution),
  resolutionNote: named<string>('resolutionNote', depositMatches.resolutionNote),
  creditReference: named<string>('creditReference', depositMatches.creditReference),
  resolvedAt: named<string>('resolvedAt', isoText(depositMatches.resolvedAt)),
  proposal: named<DepositProposal>('proposal', depositMatches.proposal),
  proposedByUserId: named<string>('proposedByUserId', depositMatches.proposedByUserId),
  proposedAt: named<string>('proposedAt', isoText(depositMatches.proposedAt)),
  returnWithdrawalId: named<string>('returnWithdrawalId', withdrawals.id),
  returnStatus: named<string>('returnStatus', withdrawals.status),
  cursorAt: named<string>('cursorAt', cursorText(depositMatches.createdAt)),
};

/** Which filters a list request has: one prepared statement per combination. */
type PageArgs = [filter: DepositTransfersFilter, limit: number, after?: KeysetCursor];

const shapeOf = (filter: DepositTransfersFilter, after?: KeysetCursor) =>
  [
    filter.outcome ? 'outcome' : '',
    filter.awaitingReview ? 'awaiting' : '',
    filter.merchantId ? 'merchant' : '',
    after ? 'after' : '',
  ].join(',');

const valuesOf = (filter: DepositTransfersFilter, limit: number, after?: KeysetCursor) => ({
  outcome: filter.outcome,
  merchantId: filter.merchantId,
  afterAt: after?.at,
  afterId: after?.id,
  limit: limit + 1,
});

/** Incoming transfers and what became of them, newest considered first. */
export function createDepositTransfersRepository(db: Database) {
  function pageQuery(shape: string) {
    const has = new Set(shape.split(','));
    const where: (SQL | undefined)[] = [
      has.has('outcome') ? eq(depositMatches.outcome, sql.placeholder('outcome')) : undefined,
      has.has('awaiting') ? and(isNull(depositMatches.resolvedAt), ne(depositMatches.outcome, 'matched')) : undefined,
      has.has('merchant') ? eq(depositMatches.paidMerchantId, sql.placeholder('merchantId')) : undefined,
      has.has('after')
        ? sql`(${depositMatches.createdAt}, ${depositMatches.walletTransactionId}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`
        : undefined,
    ];
    return (
      db
        .select(columns)
        .from(depositMatches)
        .innerJoin(walletTransactions, eq(walletTransactions.id, depositMatches.walletTransactionId))
        .innerJoin(walletAccounts, eq(walletAccounts.id, walletTransactions.accountId))
        .leftJoin(paymentSessions, eq(paymentSessions.id, depositMatches.paymentSessionId))
        .leftJoin(merchants, eq(merchants.id, paymentSessions.merchantId))
        // Its return that did not end unpaid: at most one (withdrawals_return_open_key).
        .leftJoin(
          withdrawals,
          and(
            eq(withdrawals.returnedTransferId, walletTransactions.id),
            notInArray(withdrawals.status, ['failed', 'rejected', 'cancelled']),
          ),
        )
        .where(and(...where))
        .orderBy(sql`${depositMatches.createdAt} desc`, sql`${depositMatches.walletTransactionId} desc`)
        .limit(sql.placeholder('limit'))
    );
  }
  const readPage = preparedRead<PageArgs, DepositTransferRecord>(db, pageQuery, (filter, limit, after) => [
    shapeOf(filter, after),
    valuesOf(filter, limit, after),
  ]);

  return {
    async page(filter: DepositTransfersFilter, limit: number, after?: KeysetCursor): Promise<DepositTransferRecord[]> {
      // A transfer that paid a merchant's session is settled, never awaiting review: nothing to read.
      if (filter.merchantId && filter.awaitingReview) return [];
      return readPage(filter, limit, after);
    },

    /** The list's SQL and values, for the test that checks PostgreSQL reads it along an index. */
    pageSql: readPage.sqlOf,

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

    /** Records (or, null, clears) the proposal waiting for a second operator. */
    async setProposal(
      tx: Database,
      transferId: string,
      proposed: { proposal: DepositProposal; byUserId: string } | null,
    ) {
      await tx
        .update(depositMatches)
        .set(
          proposed
            ? { proposal: proposed.proposal, proposedByUserId: proposed.byUserId, proposedAt: sql`now()` }
            : { proposal: null, proposedByUserId: null, proposedAt: null },
        )
        .where(eq(depositMatches.walletTransactionId, transferId));
    },

    async resolve(
      tx: Database,
      transferId: string,
      resolution:
        | { kind: 'matched'; userId: string; note: string; paymentSessionId: string; paidMerchantId: string }
        | { kind: 'credited'; userId: string; note: string; paidMerchantId: string; creditReference: string }
        | { kind: 'refunded_outside' | 'returned'; userId: string; note: string },
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
          ...(resolution.kind === 'credited'
            ? { paidMerchantId: resolution.paidMerchantId, creditReference: resolution.creditReference }
            : {}),
        })
        .where(eq(depositMatches.walletTransactionId, transferId));
    },
  };
}
export type DepositTransfersRepository = ReturnType<typeof createDepositTransfersRepository>;
