import {
  type Currency,
  type Customer,
  formatAmount,
  type OperatorPaymentSession,
  type PaymentSession,
  type WalletProvider,
} from '@gerbang/contract';
import type { PaymentSessionRecord } from './payment-sessions.repository';

/** The public page a customer pays a session on (also what a merchant frames). */
export function paymentUrlOf(customerPagesUrl: string, sessionId: string): string {
  return `${customerPagesUrl.replace(/\/$/, '')}/deposit?session=${sessionId}`;
}

/**
 * A session as read for one (Dates, bigints). The lists select the same fields in SQL
 * (payment-sessions.repository's listColumns); a test checks each listed session equals its answer.
 */
type SessionSource = PaymentSessionRecord;

const isoOf = (time: Date) => time.toISOString();
const moneyOf = (minor: bigint, currency: Currency) => formatAmount(minor, currency);

/**
 * The contract's session, field by field (the merchant API's answers and the webhooks' data).
 * Written flat, without closures or spreads: a list page builds fifty of them.
 */
export function toPaymentSession(row: SessionSource, customerPagesUrl: string): PaymentSession {
  return {
    id: row.id,
    referenceNumber: row.referenceNumber,
    currency: row.currency,
    amount: moneyOf(row.amountMinor, row.currency),
    discountAmount: moneyOf(row.discountMinor, row.currency),
    extraFee: moneyOf(row.extraFeeMinor, row.currency),
    finalAmount: moneyOf(row.finalAmountMinor, row.currency),
    fee: moneyOf(row.feeMinor, row.currency),
    status: row.status,
    method: (row.method as WalletProvider | null) ?? null,
    customer: (row.customer as Customer | null) ?? null,
    returnUrl: row.returnUrl,
    metadata: row.metadata ?? null,
    expiresAt: isoOf(row.expiresAt),
    paidAt: row.paidAt === null ? null : isoOf(row.paidAt),
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
    paymentUrl: paymentUrlOf(customerPagesUrl, row.id),
  };
}

/** What the consoles show of a session: the merchant and the receiving account too. */
export function toOperatorPaymentSession(
  row: SessionSource,
  merchantName: string,
  customerPagesUrl: string,
): OperatorPaymentSession {
  const session = toPaymentSession(row, customerPagesUrl) as OperatorPaymentSession;
  session.merchantId = row.merchantId;
  session.merchantName = merchantName;
  session.walletAccountId = row.walletAccountId;
  return session;
}
