import {
  type Currency,
  REFUND_EVENT_TYPES,
  WITHDRAWAL_EVENT_TYPES,
  WITHDRAWAL_LIFECYCLE,
  type WithdrawalStatus,
} from '@gerbang/contract';
import { and, asc, eq, inArray, isNull, lt, notExists, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { guardedTransition } from '../../db/guarded-transition';
import { cursorText } from '../../db/iso-text';
import {
  merchants,
  payoutExceptions,
  walletAccounts,
  walletTransactions,
  withdrawalEvents,
  withdrawals,
} from '../../db/schema';
import { giveBackRefund } from '../refunds/refund-reservations';
import { reopenReturnedTransfer } from '../refunds/returned-transfers';
import { enqueueWebhook } from '../webhooks/webhook-outbox';
import { transferNotAwaitedByAnother, transferPaysWithdrawal, transferUnclaimed } from './transfer-evidence';
import type { NewWithdrawal, WithdrawalChange, WithdrawalEventRecord, WithdrawalRecord } from './withdrawal-record';
import { createWithdrawalsPageRead } from './withdrawals-page.repository';

const cursorAt = cursorText(withdrawals.createdAt);

/** An outgoing transfer of a sending account's history, as evidence of what paid a withdrawal. */
export type PayingTransfer = {
  id: string;
  providerTransactionId: string;
  amountMinor: bigint;
  currency: Currency;
  counterpartyAccount: string;
  occurredAt: Date;
};

/** Deadlines of customer withdrawals, compared in the database's clock. */
export const confirmDeadlinePassed = sql`${withdrawals.confirmDeadlineAt} <= now()`;
export const beforeConfirmDeadline = sql`${withdrawals.confirmDeadlineAt} > now()`;
export const linkLapsed = sql`${withdrawals.expiresAt} <= now()`;

export type WithdrawalWebhookBody = (row: WithdrawalRecord) => object;

export function createWithdrawalsRepository(db: Database, options: { webhookData: WithdrawalWebhookBody }) {
  /** A withdrawal with its merchant's name and its sending account, as lists and details show it. */
  const listed = () =>
    db
      .select({
        withdrawal: withdrawals,
        cursorAt,
        merchantName: merchants.name,
        account: {
          id: walletAccounts.id,
          provider: walletAccounts.provider,
          accountNumber: walletAccounts.accountNumber,
          name: walletAccounts.holderName,
        },
      })
      .from(withdrawals)
      .leftJoin(merchants, eq(merchants.id, withdrawals.merchantId))
      .leftJoin(walletAccounts, eq(walletAccounts.id, withdrawals.walletAccountId));

  /**
   * An outgoing transfer's row, locked until the caller's transaction ends: whoever gives a
   * transfer to a withdrawal, or queues it as a payout exception, holds it first, so the two never
   * both happen (payout-exceptions.service.ts).
   */
  async function lockTransfer(tx: Database, walletTransactionId: string): Promise<void> {
    await tx
      .select({ id: walletTransactions.id })
      .from(walletTransactions)
      .where(eq(walletTransactions.id, walletTransactionId))
      .for('update');
  }

  /** A change's timeline entry and its webhook event, in the transaction of the change. */
  async function recordChange(
    tx: Database,
    row: WithdrawalRecord,
    entry: { fromStatus: string | null; reason: string; actorUserId: string | null; details?: Record<string, unknown> },
  ) {
    await tx.insert(withdrawalEvents).values({ withdrawalId: row.id, toStatus: row.status, ...entry });
    // A return to a sender belongs to no merchant: nobody is told of it by webhook.
    if (row.merchantId === null) return;
    await enqueueWebhook(tx, {
      merchantId: row.merchantId,
      type: (row.kind === 'refund' ? REFUND_EVENT_TYPES : WITHDRAWAL_EVENT_TYPES)[row.status],
      subjectId: row.id,
      data: options.webhookData(row),
    });
  }

  return {
    async findListed(id: string) {
      const [row] = await listed().where(eq(withdrawals.id, id)).limit(1);
      return row ?? null;
    },

    async insert(tx: Database, fields: PgInsertValue<typeof withdrawals>): Promise<WithdrawalRecord | null> {
      const [row] = await tx.insert(withdrawals).values(fields).onConflictDoNothing().returning();
      if (!row) return null;
      await recordChange(tx, row, { fromStatus: null, reason: 'created', actorUserId: row.createdByUserId });
      return row;
    },

    /**
     * The one way a withdrawal moves: the event's guarded update (guardedTransition: its from-states
     * from the contract, the state it left read under the row's lock), its timeline entry and its
     * webhook event (a refund ending unpaid gives its reservation back, a return its transfer to the queue), in the caller's transaction.
     * null: not in the event's from-states, or failed `where` (another actor, or a deadline, won).
     */
    async transition(
      tx: Database,
      id: string,
      change: WithdrawalChange,
    ): Promise<{ row: WithdrawalRecord; from: WithdrawalStatus } | null> {
      const moved = await guardedTransition(tx, withdrawals, WITHDRAWAL_LIFECYCLE, id, change.event, {
        set: change.set,
        where: change.where,
      });
      if (!moved) return null;
      await recordChange(tx, moved.row, {
        fromStatus: moved.from,
        reason: change.reason ?? change.event,
        actorUserId: change.actorUserId ?? null,
        details: change.details,
      });
      await giveBackRefund(tx, moved.row);
      await reopenReturnedTransfer(tx, moved.row);
      return moved;
    },

    async findById(id: string, merchantId?: string): Promise<WithdrawalRecord | null> {
      const [row] = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.id, id), merchantId ? eq(withdrawals.merchantId, merchantId) : undefined))
        .limit(1);
      return row ?? null;
    },

    async findByReference(merchantId: string, referenceNumber: string): Promise<WithdrawalRecord | null> {
      const [row] = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.merchantId, merchantId), eq(withdrawals.referenceNumber, referenceNumber)))
        .limit(1);
      return row ?? null;
    },

    async findByCommand(commandId: string, deviceId: string): Promise<WithdrawalRecord | null> {
      const [row] = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.commandId, commandId), eq(withdrawals.deviceId, deviceId)))
        .limit(1);
      return row ?? null;
    },

    ...createWithdrawalsPageRead(db),

    /** Where the withdraw page of this withdrawal may be framed: its merchant's embed origins. */
    async embedOriginsOf(id: string): Promise<string[] | null> {
      const [row] = await db
        .select({ origins: merchants.embedOrigins })
        .from(withdrawals)
        .innerJoin(merchants, eq(merchants.id, withdrawals.merchantId))
        .where(eq(withdrawals.id, id))
        .limit(1);
      return row?.origins ?? null;
    },

    async events(id: string): Promise<WithdrawalEventRecord[]> {
      return db
        .select()
        .from(withdrawalEvents)
        .where(eq(withdrawalEvents.withdrawalId, id))
        .orderBy(asc(withdrawalEvents.id));
    },

    /** Changes fields of a withdrawal in one of these states without moving it (e.g. lastError). */
    async setWhile(id: string, statuses: readonly WithdrawalStatus[], set: Partial<NewWithdrawal>) {
      const [row] = await db
        .update(withdrawals)
        .set({ ...set, updatedAt: sql`now()` })
        .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, [...statuses])))
        .returning();
      return row ?? null;
    },

    /**
     * Customer withdrawals whose link lapsed (not confirmed), whose confirmation deadline passed
     * (not confirmed), and confirmed ones no account took before their deadline. Each move checks
     * its deadline again in SQL: a read here only names candidates.
     */
    async customerOverdue(limit: number) {
      const overdue = (status: SQL, deadline: SQL) =>
        db.select({ id: withdrawals.id }).from(withdrawals).where(and(status, deadline)).limit(limit);
      const [lapsed, unconfirmed, unsent] = await Promise.all([
        overdue(
          inArray(withdrawals.status, ['awaiting_destination', 'verifying', 'name_review', 'awaiting_confirmation']),
          linkLapsed,
        ),
        overdue(eq(withdrawals.status, 'awaiting_confirmation'), confirmDeadlinePassed),
        overdue(eq(withdrawals.status, 'confirmed'), confirmDeadlinePassed),
      ]);
      return { lapsed, unconfirmed, unsent };
    },

    /** Confirmed customer withdrawals still waiting for a free account, oldest confirmation first. */
    async confirmedUnsent(limit: number): Promise<WithdrawalRecord[]> {
      return db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.status, 'confirmed'))
        .orderBy(asc(withdrawals.confirmedAt))
        .limit(limit);
    },

    /** Transfers whose outcome is overdue (the deadline sweep). */
    async overdueTransfers(limit: number): Promise<WithdrawalRecord[]> {
      return db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.status, 'processing'), lt(withdrawals.transferDeadlineAt, sql`now()`)))
        .orderBy(asc(withdrawals.transferDeadlineAt))
        .limit(limit);
    },

    async processingOfDevice(deviceId: string): Promise<WithdrawalRecord[]> {
      return db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.status, 'processing'), eq(withdrawals.deviceId, deviceId)));
    },

    async uncertainOfAccount(walletAccountId: string): Promise<WithdrawalRecord[]> {
      return db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.status, 'uncertain'), eq(withdrawals.walletAccountId, walletAccountId)));
    },

    /** Accounts sending a transfer now: busy until it ends. */
    async sendingAccountIds(): Promise<Set<string>> {
      const rows = await db
        .select({ id: withdrawals.walletAccountId })
        .from(withdrawals)
        .where(eq(withdrawals.status, 'processing'));
      return new Set(rows.map((row) => row.id).filter((id): id is string => id !== null));
    },

    /** Sending accounts that owe an answer about an uncertain transfer. */
    async accountsWithUncertain(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: withdrawals.walletAccountId })
        .from(withdrawals)
        .where(eq(withdrawals.status, 'uncertain'));
      return rows.map((row) => row.id).filter((id): id is string => id !== null);
    },

    /**
     * The outgoing transfer in the sending account's history that pays this withdrawal
     * (transferPaysWithdrawal), and no other withdrawal claims.
     */
    async findPayingTransfer(row: WithdrawalRecord): Promise<PayingTransfer | null> {
      if (!row.walletAccountId || !row.transferStartedAt) return null;
      const [found] = await db
        .select({
          id: walletTransactions.id,
          providerTransactionId: walletTransactions.providerTransactionId,
          amountMinor: walletTransactions.amountMinor,
          currency: walletTransactions.currency,
          counterpartyAccount: walletTransactions.counterpartyAccount,
          occurredAt: walletTransactions.occurredAt,
        })
        .from(walletTransactions)
        .innerJoin(withdrawals, eq(withdrawals.id, row.id))
        .where(
          and(
            eq(walletTransactions.accountId, row.walletAccountId),
            transferPaysWithdrawal(),
            transferUnclaimed(),
            transferNotAwaitedByAnother(row.id),
          ),
        )
        .orderBy(asc(walletTransactions.occurredAt))
        .limit(1);
      return found ?? null;
    },

    lockTransfer,

    /**
     * Moves a settled withdrawal's link from one transfer of its history to another (a re-inference),
     * holding the new one, so it is not queued as a payout exception meanwhile; false when the new
     * one was queued or claimed first.
     */
    async relinkTransaction(id: string, fromTransactionId: string, toTransactionId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockTransfer(tx, toTransactionId);
        const rows = await tx
          .update(withdrawals)
          .set({ walletTransactionId: toTransactionId })
          .where(
            and(
              eq(withdrawals.id, id),
              eq(withdrawals.walletTransactionId, fromTransactionId),
              notExists(
                tx
                  .select({ id: payoutExceptions.walletTransactionId })
                  .from(payoutExceptions)
                  .where(eq(payoutExceptions.walletTransactionId, toTransactionId)),
              ),
            ),
          )
          .returning({ id: withdrawals.id });
        return rows.length > 0;
      });
    },

    /** A settled withdrawal gives up the transfer it was inferred to be paid by (its own is still to come). */
    async unlinkInferred(id: string, walletTransactionId: string): Promise<void> {
      await db
        .update(withdrawals)
        .set({ walletTransactionId: null, transferReference: null })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.walletTransactionId, walletTransactionId)));
    },

    /** Links a settled withdrawal to its outgoing transfer in the account's history (once). */
    /** Links a settled withdrawal to its transfer under the transfer's lock, with `alsoInTx` in its transaction. */
    async linkTransaction(
      id: string,
      walletTransactionId: string,
      alsoInTx?: (tx: Database) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await lockTransfer(tx, walletTransactionId);
        const linked = await tx
          .update(withdrawals)
          .set({ walletTransactionId })
          .where(and(eq(withdrawals.id, id), isNull(withdrawals.walletTransactionId)))
          .returning({ id: withdrawals.id });
        if (linked.length > 0) await alsoInTx?.(tx);
      });
    },

    /** A transfer of the account's history by the provider's id, and the withdrawal it paid if any. */
    async transactionByProviderId(
      walletAccountId: string,
      providerTransactionId: string,
    ): Promise<{ id: string; amountMinor: bigint; direction: string; paidWithdrawalId: string | null } | null> {
      const [found] = await db
        .select({
          id: walletTransactions.id,
          amountMinor: walletTransactions.amountMinor,
          direction: walletTransactions.direction,
          paidWithdrawalId: withdrawals.id,
        })
        .from(walletTransactions)
        .leftJoin(withdrawals, eq(withdrawals.walletTransactionId, walletTransactions.id))
        .where(
          and(
            eq(walletTransactions.accountId, walletAccountId),
            eq(walletTransactions.providerTransactionId, providerTransactionId),
          ),
        )
        .limit(1);
      return found ?? null;
    },

    /** Open withdrawals to a payout method (it cannot be removed while there are any). */
    async openCountOfPayoutMethod(payoutMethodId: string, open: readonly WithdrawalStatus[]): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(withdrawals)
        .where(and(eq(withdrawals.payoutMethodId, payoutMethodId), inArray(withdrawals.status, [...open])));
      return row?.n ?? 0;
    },

    /** Held amounts and counts of a merchant's open withdrawals (the dashboard). */
    async openTotals(merchantId: string, open: readonly WithdrawalStatus[]) {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          heldMinor: sql<string>`coalesce(sum(${withdrawals.amountMinor} + ${withdrawals.feeMinor}), 0)::text`,
        })
        .from(withdrawals)
        .where(and(eq(withdrawals.merchantId, merchantId), inArray(withdrawals.status, [...open])));
      return { count: row?.count ?? 0, heldMinor: BigInt(row?.heldMinor ?? '0') };
    },
  };
}
export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>;
