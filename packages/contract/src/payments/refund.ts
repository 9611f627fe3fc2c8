import { z } from 'zod';
import { amountStringSchema } from '../money/amount';
import { withdrawalSchema } from '../withdrawals/withdrawal';

/**
 * Refunds, started by the merchant: a paid session's money back to the account that paid it, as a
 * withdrawal of kind `refund` (held from the merchant's available balance with its withdrawal fee,
 * verified by an account-name inquiry, sent by a phone, settled or released; docs/refunds.md).
 * It goes to the account the incoming transfer's history names, on the receiving account's own
 * network (WALLET_PROVIDER_TABLE's payoutProvider: DANA pays DANA, Livin' a Mandiri account);
 * when the history names none, the customer names it on the withdraw page (`withdrawUrl`), which
 * the merchant sends them, and confirms it there (state awaiting_destination first).
 * A session's refunds never exceed what it received: each one reserves its amount on the session
 * in the transaction that creates it, and one that fails or is cancelled gives it back.
 */
export const createRefundBodySchema = z.strictObject({
  /** Omitted: everything not refunded yet. */
  amount: amountStringSchema.optional(),
  /** Why (shown to operators and in the refund's webhooks as its note). */
  reason: z.string().trim().max(200).default(''),
});
export type CreateRefundBody = z.input<typeof createRefundBodySchema>;

/** The merchant API (scope refunds:write, Idempotency-Key required) and its list (payments:read). */
export const createApiRefund = { method: 'POST', path: '/v1/payment-sessions/:id/refunds' } as const;
export const listApiRefunds = { method: 'GET', path: '/v1/payment-sessions/:id/refunds' } as const;
/** The merchant console's Refund action (owner and finance). */
export const createSessionRefund = { method: 'POST', path: '/payment-sessions/:id/refunds' } as const;

/** A refund as the merchant reads it: a withdrawal of kind refund, and its customer's page if any. */
export const refundSchema = withdrawalSchema.extend({
  /** Where the customer names their account and confirms (refunds whose payment named none). */
  withdrawUrl: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;
