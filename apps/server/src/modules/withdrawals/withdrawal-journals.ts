import type { Journal } from '../ledger/ledger';
import { LEDGER_ACCOUNTS } from '../ledger/ledger-accounts';
import type { WithdrawalRecord } from './withdrawal-record';

const {
  merchantAvailable,
  merchantPending,
  walletCash,
  feeRevenue,
  externalPayouts,
  suspense,
  senderReturns,
  testProviderCash,
} = LEDGER_ACCOUNTS;

const held = (row: WithdrawalRecord) => row.amountMinor + row.feeMinor;

/**
 * Where a withdrawal's money is held from, and where it waits, by kind: a merchant's available and
 * pending balances; for a return (no merchant, no fee), suspense and the sender returns account.
 */
function holdingOf(row: WithdrawalRecord) {
  if (row.merchantId === null) return { from: suspense(row.currency), held: senderReturns(row.currency) };
  return { from: merchantAvailable(row.merchantId, row.currency), held: merchantPending(row.merchantId, row.currency) };
}
const base = (row: WithdrawalRecord, kind: string) => ({
  kind,
  referenceType: 'withdrawal',
  referenceId: row.id,
  currency: row.currency,
  // A test withdrawal's money is test mode's: its journals are in the test book, whoever posts them.
  book: row.livemode ? ('live' as const) : ('test' as const),
});

/** Where a paid withdrawal's amount left from: a phone's account, outside Gerbang, or test mode's provider. */
export type PaidFrom = { walletAccountId: string } | 'outside' | 'test_provider';
const paidFromAccount = (row: WithdrawalRecord, paidFrom: PaidFrom) =>
  paidFrom === 'outside'
    ? externalPayouts(row.currency)
    : paidFrom === 'test_provider'
      ? testProviderCash(row.currency)
      : walletCash(paidFrom.walletAccountId, row.currency);

/**
 * The amount and its fee leave the merchant's available balance for its pending one. The ledger's
 * check (available never below zero) refuses it when the balance does not cover it.
 */
export function holdJournal(row: WithdrawalRecord): Journal {
  const { from, held: to } = holdingOf(row);
  return {
    ...base(row, 'withdrawal_hold'),
    lines: [
      { account: from, amountMinor: held(row) },
      { account: to, amountMinor: -held(row) },
    ],
  };
}

/** Failed, rejected or cancelled: the hold goes back to available. */
export function releaseJournal(row: WithdrawalRecord): Journal {
  const { from, held: to } = holdingOf(row);
  return {
    ...base(row, 'withdrawal_release'),
    lines: [
      { account: to, amountMinor: held(row) },
      { account: from, amountMinor: -held(row) },
    ],
  };
}

/**
 * Paid: the hold is spent. The amount left the sending account (or was paid outside Gerbang by an
 * operator, or by test mode's provider), and Gerbang earned the fee.
 */
export function settleJournal(row: WithdrawalRecord, paidFrom: PaidFrom): Journal {
  return {
    ...base(row, 'withdrawal_settle'),
    lines: [
      { account: holdingOf(row).held, amountMinor: held(row) },
      { account: paidFromAccount(row, paidFrom), amountMinor: -row.amountMinor },
      { account: feeRevenue(row.currency), amountMinor: -row.feeMinor },
    ],
  };
}

type OutgoingTransfer = { id: string; accountId: string; amountMinor: bigint; currency: WithdrawalRecord['currency'] };
const { payoutExceptions, payoutLosses } = LEDGER_ACCOUNTS;
const ofTransfer = (transfer: OutgoingTransfer, kind: string) => ({
  kind,
  referenceType: 'wallet_transaction',
  referenceId: transfer.id,
  currency: transfer.currency,
});

/** Money left a wallet account with no open withdrawal answering for it: owed back until resolved. */
export function unclaimedPayoutJournal(transfer: OutgoingTransfer): Journal {
  return {
    ...ofTransfer(transfer, 'unclaimed_payout'),
    lines: [
      { account: payoutExceptions(transfer.currency), amountMinor: transfer.amountMinor },
      { account: walletCash(transfer.accountId, transfer.currency), amountMinor: -transfer.amountMinor },
    ],
  };
}

/**
 * The merchant whose released withdrawal the transfer paid is charged after all: its available
 * balance gives the amount (to the exception) and the withdrawal's fee (to revenue). The ledger's
 * check refuses it when the balance does not cover it. A return is paid by suspense (the incoming
 * transfer it sends back, resolved `returned` again in the same transaction).
 */
export function chargedPayoutJournal(transfer: OutgoingTransfer, withdrawal: WithdrawalRecord): Journal {
  return {
    ...ofTransfer(transfer, 'unclaimed_payout_charged'),
    lines: [
      { account: holdingOf(withdrawal).from, amountMinor: held(withdrawal) },
      { account: payoutExceptions(transfer.currency), amountMinor: -transfer.amountMinor },
      { account: feeRevenue(transfer.currency), amountMinor: -withdrawal.feeMinor },
    ],
  };
}

/** Gerbang takes the loss. */
export function writtenOffPayoutJournal(transfer: OutgoingTransfer): Journal {
  return {
    ...ofTransfer(transfer, 'unclaimed_payout_written_off'),
    lines: [
      { account: payoutLosses(transfer.currency), amountMinor: transfer.amountMinor },
      { account: payoutExceptions(transfer.currency), amountMinor: -transfer.amountMinor },
    ],
  };
}

/** The withdrawal the transfer was made for claimed it after it was queued: back from the exception. */
export function withdrawnPayoutJournal(transfer: OutgoingTransfer): Journal {
  return {
    ...ofTransfer(transfer, 'unclaimed_payout_withdrawn'),
    lines: [
      { account: walletCash(transfer.accountId, transfer.currency), amountMinor: transfer.amountMinor },
      { account: payoutExceptions(transfer.currency), amountMinor: -transfer.amountMinor },
    ],
  };
}
