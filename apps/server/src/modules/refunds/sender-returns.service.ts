import {
  formatAmount,
  normalizePayoutAccount,
  type PayoutProvider,
  WALLET_PROVIDER_TABLE,
  WITHDRAWAL_LINK_HOURS,
} from '@gerbang/contract';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { secondsFromNow } from '../../db/database-clock';
import { walletAccounts, walletTransactions, withdrawals } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { type AccountInquiries, inquiryDestinationOf } from '../withdrawals/account-inquiries';
import { insertHeld } from '../withdrawals/withdrawal-holds';
import type { WithdrawalListener } from '../withdrawals/withdrawal-moves';
import type { WithdrawalRecord } from '../withdrawals/withdrawal-record';
import type { WithdrawalsRepository } from '../withdrawals/withdrawals.repository';

type IncomingTransfer = typeof walletTransactions.$inferSelect;

/**
 * Returns: a queued transfer (it paid nothing) sent back to its sender through the withdrawal
 * machinery, as a withdrawal of kind `return` that belongs to no merchant. Its amount moves from
 * suspense to the sender returns account when it is created (no fee), a phone asks whose the
 * sender's account is (checked against the name the history gives), it is sent once verified from
 * the account it arrived in, and when it ends unpaid the money goes back to suspense and the transfer
 * waits in the queue again (returned-transfers.ts).
 */
export function createSenderReturnsService(deps: {
  db: Database;
  repo: WithdrawalsRepository;
  inquiries: () => AccountInquiries;
  onChange: WithdrawalListener;
}) {
  /**
   * Where the money goes back: the sender's account as the receiving account's history names it, on
   * the receiving account's own network. A bank's history may name another bank's account, so only
   * an e-wallet's transfer is sent back; 422 names what is missing.
   */
  async function destinationOf(tx: Database, transfer: IncomingTransfer) {
    const [account] = await tx
      .select({ provider: walletAccounts.provider })
      .from(walletAccounts)
      .where(eq(walletAccounts.id, transfer.accountId));
    const provider = account ? WALLET_PROVIDER_TABLE[account.provider] : null;
    if (provider?.accountType !== 'wallet') {
      throw new AppError(
        'VALIDATION_FAILED',
        "A bank's history does not say which bank the sender's account is at: send this transfer back outside Gerbang and record it as refunded outside",
      );
    }
    const payoutProvider = provider.payoutProvider as PayoutProvider;
    const named = normalizePayoutAccount(payoutProvider, transfer.counterpartyAccount);
    if (!named.ok || transfer.counterpartyName.trim() === '') {
      throw new AppError(
        'VALIDATION_FAILED',
        "The account's history does not name the sender's account and name: this transfer cannot be sent back through Gerbang",
      );
    }
    return { provider: payoutProvider, accountNumber: named.value, holderName: transfer.counterpartyName.trim() };
  }

  return {
    /** What a proposal checks before a second operator is asked: the transfer can be sent back. */
    check: (tx: Database, transfer: IncomingTransfer) => destinationOf(tx, transfer).then(() => undefined),

    /**
     * Creates the return and holds its amount from suspense, in the caller's transaction (which has
     * the queued transfer locked and resolves it `returned`). The unique index on open returns
     * refuses a second one of the same transfer.
     */
    async createInTx(
      tx: Database,
      transfer: IncomingTransfer,
      actor: { userId: string },
      note: string,
    ): Promise<WithdrawalRecord> {
      const destination = await destinationOf(tx, transfer);
      const [earlier] = await tx
        .select({ n: count() })
        .from(withdrawals)
        .where(eq(withdrawals.returnedTransferId, transfer.id));
      return insertHeld(tx, deps.repo, {
        kind: 'return',
        merchantId: null,
        returnedTransferId: transfer.id,
        referenceNumber: `${transfer.providerTransactionId}#RET${(earlier?.n ?? 0) + 1}`,
        currency: transfer.currency,
        amountMinor: transfer.amountMinor,
        feeMinor: 0n,
        status: 'verifying',
        destProvider: destination.provider,
        destAccountNumber: destination.accountNumber,
        // The phone's answer is checked against the sender's name as the history gives it.
        destHolderName: destination.holderName,
        note,
        createdByUserId: actor.userId,
        // Never verified (no phone answers for a day): it lapses, and the transfer waits in the queue again.
        expiresAt: secondsFromNow(WITHDRAWAL_LINK_HOURS * 3_600),
      });
    },

    /** After its transaction committed: the consoles hear of it, and a phone asks whose the account is. */
    async started(row: WithdrawalRecord): Promise<void> {
      deps.onChange(row, null);
      await deps.inquiries().start({ type: 'withdrawal', id: row.id }, inquiryDestinationOf(row));
    },

    /** The account a return's transfer arrived in: the one it is sent back from (null: not a return). */
    async fromAccountOf(row: WithdrawalRecord): Promise<string | null> {
      if (row.returnedTransferId === null) return null;
      const [found] = await deps.db
        .select({ accountId: walletTransactions.accountId })
        .from(walletTransactions)
        .where(eq(walletTransactions.id, row.returnedTransferId));
      return found?.accountId ?? null;
    },

    describe: (row: WithdrawalRecord) => ({
      withdrawalId: row.id,
      amount: formatAmount(row.amountMinor, row.currency),
      to: `${row.destProvider} ${row.destAccountNumber} (${row.destHolderName})`,
    }),
  };
}
export type SenderReturnsService = ReturnType<typeof createSenderReturnsService>;
