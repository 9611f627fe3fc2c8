import type { PayoutException, PayoutExceptionOutcome, PayoutExceptionResolution } from '@gerbang/contract';
import { and, asc, desc, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { amountText } from '../../db/amount-text';
import type { Database } from '../../db/database';
import { cursorText, isoText } from '../../db/iso-text';
import { named, preparedRead } from '../../db/prepared-read';
import { merchants, payoutExceptions, walletAccounts, walletTransactions, withdrawals } from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';
import { transferPaysWithdrawal, transferUnclaimed } from './transfer-evidence';

/** Outgoing transfers reported this recently are swept for any no withdrawal claims. */
const SWEEP_LOOKBACK = sql`interval '2 days'`;

export type OutgoingTransfer = typeof walletTransactions.$inferSelect;
export type PayoutExceptionRecord = PayoutException & { cursorAt: string };

const columns = {
  id: named<string>('id', walletTransactions.id),
  walletAccountId: named<string>('walletAccountId', walletTransactions.accountId),
  provider: named<string>('provider', walletAccounts.provider),
  accountNumber: named<string>('accountNumber', walletAccounts.accountNumber),
  currency: named<string>('currency', walletTransactions.currency),
  amount: named<string>('amount', amountText(walletTransactions.amountMinor, walletTransactions.currency)),
  counterpartyName: named<string>('counterpartyName', walletTransactions.counterpartyName),
  counterpartyAccount: named<string>('counterpartyAccount', walletTransactions.counterpartyAccount),
  providerTransactionId: named<string>('providerTransactionId', walletTransactions.providerTransactionId),
  occurredAt: named<string>('occurredAt', isoText(walletTransactions.occurredAt)),
  outcome: named<string>('outcome', payoutExceptions.outcome),
  withdrawalId: named<string>('withdrawalId', payoutExceptions.withdrawalId),
  withdrawalReference: named<string>('withdrawalReference', withdrawals.referenceNumber),
  merchantName: named<string>('merchantName', merchants.name),
  resolution: named<string>('resolution', payoutExceptions.resolution),
  resolutionNote: named<string>('resolutionNote', payoutExceptions.resolutionNote),
  resolvedAt: named<string>('resolvedAt', isoText(payoutExceptions.resolvedAt)),
  createdAt: named<string>('createdAt', isoText(payoutExceptions.createdAt)),
  cursorAt: named<string>('cursorAt', cursorText(payoutExceptions.createdAt)),
};

type PageArgs = [awaitingReview: boolean, limit: number, after?: KeysetCursor];

/** Outgoing transfers no open withdrawal answers for: finding them, queueing them, resolving them. */
export function createPayoutExceptionsRepository(db: Database) {
  function pageQuery(shape: string) {
    const has = new Set(shape.split(','));
    const where: (SQL | undefined)[] = [
      has.has('awaiting') ? isNull(payoutExceptions.resolvedAt) : undefined,
      has.has('after')
        ? sql`(${payoutExceptions.createdAt}, ${payoutExceptions.walletTransactionId}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`
        : undefined,
    ];
    return db
      .select(columns)
      .from(payoutExceptions)
      .innerJoin(walletTransactions, eq(walletTransactions.id, payoutExceptions.walletTransactionId))
      .innerJoin(walletAccounts, eq(walletAccounts.id, walletTransactions.accountId))
      .leftJoin(withdrawals, eq(withdrawals.id, payoutExceptions.withdrawalId))
      .leftJoin(merchants, eq(merchants.id, withdrawals.merchantId))
      .where(and(...where))
      .orderBy(desc(payoutExceptions.createdAt), desc(payoutExceptions.walletTransactionId))
      .limit(sql.placeholder('limit'));
  }
  const readPage = preparedRead<PageArgs, PayoutExceptionRecord>(db, pageQuery, (awaiting, limit, after) => [
    [awaiting ? 'awaiting' : '', after ? 'after' : ''].join(','),
    { afterAt: after?.at, afterId: after?.id, limit: limit + 1 },
  ]);

  return {
    page: readPage,

    /**
     * Outgoing transfers not considered yet: made after their account joined Gerbang (its history
     * from before is the owner's business), reported in the last two days, claimed by no
     * withdrawal nor queued already (transferUnclaimed).
     */
    async pending(accountId?: string, limit = 200): Promise<string[]> {
      const rows = await db
        .select({ id: walletTransactions.id })
        .from(walletTransactions)
        .innerJoin(walletAccounts, eq(walletAccounts.id, walletTransactions.accountId))
        .where(
          and(
            eq(walletTransactions.direction, 'out'),
            accountId ? eq(walletTransactions.accountId, accountId) : undefined,
            gte(walletTransactions.reportedAt, sql`now() - ${SWEEP_LOOKBACK}`),
            gte(walletTransactions.occurredAt, walletAccounts.createdAt),
            transferUnclaimed(),
          ),
        )
        .orderBy(asc(walletTransactions.occurredAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * The transfer, locked (whoever settles a withdrawal with it holds the same lock), then read
     * again after the lock: null when a withdrawal claimed it or it was queued meanwhile.
     */
    async lockUnconsidered(tx: Database, transferId: string): Promise<OutgoingTransfer | null> {
      await tx
        .select({ id: walletTransactions.id })
        .from(walletTransactions)
        .where(eq(walletTransactions.id, transferId))
        .for('update');
      const [row] = await tx
        .select()
        .from(walletTransactions)
        .where(
          and(eq(walletTransactions.id, transferId), eq(walletTransactions.direction, 'out'), transferUnclaimed()),
        );
      return row ?? null;
    },

    /**
     * The withdrawals of the transfer's account that it pays (transferPaysWithdrawal) and that were
     * sent: one still open (processing, uncertain: it settles that one, so it is not an exception),
     * one settled whose own transfer is still to be identified (its inferred one was named by
     * another's phone: this is its own), else one whose hold was released (failed: paid after
     * release).
     */
    async withdrawalsItPays(tx: Database, transfer: OutgoingTransfer) {
      return tx
        .select({ id: withdrawals.id, status: withdrawals.status })
        .from(withdrawals)
        .innerJoin(walletTransactions, eq(walletTransactions.id, transfer.id))
        .where(
          and(
            or(
              inArray(withdrawals.status, ['processing', 'uncertain', 'failed']),
              and(eq(withdrawals.status, 'success'), isNull(withdrawals.transferReference)),
            ),
            sql`${withdrawals.transferStartedAt} is not null`,
            isNull(withdrawals.walletTransactionId),
            transferPaysWithdrawal(),
          ),
        )
        .orderBy(asc(withdrawals.transferStartedAt));
    },

    /** Gives a settled withdrawal waiting for its own transfer this one (in the consideration's transaction). */
    async claimFor(tx: Database, withdrawalId: string, transfer: OutgoingTransfer): Promise<void> {
      await tx
        .update(withdrawals)
        .set({ walletTransactionId: transfer.id, transferReference: transfer.providerTransactionId })
        .where(and(eq(withdrawals.id, withdrawalId), isNull(withdrawals.walletTransactionId)));
    },

    async queue(
      tx: Database,
      transfer: OutgoingTransfer,
      outcome: PayoutExceptionOutcome,
      withdrawalId: string | null,
    ): Promise<void> {
      await tx.insert(payoutExceptions).values({
        walletTransactionId: transfer.id,
        walletAccountId: transfer.accountId,
        outcome,
        withdrawalId,
      });
    },

    /** A queued exception, unresolved, locked for its resolution, with its transfer and withdrawal. */
    async lockOpen(tx: Database, transferId: string) {
      const [row] = await tx
        .select({ exception: payoutExceptions, transfer: walletTransactions })
        .from(payoutExceptions)
        .innerJoin(walletTransactions, eq(walletTransactions.id, payoutExceptions.walletTransactionId))
        .where(and(eq(payoutExceptions.walletTransactionId, transferId), isNull(payoutExceptions.resolvedAt)))
        .for('update', { of: payoutExceptions });
      if (!row) return null;
      const [withdrawal] = row.exception.withdrawalId
        ? await tx.select().from(withdrawals).where(eq(withdrawals.id, row.exception.withdrawalId))
        : [];
      return { ...row, withdrawal: withdrawal ?? null };
    },

    /** The exception queued for this transfer (resolved or not), locked; null when there is none. */
    async lockQueuedOf(tx: Database, transferId: string) {
      const [row] = await tx
        .select({ exception: payoutExceptions, transfer: walletTransactions })
        .from(payoutExceptions)
        .innerJoin(walletTransactions, eq(walletTransactions.id, payoutExceptions.walletTransactionId))
        .where(eq(payoutExceptions.walletTransactionId, transferId))
        .for('update', { of: payoutExceptions });
      return row ?? null;
    },

    async resolve(
      tx: Database,
      transferId: string,
      resolution: { kind: PayoutExceptionResolution; userId: string | null; note: string },
    ): Promise<void> {
      await tx
        .update(payoutExceptions)
        .set({
          resolution: resolution.kind,
          resolvedByUserId: resolution.userId,
          resolutionNote: resolution.note,
          resolvedAt: sql`now()`,
        })
        .where(eq(payoutExceptions.walletTransactionId, transferId));
    },
  };
}
export type PayoutExceptionsRepository = ReturnType<typeof createPayoutExceptionsRepository>;
