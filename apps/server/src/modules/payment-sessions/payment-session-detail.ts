import type { PaymentSessionDetail } from '@gerbang/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { merchants, paymentSessions, walletAccounts, withdrawals } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { journalsOf } from '../ledger/ledger-journals';
import { createPaymentClaimsRepository, toPaymentClaim } from '../payment-claims/payment-claims.repository';
import { webhookEventsOf } from '../webhooks/webhook-log';
import { toRefundOf } from '../withdrawals/withdrawal-response';
import { toOperatorPaymentSession } from './payment-session-response';
import type { PaymentSessionsRepository } from './payment-sessions.repository';
import { sessionTimeline } from './session-step-actors';

/**
 * A session with its proof, for the consoles' detail view: its timeline, the webhook events it
 * announced with every delivery attempt, its refunds, its customer's claims, and the ledger journals of it, of its
 * transfer and of its refunds.
 */
export function createPaymentSessionDetail(deps: {
  db: Database;
  repo: PaymentSessionsRepository;
  customerPagesUrl: string;
}) {
  const { db } = deps;
  const claims = createPaymentClaimsRepository(db);
  return {
    /** A Merchant user passes its merchant: another merchant's session is not found. */
    async get(id: string, merchantId?: string): Promise<PaymentSessionDetail> {
      const [row] = await db
        .select({
          session: paymentSessions,
          merchantName: merchants.name,
          accountLabel: walletAccounts.label,
          accountNumber: walletAccounts.accountNumber,
        })
        .from(paymentSessions)
        .innerJoin(merchants, eq(merchants.id, paymentSessions.merchantId))
        .leftJoin(walletAccounts, eq(walletAccounts.id, paymentSessions.walletAccountId))
        .where(and(eq(paymentSessions.id, id), merchantId ? eq(paymentSessions.merchantId, merchantId) : undefined))
        .limit(1);
      if (!row) throw notFound('Payment session');
      const { session } = row;
      const refunds = await db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.paymentSessionId, session.id))
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id));
      const references = [session.id, ...refunds.map((refund) => refund.id)];
      if (session.walletTransactionId) references.push(session.walletTransactionId);
      const [timeline, webhooks, journals, claimRows] = await Promise.all([
        deps.repo.timeline(session.id),
        webhookEventsOf(db, session.id),
        journalsOf(db, references),
        claims.ofSession(session.id),
      ]);
      return {
        session: toOperatorPaymentSession(session, row.merchantName, deps.customerPagesUrl),
        receivingAccount:
          row.accountLabel !== null && row.accountNumber !== null
            ? { label: row.accountLabel, accountNumber: row.accountNumber }
            : null,
        timeline: await sessionTimeline(db, session, timeline),
        webhooks,
        journals,
        refunds: refunds.map((refund) => toRefundOf(refund, deps.customerPagesUrl)),
        claims: claimRows.map(toPaymentClaim),
      };
    },
  };
}
export type PaymentSessionDetailReader = ReturnType<typeof createPaymentSessionDetail>;
