import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isCheckViolation } from '../../db/pg-errors';
import { paymentSessions } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { WithdrawalRecord } from '../withdrawals/withdrawal-record';

/** The states in which a refund's money went back to the merchant: its reservation is given back. */
const GIVEN_BACK: readonly WithdrawalRecord['status'][] = ['failed', 'rejected', 'cancelled'];

/**
 * Reserves `amountMinor` of a paid session for a refund, in the caller's transaction: one guarded
 * update under the row's lock, and the table's CHECK (refunded never above received) refuses what
 * two concurrent refunds would together exceed. Returns the session's record after it.
 */
export async function reserveRefund(tx: Database, sessionId: string, amountMinor: bigint) {
  try {
    const [row] = await tx.transaction((savepoint) =>
      savepoint
        .update(paymentSessions)
        .set({ refundedMinor: sql`${paymentSessions.refundedMinor} + ${amountMinor}`, updatedAt: sql`now()` })
        .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.status, 'success')))
        .returning(),
    );
    if (!row) throw new AppError('INVALID_STATE', 'Only a paid session can be refunded');
    return row;
  } catch (error) {
    if (!isCheckViolation(error, 'payment_sessions_refunded_check')) throw error;
    throw new AppError('REFUND_EXCEEDS_PAYMENT', 'The refunds would exceed what this session received', {
      fields: { 'body.amount': 'More than what is left to refund' },
    });
  }
}

/** A refund that failed, was rejected or cancelled gives its amount back to its session (same transaction). */
export async function giveBackRefund(tx: Database, row: WithdrawalRecord): Promise<void> {
  if (row.kind !== 'refund' || row.paymentSessionId === null || !GIVEN_BACK.includes(row.status)) return;
  await tx
    .update(paymentSessions)
    .set({ refundedMinor: sql`${paymentSessions.refundedMinor} - ${row.amountMinor}`, updatedAt: sql`now()` })
    .where(eq(paymentSessions.id, row.paymentSessionId));
}
