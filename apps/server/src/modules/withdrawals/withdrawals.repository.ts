import { WITHDRAWAL_EVENT_TYPES, type WithdrawalStatus } from '@gerbang/contract';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { cursorText } from '../../db/iso-text';
import { merchants, walletAccounts, walletTransactions, withdrawalEvents, withdrawals } from '../../db/schema';
import { enqueueWebhook } from '../webhooks/webhook-outbox';
import { createWithdrawalsPageRead } from './withdrawals-page.repository';

const cursorAt = cursorText(withdrawals.createdAt);

export type WithdrawalRecord = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;
export type WithdrawalEventRecord = typeof withdrawalEvents.$inferSelect;

export type WithdrawalChange = {
  from: readonly WithdrawalStatus[];
  to: WithdrawalStatus;
  reason: string;
  actorUserId?: string | null;
  details?: Record<string, unknown>;
  set?: Partial<NewWithdrawal>;
};

export type ListWithdrawalsFilter = {
  merchantId?: string;
  status?: WithdrawalStatus;
  kind?: WithdrawalRecord['kind'];
};

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
      .innerJoin(merchants, eq(merchants.id, withdrawals.merchantId))
      .leftJoin(walletAccounts, eq(walletAccounts.id, withdrawals.walletAccountId));

  /** A change's timeline entry and its webhook event, in the transaction of the change. */
  async function recordChange(
    tx: Database,
    row: WithdrawalRecord,
    entry: { fromStatus: string | null; reason: string; actorUserId: string | null; details?: Record<string, unknown> },
  ) {
    await tx.insert(withdrawalEvents).values({ withdrawalId: row.id, toStatus: row.status, ...entry });
    await enqueueWebhook(tx, {
      merchantId: row.merchantId,
      type: WITHDRAWAL_EVENT_TYPES[row.status],
      subjectId: row.id,
      data: options.webhookData(row),
    });
  }

  return {
    async findListed(id: string) {
      const [row] = await listed().where(eq(withdrawals.id, id)).limit(1);
      return row ?? null;
    },

    async insert(tx: Database, fields: NewWithdrawal): Promise<WithdrawalRecord | null> {
      const [row] = await tx.insert(withdrawals).values(fields).onConflictDoNothing().returning();
      if (!row) return null;
      await recordChange(tx, row, { fromStatus: null, reason: 'created', actorUserId: fields.createdByUserId ?? null });
      return row;
    },

    /**
     * The one way a withdrawal moves: a guarded update (only from the expected states), its
     * timeline entry and its webhook event, in the caller's transaction. null: it was not in one of
     * those states (someone else moved it first).
     */
    async transition(tx: Database, id: string, change: WithdrawalChange): Promise<WithdrawalRecord | null> {
      const [row] = await tx
        .update(withdrawals)
        .set({ ...change.set, status: change.to, updatedAt: sql`now()` })
        .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, [...change.from])))
        .returning();
      if (!row) return null;
      await recordChange(tx, row, {
        fromStatus: change.from.length === 1 ? (change.from[0] ?? null) : null,
        reason: change.reason,
        actorUserId: change.actorUserId ?? null,
        details: change.details,
      });
      return row;
    },

    async findById(id: string, merchantId?: string): Promise<WithdrawalRecord | null> {
      const [row] = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.id, id), merchantId ? eq(withdrawals.merchantId, merchantId) : undefined))
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
     * Customer withdrawals whose link lapsed or whose confirmation deadline passed (not yet
     * confirmed), and confirmed ones no account took before their deadline.
     */
    async customerOverdue(limit: number) {
      const open = ['verifying', 'awaiting_confirmation'] as const;
      const lapsed = await db
        .select()
        .from(withdrawals)
        .where(and(inArray(withdrawals.status, [...open]), lt(withdrawals.expiresAt, sql`now()`)))
        .limit(limit);
      const passed = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.status, 'awaiting_confirmation'), lt(withdrawals.confirmDeadlineAt, sql`now()`)))
        .limit(limit);
      return {
        lapsed: lapsed.filter((row) => !row.confirmedAt),
        unconfirmed: passed.filter((row) => !row.confirmedAt),
        unsent: passed.filter((row) => row.confirmedAt),
      };
    },

    /** Confirmed customer withdrawals still waiting for a free account, oldest confirmation first. */
    async confirmedUnsent(limit: number): Promise<WithdrawalRecord[]> {
      return db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.status, 'awaiting_confirmation'), isNotNull(withdrawals.confirmedAt)))
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
     * The outgoing transfer in the sending account's history that pays this withdrawal: same
     * amount, to its destination (or carrying its reference), made after the transfer started
     * (with five minutes for the phone's clock), and paying no other withdrawal.
     */
    async findPayingTransfer(row: WithdrawalRecord): Promise<{ id: string; providerTransactionId: string } | null> {
      if (!row.walletAccountId || !row.transferStartedAt) return null;
      const since = new Date(row.transferStartedAt.getTime() - 5 * 60_000);
      const [found] = await db
        .select({ id: walletTransactions.id, providerTransactionId: walletTransactions.providerTransactionId })
        .from(walletTransactions)
        .leftJoin(withdrawals, eq(withdrawals.walletTransactionId, walletTransactions.id))
        .where(
          and(
            eq(walletTransactions.accountId, row.walletAccountId),
            eq(walletTransactions.direction, 'out'),
            eq(walletTransactions.amountMinor, row.amountMinor),
            gte(walletTransactions.occurredAt, since),
            or(
              eq(walletTransactions.counterpartyAccount, row.destAccountNumber),
              eq(walletTransactions.note, row.referenceNumber),
            ),
            isNull(withdrawals.id),
            // Nor a transfer another withdrawal reported under its provider id (linked a moment later).
            sql`not exists (select 1 from withdrawals w2 where w2.wallet_account_id = ${walletTransactions.accountId}
              and w2.transfer_reference = ${walletTransactions.providerTransactionId})`,
          ),
        )
        .orderBy(asc(walletTransactions.occurredAt))
        .limit(1);
      return found ?? null;
    },

    /** Links a settled withdrawal to its outgoing transfer in the account's history (once). */
    async linkTransaction(id: string, walletTransactionId: string): Promise<void> {
      await db
        .update(withdrawals)
        .set({ walletTransactionId })
        .where(and(eq(withdrawals.id, id), isNull(withdrawals.walletTransactionId)));
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
