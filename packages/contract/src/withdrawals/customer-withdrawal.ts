import { z } from 'zod';
import { idSchema, isoDateTimeSchema, pageQuerySchema, pageSchema } from '../common';
import { callbackUrlSchema } from '../merchants/merchant';
import { amountSchema, amountStringSchema } from '../money/amount';
import { currencySchema } from '../money/currency';
import { customerSchema, referenceNumberSchema } from '../payments/payment-session';
import { holderNameSchema, payoutProviderSchema } from './payout-destination';
import { withdrawalSchema, withdrawalStatusSchema } from './withdrawal';

/**
 * A customer withdrawal: the merchant pays one of its customers through `/v1/withdrawals`; the
 * customer confirms on the public `/withdraw` page (spec §4 "Customer withdraw flow").
 *
 *   verifying ─(a phone names the holder)→ awaiting_confirmation (confirm before confirmDeadlineAt)
 *   verifying ─(no answer in time, no phone free)→ verifying, lastError verification_timeout
 *   awaiting_confirmation ─(deadline passed)→ verifying, lastError confirmation_timeout
 *   awaiting_confirmation ─(customer confirms)→ processing → success | failed | uncertain
 *   verifying ─(the provider knows no such account)→ failed
 *   verifying ─(the provider's name does not match the merchant's, policy hold)→ name_review
 *   verifying ─(… policy refuse)→ failed, failureReason name_mismatch
 *   name_review ─(an operator approves the name)→ awaiting_confirmation
 *   name_review ─(an operator rejects it)→ failed, failureReason name_mismatch
 *   verifying | name_review | awaiting_confirmation ─(customer or merchant cancels, or the link expires)→ cancelled
 *
 * While the name is reviewed the page shows neither name: it would tell whoever holds the link
 * whose account a number is.
 */
/** How long the customer has to confirm, by default (server setting WITHDRAWAL_CONFIRM_SECONDS). */
export const WITHDRAWAL_CONFIRM_SECONDS = 120;
/** A customer withdrawal not confirmed by then is cancelled and its hold released. */
export const WITHDRAWAL_LINK_HOURS = 24;

export const createApiWithdrawal = { method: 'POST', path: '/v1/withdrawals' } as const;
export const getApiWithdrawal = { method: 'GET', path: '/v1/withdrawals/:id' } as const;
export const listApiWithdrawals = { method: 'GET', path: '/v1/withdrawals' } as const;
export const cancelApiWithdrawal = { method: 'POST', path: '/v1/withdrawals/:id/cancel' } as const;

export const createWithdrawalBodySchema = z.strictObject({
  referenceNumber: referenceNumberSchema,
  amount: amountStringSchema,
  provider: payoutProviderSchema,
  accountNumber: z.string().trim().min(1, 'This field is required').max(40),
  /** The name the merchant knows; the provider's answer is shown beside it. */
  holderName: holderNameSchema.optional(),
  customer: customerSchema.optional(),
  returnUrl: callbackUrlSchema.optional(),
});
export type CreateWithdrawalBody = z.infer<typeof createWithdrawalBodySchema>;

/** The merchant API's answer: the withdrawal, when its link lapses, and the customer's page. */
export const apiWithdrawalSchema = withdrawalSchema.extend({
  expiresAt: isoDateTimeSchema.nullable(),
  withdrawUrl: z.string(),
});
export type ApiWithdrawal = z.infer<typeof apiWithdrawalSchema>;
export const listApiWithdrawalsQuerySchema = pageQuerySchema.extend({ status: withdrawalStatusSchema.optional() });
export const listApiWithdrawalsResponseSchema = pageSchema(apiWithdrawalSchema);

/** Why the customer is asked to verify again. */
export const WITHDRAW_PAGE_ERRORS = ['verification_timeout', 'confirmation_timeout'] as const;

/** What the `/withdraw` page shows (public: the id in the link is the only key). */
export const withdrawViewSchema = z.object({
  id: idSchema,
  merchantName: z.string(),
  referenceNumber: z.string(),
  currency: currencySchema,
  amount: amountSchema,
  status: withdrawalStatusSchema,
  destination: z.object({
    provider: payoutProviderSchema,
    providerName: z.string(),
    accountNumber: z.string(),
    /** As the provider named the holder, once verified (null while the name is reviewed). */
    holderName: z.string().nullable(),
  }),
  /** Confirm before this (awaiting_confirmation); the countdown is from serverTime. */
  confirmDeadlineAt: isoDateTimeSchema.nullable(),
  lastError: z.enum(WITHDRAW_PAGE_ERRORS).nullable(),
  failureReason: z.string().nullable(),
  serverTime: isoDateTimeSchema,
  returnUrl: z.string().nullable(),
  embedOrigins: z.array(z.string()),
  /** false: a test withdrawal (test mode): the page says TEST and offers the test provider's outcomes. */
  livemode: z.boolean(),
});
export type WithdrawView = z.infer<typeof withdrawViewSchema>;

export const getWithdraw = { method: 'GET', path: '/public/withdrawals/:id' } as const;
/** Ask the provider again (after a timeout). */
export const verifyWithdraw = { method: 'POST', path: '/public/withdrawals/:id/verify' } as const;
/** A refund's customer names the account it goes to (the payment's history named none). */
export const giveWithdrawDestination = { method: 'POST', path: '/public/withdrawals/:id/destination' } as const;
export const giveWithdrawDestinationBodySchema = z.strictObject({
  provider: payoutProviderSchema,
  accountNumber: z.string().trim().min(1, 'This field is required').max(30),
});
export type GiveWithdrawDestinationBody = z.infer<typeof giveWithdrawDestinationBodySchema>;
export const confirmWithdraw = { method: 'POST', path: '/public/withdrawals/:id/confirm' } as const;
export const cancelWithdraw = { method: 'POST', path: '/public/withdrawals/:id/cancel' } as const;

/** What an embedded withdraw page posts to its parent on every status (never to "*"). */
export type WithdrawStatusMessage = {
  source: 'gerbang';
  type: 'withdrawal.status';
  withdrawalId: string;
  referenceNumber: string;
  status: WithdrawView['status'];
};
