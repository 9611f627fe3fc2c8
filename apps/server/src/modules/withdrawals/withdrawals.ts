import type { CommandResult } from '@gerbang/contract';
import type { AppContext } from '../../app-context';
import { fleetOf } from '../devices/fleet';
import { createIdempotency } from '../idempotency/idempotency';
import { createMerchantsRepository } from '../merchants/merchants.repository';
import type { Broadcaster } from '../realtime/broadcaster';
import { createRefundsService, type RefundsService } from '../refunds/refunds.service';
import { createSenderReturnsService, type SenderReturnsService } from '../refunds/sender-returns.service';
import { createTestPayouts, type TestPayouts } from '../test-mode/test-payouts';
import { createTestSettlements, type TestSettlements } from '../test-mode/test-settlements';
import { parseReportedTransactions } from '../wallets/wallet-transactions.service';
import { walletsOf } from '../wallets/wallets';
import { type AccountInquiries, createAccountInquiries } from './account-inquiries';
import { createAccountInquiriesRepository } from './account-inquiries.repository';
import { type CustomerWithdrawalsService, createCustomerWithdrawalsService } from './customer-withdrawals.service';
import { createPayoutExceptionsRepository } from './payout-exceptions.repository';
import { createPayoutExceptionsService, type PayoutExceptionsService } from './payout-exceptions.service';
import { createPayoutMethodsRepository } from './payout-methods.repository';
import { createPayoutMethodsService, type PayoutMethodsService } from './payout-methods.service';
import { createSendingAccounts } from './sending-accounts';
import { createWithdrawalMoves, type WithdrawalListener } from './withdrawal-moves';
import { toWithdrawal } from './withdrawal-response';
import { createWithdrawalTransfers, type WithdrawalTransfers } from './withdrawal-transfers';
import { createWithdrawalsRepository, type WithdrawalsRepository } from './withdrawals.repository';
import { createWithdrawalsService, type WithdrawalsService } from './withdrawals.service';

export type Withdrawals = {
  repo: WithdrawalsRepository;
  service: WithdrawalsService;
  payoutMethods: PayoutMethodsService;
  customers: CustomerWithdrawalsService;
  transfers: WithdrawalTransfers;
  inquiries: AccountInquiries;
  exceptions: PayoutExceptionsService;
  refunds: RefundsService;
  /** Transfers that paid nothing, sent back to their senders (deposit-reviews.service). */
  returns: SenderReturnsService;
  /** Test mode's provider ending test withdrawals' transfers. */
  testPayouts: TestPayouts;
  /** Test mode's provider approving and sending test settlements. */
  testSettlements: TestSettlements;
  bind(consoles: Broadcaster): void;
  /** A phone's result for an inquiry or a transfer; false when it is neither. */
  completeCommand(deviceId: string, result: CommandResult): Promise<boolean>;
  deviceGone(deviceId: string): Promise<void>;
  drain(): Promise<void>;
};

