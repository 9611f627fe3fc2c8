import { feeOnAmountMinor, formatAmount } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { merchants } from '../../db/schema';
import { invalidFields } from '../../http/app-error';
import { withinTolerance } from './deposit-candidates';
import type { PaymentSessionRecord } from './payment-session-record';

/**
 * What the merchant is owed when an operator's match of a transfer of `receivedMinor` pays the
 * session: its own fee when the amount is exact; within the tolerance, the fee on amount +
 * difference (the merchant's terms now); beyond it, or when nothing would be left after the fee,
 * the match is refused.
 */
export async function matchCreditOf(
  tx: Database,
  session: PaymentSessionRecord,
  receivedMinor: bigint,
  tolerancePercent: number,
) {
  const difference = receivedMinor - session.finalAmountMinor;
  if (difference === 0n) return { difference, feeMinor: session.feeMinor };
  if (!withinTolerance(difference, session.finalAmountMinor, tolerancePercent)) {
    throw invalidFields({
      'body.paymentSessionId': `The transfer is ${formatAmount(difference, session.currency)} off this session's final amount, more than ${tolerancePercent} %`,
    });
  }
  const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, session.merchantId));
  if (!merchant) throw invalidFields({ 'body.paymentSessionId': 'This session has no merchant' });
  const creditedMinor = session.amountMinor + difference;
  const feeMinor = feeOnAmountMinor(creditedMinor, merchant.depositFeeBasisPoints, merchant.depositFeeFixedMinor);
  if (creditedMinor - feeMinor < 0n) {
    throw invalidFields({ 'body.paymentSessionId': 'Nothing would be left for the merchant after the fee' });
  }
  return { difference, feeMinor };
}
