import { PAYMENT_CLAIM_EVENT_TYPES, type PaymentClaimStatus } from '@gerbang/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { paymentClaims, paymentSessions } from '../../db/schema';
import { enqueueWebhook } from '../webhooks/webhook-outbox';
import { createPaymentClaimsRepository, toPaymentClaim } from './payment-claims.repository';

type Outcome = {
  status: Exclude<PaymentClaimStatus, 'open'>;
  message?: string;
  userId?: string | null;
  transferId?: string | null;
};

/** The claims of one session. */
export const claimsOfSession = (sessionId: string): SQL => eq(paymentClaims.paymentSessionId, sessionId);

/** Whether a session has a claim still open (read in the statement that asks). */
export const hasOpenClaims = (sessionId: string): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${paymentClaims} where ${and(claimsOfSession(sessionId), eq(paymentClaims.status, 'open'))})`;

/** The claims of the merchant's session whose reference a manual credit carries. */
export const claimsOfReference = (merchantId: string, reference: string): SQL =>
  and(
    eq(paymentClaims.merchantId, merchantId),
    sql`${paymentClaims.paymentSessionId} in (select ${paymentSessions.id} from ${paymentSessions}
      where ${paymentSessions.merchantId} = ${merchantId} and ${paymentSessions.referenceNumber} = ${reference})`,
  ) as SQL;

/**
 * Ends the open claims `where` picks, in the caller's transaction (the session's payment, the
 * credit, the rejection), and announces each as `payment_claim.<outcome>` in the same one.
 */
export async function endClaims(tx: Database, where: SQL, outcome: Outcome): Promise<string[]> {
  const repo = createPaymentClaimsRepository(tx);
  const ids = await repo.end(tx, where, outcome);
  for (const row of await repo.byIds(tx, ids)) {
    await enqueueWebhook(tx, {
      merchantId: row.merchantId,
      type: PAYMENT_CLAIM_EVENT_TYPES[row.status],
      subjectId: row.id,
      data: toPaymentClaim(row),
    });
  }
  return ids;
}

/** A session just paid (by any path): its customer's open claim ends matched, with the transfer that paid it. */
export async function endClaimsOfPaidSession(
  tx: Database,
  session: { id: string; status: string; walletTransactionId: string | null },
): Promise<void> {
  if (session.status !== 'success') return;
  await endClaims(tx, claimsOfSession(session.id), { status: 'matched', transferId: session.walletTransactionId });
}
