import {
  type Customer,
  formatAmount,
  type OperatorPaymentSession,
  type PaymentSession,
  type WalletProvider,
} from '@gerbang/contract';
import type { PaymentSessionRecord } from './payment-session-record';

/** The public page a customer pays a session on (also what a merchant frames). */
export function paymentUrlOf(customerPagesUrl: string, sessionId: string): string {
  return `${customerPagesUrl.replace(/\/$/, '')}/deposit?session=${sessionId}`;
}

/**
 * The contract's session, field by field, from a record (Dates, bigints): the merchant API's
 * answers and the webhooks' data. The lists select the same fields in SQL
 * (payment-sessions.repository's listColumns); a test checks each listed session equals its answer.
 */
export function toPaymentSession(row: PaymentSessionRecord, customerPagesUrl: string): PaymentSession {
  return {
    id: row.id,
    referenceNumber: row.referenceNumber,
    currency: row.currency,
    amount: formatAmount(row.amountMinor, row.currency),
    discountAmount: formatAmount(row.discountMinor, row.currency),
    extraFee: formatAmount(row.extraFeeMinor, row.currency),
    finalAmount: formatAmount(row.finalAmountMinor, row.currency),
    fee: formatAmount(row.feeMinor, row.currency),
    receivedAmount: row.receivedAmountMinor === null ? null : formatAmount(row.receivedAmountMinor, row.currency),
    refundedAmount: formatAmount(row.refundedMinor, row.currency),
    status: row.status,
    method: (row.method as WalletProvider | null) ?? null,
    customer: (row.customer as Customer | null) ?? null,
    returnUrl: row.returnUrl,
    metadata: row.metadata ?? null,
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    paymentUrl: paymentUrlOf(customerPagesUrl, row.id),
    livemode: row.livemode,
  };
}

/** What the consoles show of a session: the merchant and the receiving account too. */
export function toOperatorPaymentSession(
  row: PaymentSessionRecord,
  merchantName: string,
  customerPagesUrl: string,
): OperatorPaymentSession {
  const session = toPaymentSession(row, customerPagesUrl) as OperatorPaymentSession;
  session.merchantId = row.merchantId;
  session.merchantName = merchantName;
  session.walletAccountId = row.walletAccountId;
  return session;
}
