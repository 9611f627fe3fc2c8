import {
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

/** The contract's session, field by field (the merchant API's answers and the webhooks' data). */
export function toPaymentSession(row: PaymentSessionRecord, customerPagesUrl: string): PaymentSession {
  const money = (minor: bigint) => formatAmount(minor, row.currency);
  return {
    id: row.id,
    referenceNumber: row.referenceNumber,
    currency: row.currency,
    amount: money(row.amountMinor),
    discountAmount: money(row.discountMinor),
    extraFee: money(row.extraFeeMinor),
    finalAmount: money(row.finalAmountMinor),
    fee: money(row.feeMinor),
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
  };
}

/** What the consoles show of a session: the merchant and the receiving account too. */
export function toOperatorPaymentSession(
  row: PaymentSessionRecord,
  merchantName: string,
  customerPagesUrl: string,
): OperatorPaymentSession {
  return {
    ...toPaymentSession(row, customerPagesUrl),
    merchantId: row.merchantId,
    merchantName,
    walletAccountId: row.walletAccountId,
  };
}
