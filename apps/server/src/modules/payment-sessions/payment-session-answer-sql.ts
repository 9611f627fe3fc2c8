import type { PaymentSession } from '@gerbang/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { amountText } from '../../db/amount-text';
import { isoText } from '../../db/iso-text';
import type { PaymentSessionRecord } from './payment-session-record';

/** A session's columns: the table's, or those of a CTE that returns its rows. */
type SessionColumns = { [K in keyof PaymentSessionRecord]: SQLWrapper };

/**
 * The contract's session (PaymentSession, what toPaymentSession makes of a record), field by field,
 * made by PostgreSQL: amounts formatted from minor units, times as ISO text, the payment page's
 * address from the `customerPagesUrl` placeholder. The lists select these fields, and the one
 * statement that opens a session writes them as its webhook's data and its idempotent answer.
 */
export function answerFields(t: SessionColumns) {
  const amountOf = (column: SQLWrapper) => amountText(column, t.currency);
  return {
    id: t.id,
    referenceNumber: t.referenceNumber,
    currency: t.currency,
    amount: amountOf(t.amountMinor),
    discountAmount: amountOf(t.discountMinor),
    extraFee: amountOf(t.extraFeeMinor),
    finalAmount: amountOf(t.finalAmountMinor),
    fee: amountOf(t.feeMinor),
    receivedAmount: amountOf(t.receivedAmountMinor),
    refundedAmount: amountOf(t.refundedMinor),
    status: t.status,
    method: t.method,
    customer: t.customer,
    returnUrl: t.returnUrl,
    metadata: t.metadata,
    expiresAt: isoText(t.expiresAt),
    paidAt: isoText(t.paidAt),
    createdAt: isoText(t.createdAt),
    updatedAt: isoText(t.updatedAt),
    paymentUrl: sql`${sql.placeholder('customerPagesUrl')}::text || '/deposit?session=' || ${t.id}::text`,
    livemode: t.livemode,
  } satisfies Record<keyof PaymentSession, SQLWrapper>;
}

/** The session as jsonb (answerFields). */
export const answerJson = (t: SessionColumns): SQL =>
  sql`jsonb_build_object(${sql.join(
    Object.entries(answerFields(t)).map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`),
    sql`, `,
  )})`;
