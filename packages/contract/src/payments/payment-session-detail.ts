import { z } from 'zod';
import { stepActorSchema } from '../audit/step-actor';
import { idSchema, isoDateTimeSchema } from '../common';
import { amountSchema } from '../money/amount';
import { currencySchema } from '../money/currency';
import { webhookEventSummarySchema } from '../webhooks/webhook-delivery';
import { paymentClaimSchema } from './payment-claim';
import { operatorPaymentSessionSchema, paymentSessionStatusSchema } from './payment-session';
import { refundSchema } from './refund';

/** One step of a session's life, as its timeline table recorded it. */
export const paymentSessionStepSchema = z.object({
  at: isoDateTimeSchema,
  fromStatus: paymentSessionStatusSchema.nullable(),
  toStatus: paymentSessionStatusSchema,
  /** What moved it: "created", "method_selected", "transfer_matched", "deadline_passed", … */
  reason: z.string(),
  actor: stepActorSchema,
});
export type PaymentSessionStep = z.infer<typeof paymentSessionStepSchema>;

/** A ledger entry: debit positive, credit negative, in the journal's currency. */
export const ledgerEntryViewSchema = z.object({
  /** The account's kind: merchant_available, fee_revenue, wallet_cash, suspense, … */
  account: z.string(),
  amount: amountSchema,
});

export const ledgerJournalViewSchema = z.object({
  id: idSchema,
  kind: z.string(),
  currency: currencySchema,
  memo: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  entries: z.array(ledgerEntryViewSchema),
});
export type LedgerJournalView = z.infer<typeof ledgerJournalViewSchema>;

/** A session with its proof: every step, every webhook event and attempt, every journal. */
export const paymentSessionDetailSchema = z.object({
  session: operatorPaymentSessionSchema,
  /** The account the customer was told to pay into (the deposit page shows the same). */
  receivingAccount: z.object({ label: z.string(), accountNumber: z.string() }).nullable(),
  timeline: z.array(paymentSessionStepSchema),
  webhooks: z.array(webhookEventSummarySchema),
  journals: z.array(ledgerJournalViewSchema),
  /** Its refunds (withdrawals of kind refund), newest first. */
  refunds: z.array(refundSchema),
  /** Its customer's claims ("I paid but it is not confirmed"), newest first. */
  claims: z.array(paymentClaimSchema),
});
export type PaymentSessionDetail = z.infer<typeof paymentSessionDetailSchema>;

/** Operators see any session; a Merchant user only its own merchant's (404 otherwise). */
export const getPaymentSessionDetail = { method: 'GET', path: '/payment-sessions/:id' } as const;
