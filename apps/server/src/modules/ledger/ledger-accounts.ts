import type { Currency } from '@gerbang/contract';
import type { ledgerAccounts } from '../../db/schema';

type AccountKind = (typeof ledgerAccounts.$inferSelect)['kind'];

/** Which ledger account, by purpose: turned into a row (created on first use) when posting. */
export type LedgerAccountRef = {
  code: string;
  kind: AccountKind;
  currency: Currency;
  merchantId?: string;
  walletAccountId?: string;
};

/** Assets (cash at a wallet account) read debit-positive; what Gerbang owes or earns, credit. */
export const NORMAL_BALANCE: Record<AccountKind, 1 | -1> = {
  wallet_cash: 1,
  merchant_available: -1,
  merchant_pending: -1,
  fee_revenue: -1,
  amount_adjustment: -1,
  suspense: -1,
  external_payouts: -1,
  payout_exceptions: 1,
  payout_losses: 1,
  sender_returns: -1,
};

export const LEDGER_ACCOUNTS = {
  /** What the merchant may take out or spend. */
  merchantAvailable: (merchantId: string, currency: Currency): LedgerAccountRef => ({
    code: `merchant:${merchantId}:available`,
    kind: 'merchant_available',
    currency,
    merchantId,
  }),
  /** The merchant's money that is not available yet (held for a withdrawal). */
  merchantPending: (merchantId: string, currency: Currency): LedgerAccountRef => ({
    code: `merchant:${merchantId}:pending`,
    kind: 'merchant_pending',
    currency,
    merchantId,
  }),
  /** Money that sits at one wallet account (a DANA, Livin' or Maya account on a phone). */
  walletCash: (walletAccountId: string, currency: Currency): LedgerAccountRef => ({
    code: `wallet:${walletAccountId}:cash`,
    kind: 'wallet_cash',
    currency,
    walletAccountId,
  }),
  /** What test mode's provider received (test mode: no phone, no account; test book only). */
  testProviderCash: (currency: Currency): LedgerAccountRef => ({
    code: `test-provider:${currency}:cash`,
    kind: 'wallet_cash',
    currency,
  }),
  /** Gerbang's fees. */
  feeRevenue: (currency: Currency): LedgerAccountRef => ({ code: `fees:${currency}`, kind: 'fee_revenue', currency }),
  /** Money received that belongs to nobody yet (a transfer that matched no session). */
  suspense: (currency: Currency): LedgerAccountRef => ({ code: `suspense:${currency}`, kind: 'suspense', currency }),
  /** Payouts operators made outside Gerbang (a withdrawal marked paid with their reference). */
  externalPayouts: (currency: Currency): LedgerAccountRef => ({
    code: `external-payouts:${currency}`,
    kind: 'external_payouts',
    currency,
  }),
  /**
   * Money that left a wallet account with no open withdrawal answering for it (payout-exception.ts
   * in the contract): owed back to Gerbang until an operator charges it to a merchant or writes it
   * off.
   */
  payoutExceptions: (currency: Currency): LedgerAccountRef => ({
    code: `payout-exceptions:${currency}`,
    kind: 'payout_exceptions',
    currency,
  }),
  /**
   * Transfers that paid nothing on their way back to their senders (withdrawals of kind `return`):
   * out of suspense until the payout is sent, back to it when the payout ends unpaid.
   */
  senderReturns: (currency: Currency): LedgerAccountRef => ({
    code: `sender-returns:${currency}`,
    kind: 'sender_returns',
    currency,
  }),
  /** Payout exceptions Gerbang wrote off: its loss. */
  payoutLosses: (currency: Currency): LedgerAccountRef => ({
    code: `payout-losses:${currency}`,
    kind: 'payout_losses',
    currency,
  }),
  /** Unique-amount discounts given and extra fees taken: what the customer paid beyond the amount. */
  amountAdjustment: (currency: Currency): LedgerAccountRef => ({
    code: `adjustments:${currency}`,
    kind: 'amount_adjustment',
    currency,
  }),
} as const;
