import type { Currency } from '@gerbang/contract';
import type { Journal } from '../ledger/ledger';
import { LEDGER_ACCOUNTS } from '../ledger/ledger-accounts';
import type { PaymentSessionRecord } from './payment-session-record';

const { walletCash, merchantAvailable, feeRevenue, amountAdjustment, suspense, testProviderCash } = LEDGER_ACCOUNTS;

/**
 * A paid session: what arrived is at its wallet account (or, when an operator matched a queued
 * transfer, in suspense); the merchant is owed amount − fee, Gerbang earns the fee, and what the
 * customer paid beyond the amount (extra fee − discount) goes to adjustments. A near match (an
 * operator's, of a transfer a little off the final amount) moves the difference to the merchant:
 * it is owed amount + (received − final) − fee, the fee computed on that. Sums to zero. A test
 * session's money (test mode) is at the test provider, in the test book.
 */
export function depositJournal(
  session: PaymentSessionRecord,
  source: { walletAccountId: string } | 'suspense' | 'test_provider',
): Journal {
  const cur = session.currency;
  const sourceAccount =
    source === 'suspense'
      ? suspense(cur)
      : source === 'test_provider'
        ? testProviderCash(cur)
        : walletCash(source.walletAccountId, cur);
  const received = session.receivedAmountMinor ?? session.finalAmountMinor;
  const credited = session.amountMinor + (received - session.finalAmountMinor);
  return {
    kind: 'deposit',
    referenceType: 'payment_session',
    referenceId: session.id,
    currency: cur,
    // A test session's money is test mode's: its journal is in the test book, whoever posts it.
    book: session.livemode ? 'live' : 'test',
    lines: [
      { account: sourceAccount, amountMinor: received },
      { account: merchantAvailable(session.merchantId, cur), amountMinor: -(credited - session.feeMinor) },
      { account: feeRevenue(cur), amountMinor: -session.feeMinor },
      { account: amountAdjustment(cur), amountMinor: session.discountMinor - session.extraFeeMinor },
    ],
  };
}

type Transfer = { id: string; accountId: string; amountMinor: bigint; currency: Currency };

/** Money that arrived for no session: it is at the account, owed to nobody yet. */
export function unidentifiedDepositJournal(transfer: Transfer): Journal {
  return {
    kind: 'unidentified_deposit',
    referenceType: 'wallet_transaction',
    referenceId: transfer.id,
    currency: transfer.currency,
    lines: [
      { account: walletCash(transfer.accountId, transfer.currency), amountMinor: transfer.amountMinor },
      { account: suspense(transfer.currency), amountMinor: -transfer.amountMinor },
    ],
  };
}

/** An operator sent a queued transfer back outside Gerbang: it left the account and suspense. */
export function refundedOutsideJournal(transfer: Transfer): Journal {
  return {
    kind: 'refunded_outside',
    referenceType: 'wallet_transaction',
    referenceId: transfer.id,
    currency: transfer.currency,
    lines: [
      { account: suspense(transfer.currency), amountMinor: transfer.amountMinor },
      { account: walletCash(transfer.accountId, transfer.currency), amountMinor: -transfer.amountMinor },
    ],
  };
}

/**
 * A queued transfer an operator credited to a merchant without a session: it leaves suspense; the
 * merchant is owed it less its deposit fee, which Gerbang earns.
 */
export function manualCreditJournal(transfer: Transfer, merchantId: string, feeMinor: bigint): Journal {
  const cur = transfer.currency;
  return {
    kind: 'manual_credit',
    referenceType: 'wallet_transaction',
    referenceId: transfer.id,
    currency: cur,
    lines: [
      { account: suspense(cur), amountMinor: transfer.amountMinor },
      { account: merchantAvailable(merchantId, cur), amountMinor: -(transfer.amountMinor - feeMinor) },
      { account: feeRevenue(cur), amountMinor: -feeMinor },
    ],
  };
}