function createWithdrawals(ctx: AppContext): Withdrawals {
  const fleet = fleetOf(ctx);
  const wallets = walletsOf(ctx);
  let consoles: Broadcaster | null = null;
  const repo = createWithdrawalsRepository(ctx.db, { webhookData: toWithdrawal });
  const merchants = createMerchantsRepository(ctx.db);
  const senders = createSendingAccounts({ wallets: wallets.repo, sendingNow: () => repo.sendingAccountIds() });

  const onChange: WithdrawalListener = (row, from) => {
    const update = { id: row.id, merchantId: row.merchantId, status: row.status };
    // Operators see test mode's activity only when they ask for it (their lists' mode filter).
    if (row.livemode) consoles?.emitToArea('withdrawals', 'withdrawal:update', update);
    // A return to a sender belongs to no merchant: no merchant console hears of it.
    if (row.merchantId === null) return;
    consoles?.emitToMerchant(row.merchantId, 'withdrawal:update', update);
    // A hold, a release or a settlement moved the merchant's balances.
    if (from === null || row.status !== from)
      consoles?.emitToMerchant(row.merchantId, 'merchant:trigger-available-balance');
  };
  const move = createWithdrawalMoves({ db: ctx.db, repo, onChange });

  const exceptions = createPayoutExceptionsService({
    db: ctx.db,
    repo: createPayoutExceptionsRepository(ctx.db),
    onBalanceChanged: (merchantId) => consoles?.emitToMerchant(merchantId, 'merchant:trigger-available-balance'),
    logger: ctx.logger,
  });
  const transfers = createWithdrawalTransfers({
    repo,
    move,
    senders,
    link: fleet.link,
    deadlineMs: ctx.config.TRANSFER_DEADLINE_SECONDS * 1000,
    historyLagMs: ctx.config.TRANSFER_HISTORY_LAG_SECONDS * 1000,
    withdrawException: (tx, walletTransactionId, withdrawalId) =>
      exceptions.withdrawFor(tx, walletTransactionId, withdrawalId),
    findAccount: (id) => wallets.repo.findById(id),
    returnedFromAccountId: (row) => returns.fromAccountOf(row),
    async recordOutgoing(account, row, providerTransactionId) {
      const parsed = parseReportedTransactions(
        account,
        [
          {
            providerTransactionId,
            direction: 'out',
            amount: toWithdrawal(row).amount,
            counterpartyName: row.verifiedHolderName ?? row.destHolderName,
            counterpartyAccount: row.destAccountNumber,
            occurredAt: new Date().toISOString(),
            note: row.referenceNumber,
          },
        ],
        'push',
      );
      if (!parsed.ok) return null;
      await wallets.transactions.store(account, parsed.rows);
      return (await repo.transactionByProviderId(account.id, providerTransactionId))?.id ?? null;
    },
    async readHistory(accountIds) {
      await wallets.checks.start({ trigger: 'schedule' }, accountIds, 'transaction_history');
    },
    logger: ctx.logger,
  });

  let payoutMethods: PayoutMethodsService | null = null;
  let customers: CustomerWithdrawalsService | null = null;
  const inquiries = createAccountInquiries({
    repo: createAccountInquiriesRepository(ctx.db),
    senders,
    link: fleet.link,
    deadlineMs: ctx.config.WALLET_COMMAND_DEADLINE_SECONDS * 1000,
    logger: ctx.logger,
    async onFinished(inquiry) {
      if (inquiry.subjectType === 'payout_method') await payoutMethods?.inquiryFinished(inquiry);
      else await customers?.inquiryFinished(inquiry);
    },
  });
  const payoutMethodsRepo = createPayoutMethodsRepository(ctx.db);
  payoutMethods = createPayoutMethodsService({
    repo: payoutMethodsRepo,
    withdrawals: repo,
    merchants,
    inquiries: () => inquiries,
    audit: ctx.audit,
    onChange: (row) =>
      consoles?.emitToMerchant(row.merchantId, 'payout-method:update', { id: row.id, status: row.status }),
  });
  customers = createCustomerWithdrawalsService({
    db: ctx.db,
    repo,
    merchants,
    idempotency: createIdempotency(ctx.db),
    inquiries: () => inquiries,
    transfers,
    move,
    customerPagesUrl: ctx.config.ADMIN_CONSOLE_URL,
    confirmSeconds: ctx.config.WITHDRAWAL_CONFIRM_SECONDS,
    queueSeconds: ctx.config.WITHDRAWAL_QUEUE_SECONDS,
    onChange,
  });
  const refunds = createRefundsService({
    db: ctx.db,
    repo,
    merchants,
    idempotency: createIdempotency(ctx.db),
    inquiries: () => inquiries,
    onChange,
    customerPagesUrl: ctx.config.ADMIN_CONSOLE_URL,
  });
  const returns = createSenderReturnsService({ db: ctx.db, repo, inquiries: () => inquiries, onChange });
  const testSettlements = createTestSettlements({ db: ctx.db, move, transfers });
  const service = createWithdrawalsService({
    db: ctx.db,
    repo,
    payoutMethods: payoutMethodsRepo,
    merchants,
    move,
    transfers,
    onChange,
    confirmSeconds: ctx.config.WITHDRAWAL_CONFIRM_SECONDS,
    queueSeconds: ctx.config.WITHDRAWAL_QUEUE_SECONDS,
    testSettlements,
  });

  return {
    repo,
    service,
    payoutMethods,
    customers,
    transfers,
    inquiries,
    exceptions,
    refunds,
    returns,
    testPayouts: createTestPayouts({ repo, transfers }),
    testSettlements,
    bind: (broadcaster) => {
      consoles = broadcaster;
    },
    async completeCommand(deviceId, result) {
      return (await transfers.complete(deviceId, result)) || inquiries.complete(deviceId, result);
    },
    async deviceGone(deviceId) {
      await transfers.deviceGone(deviceId);
      await inquiries.failAllOfDevice(deviceId);
    },
    async drain() {
      await transfers.drain();
      await inquiries.drain();
    },
  };
}

const all = new WeakMap<AppContext, Withdrawals>();

/**
 * The money-out parts of one app, built once and shared by its routes, its background work
 * (withdrawals-work.ts, registered by the composition root) and the agent namespace.
 */
export function withdrawalsOf(ctx: AppContext): Withdrawals {
  let parts = all.get(ctx);
  if (!parts) {
    parts = createWithdrawals(ctx);
    all.set(ctx, parts);
  }
  return parts;
}
