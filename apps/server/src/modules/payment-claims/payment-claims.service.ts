import {
  CLAIMABLE_SESSION_STATUSES,
  CLAIMS_PER_IP_PER_HOUR,
  CLAIMS_PER_SESSION_MAX,
  type CustomerClaim,
  type FileClaimBody,
  type ListClaimsQuery,
  PAYMENT_CLAIM_EVENT_TYPES,
  PAYMENT_CLAIM_EXPORT_COLUMNS,
  type PaymentClaimStatus,
  parseAmount,
} from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/pg-errors';
import { paymentClaims } from '../../db/schema';
import { AppError, invalidFields, notFound } from '../../http/app-error';
import { keysetCsv } from '../../http/csv-export';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import { createAuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { enqueueWebhook } from '../webhooks/webhook-outbox';
import { endClaims } from './claim-outcomes';
import { type PaymentClaimsRepository, toCustomerClaim, toPaymentClaim } from './payment-claims.repository';
import { decodeProof } from './proof-image';

/** A customer's clock may run ahead of ours by this much; a transfer "sent" later than that is a typo. */
const FUTURE_SLACK_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;

export type Operator = { userId: string; ip: string };

const alreadyOpen = () =>
  new AppError('INVALID_STATE', 'A claim for this payment is waiting for review: its answer will show here');

/**
 * Customer claims (contract payments/payment-claim.ts): filed on the deposit page, reviewed on the
 * exceptions desk, ended by the session's payment, a credit under its reference, or a rejection
 * with a message for the customer.
 */
export function createPaymentClaimsService(deps: { db: Database; repo: PaymentClaimsRepository }) {
  const { db, repo } = deps;

  function parseClaim(body: FileClaimBody, currency: 'IDR' | 'PHP') {
    const amount = parseAmount(body.amount, currency);
    const sentAt = new Date(body.sentAt);
    const fields: Record<string, string> = {};
    if (!amount.ok) fields['body.amount'] = amount.message;
    else if (amount.minor <= 0n) fields['body.amount'] = 'Enter the amount you sent';
    if (sentAt.getTime() > Date.now() + FUTURE_SLACK_MS) fields['body.sentAt'] = 'This time is in the future';
    if (Object.keys(fields).length > 0 || !amount.ok) throw invalidFields(fields);
    const proof = body.proof ? decodeProof(body.proof) : null;
    return { amountMinor: amount.minor, sentAt, proof };
  }

  async function customerClaims(sessionId: string): Promise<CustomerClaim[]> {
    return (await repo.ofSession(sessionId)).map(toCustomerClaim);
  }

  return {
    /** The claims of a session as its customer sees them, newest first (404: no such session). */
    async forCustomer(sessionId: string): Promise<CustomerClaim[]> {
      const claims = await customerClaims(sessionId);
      if (claims.length === 0 && !(await repo.sessionExists(sessionId))) throw notFound('Payment session');
      return claims;
    },

    async file(sessionId: string, body: FileClaimBody, ip: string): Promise<CustomerClaim[]> {
      try {
        await db.transaction(async (tx) => {
          const session = await repo.lockSession(tx, sessionId);
          if (!session) throw notFound('Payment session');
          if (!session.livemode) {
            throw new AppError(
              'INVALID_STATE',
              'A test payment has no transfer to look for: use the test buttons to simulate its outcome',
            );
          }
          if (!(CLAIMABLE_SESSION_STATUSES as readonly string[]).includes(session.status)) {
            throw new AppError(
              'INVALID_STATE',
              'A claim can be filed only while the payment is being processed, or after its time ran out or it failed',
            );
          }
          const counts = await repo.countOfSession(tx, sessionId);
          if (counts.open > 0) throw alreadyOpen();
          if (counts.filed >= CLAIMS_PER_SESSION_MAX) {
            throw new AppError(
              'RATE_LIMITED',
              `This payment already had ${CLAIMS_PER_SESSION_MAX} claims; contact the merchant`,
            );
          }
          await repo.lockAddress(tx, ip);
          if ((await repo.countFromIp(tx, ip, new Date(Date.now() - HOUR_MS))) >= CLAIMS_PER_IP_PER_HOUR) {
            throw new AppError('RATE_LIMITED', 'Too many claims from this network; try again in an hour', {
              headers: { 'retry-after': String(HOUR_MS / 1000) },
            });
          }
          const claim = parseClaim(body, session.currency);
          const id = await repo.insert(tx, {
            paymentSessionId: session.id,
            merchantId: session.merchantId,
            senderName: body.senderName,
            sentAt: claim.sentAt,
            currency: session.currency,
            amountMinor: claim.amountMinor,
            proof: claim.proof?.bytes ?? null,
            proofType: claim.proof?.type ?? null,
            ip,
          });
          const [row] = await repo.byIds(tx, [id]);
          if (row) {
            await enqueueWebhook(tx, {
              merchantId: row.merchantId,
              type: PAYMENT_CLAIM_EVENT_TYPES.open,
              subjectId: id,
              data: toPaymentClaim(row),
            });
          }
        });
      } catch (error) {
        // Two claims of one session at the same moment: the partial unique index decides.
        if (isUniqueViolation(error, 'payment_claims_one_open_idx')) throw alreadyOpen();
        throw error;
      }
      return customerClaims(sessionId);
    },

    async list(query: ListClaimsQuery & { limit: number }, merchantId: string | null) {
      const rows = await repo.page({ status: query.status, merchantId }, query.limit, decodeKeysetCursor(query.cursor));
      return toPage(rows, query.limit, toPaymentClaim);
    },

    /** The filtered claims as CSV lines, streamed a page at a time (injection-safe fields). */
    csv(filter: { status?: PaymentClaimStatus; merchantId: string | null }) {
      return keysetCsv(
        PAYMENT_CLAIM_EXPORT_COLUMNS,
        (limit, after) => repo.page(filter, limit, after),
        (row) => {
          const claim = toPaymentClaim(row);
          return PAYMENT_CLAIM_EXPORT_COLUMNS.map((column) => (claim[column] === null ? null : String(claim[column])));
        },
      );
    },

    async proof(id: string, merchantId: string | null) {
      const proof = await repo.proof(id, merchantId);
      if (!proof) throw notFound('Proof image');
      return proof;
    },

    /** Ends an open claim with a message its customer reads on the deposit page; audited in the same transaction. */
    async reject(actor: Operator, id: string, message: string): Promise<void> {
      await db.transaction(async (tx) => {
        const claim = await repo.lockOpen(tx, id);
        if (!claim) throw notFound('Claim');
        if (claim.status !== 'open') throw new AppError('INVALID_STATE', `This claim was ${claim.status} already`);
        await endClaims(tx, eq(paymentClaims.id, id), { status: 'rejected', message, userId: actor.userId });
        await createAuditRepository(tx).insert({
          actorUserId: actor.userId,
          action: AUDIT_ACTIONS.paymentClaimRejected,
          targetType: 'payment_claim',
          targetId: id,
          ip: actor.ip,
          details: { message },
        });
      });
    },
  };
}
export type PaymentClaimsService = ReturnType<typeof createPaymentClaimsService>;
