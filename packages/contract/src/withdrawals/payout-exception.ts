import { z } from 'zod';
import { idSchema, isoDateTimeSchema, pageQuerySchema, pageSchema } from '../common';
import { amountSchema } from '../money/amount';
import { currencySchema } from '../money/currency';
import { walletProviderSchema } from '../wallets/provider';

/**
 * Money that left a wallet account with no open withdrawal to answer for it: an outgoing transfer
 * that pays a withdrawal whose hold was already released (the operator said "not paid", or a
 * history read or the phone failed it, and then the success came), or one that no withdrawal
 * claims at all. Each is posted to the payout exceptions account at once (it left the account's
 * cash) and waits for an operator: charge it to the merchant whose withdrawal it paid (the hold is
 * taken again, with the fee), or write it off as Gerbang's loss. Either is audited.
 */
export const PAYOUT_EXCEPTION_OUTCOMES = ['paid_after_release', 'unclaimed'] as const;
export const payoutExceptionOutcomeSchema = z.enum(PAYOUT_EXCEPTION_OUTCOMES);
export type PayoutExceptionOutcome = z.infer<typeof payoutExceptionOutcomeSchema>;
/**
 * How an exception ended: an Admin charged the merchant or wrote it off; or the withdrawal it was
 * made for claimed it (its phone's result, or an operator's reconciliation, named the transfer after
 * it was queued: the money left once, for that withdrawal).
 */
export const PAYOUT_EXCEPTION_RESOLUTIONS = ['charged_to_merchant', 'written_off', 'claimed_by_withdrawal'] as const;
export type PayoutExceptionResolution = (typeof PAYOUT_EXCEPTION_RESOLUTIONS)[number];

export const payoutExceptionSchema = z.object({
  /** The outgoing transfer's id (in the sending account's history). */
  id: idSchema,
  walletAccountId: idSchema,
  provider: walletProviderSchema,
  accountNumber: z.string(),
  currency: currencySchema,
  amount: amountSchema,
  counterpartyName: z.string(),
  counterpartyAccount: z.string(),
  providerTransactionId: z.string(),
  occurredAt: isoDateTimeSchema,
  outcome: payoutExceptionOutcomeSchema,
  /** The released withdrawal it paid (paid_after_release). */
  withdrawalId: idSchema.nullable(),
  withdrawalReference: z.string().nullable(),
  merchantName: z.string().nullable(),
  resolution: z.enum(PAYOUT_EXCEPTION_RESOLUTIONS).nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type PayoutException = z.infer<typeof payoutExceptionSchema>;

export const listPayoutExceptions = { method: 'GET', path: '/payout-exceptions' } as const;
export const listPayoutExceptionsQuerySchema = pageQuerySchema.extend({
  /** Only the ones still waiting for an operator. */
  awaitingReview: z.enum(['true', 'false']).optional(),
});
export type ListPayoutExceptionsQuery = z.input<typeof listPayoutExceptionsQuerySchema>;
export const listPayoutExceptionsResponseSchema = pageSchema(payoutExceptionSchema);

export const resolvePayoutExceptionBodySchema = z.strictObject({
  note: z.string().trim().min(1, 'Say why').max(500),
});
/** The merchant whose released withdrawal it paid is charged after all: amount and fee. */
export const chargePayoutExceptionToMerchant = {
  method: 'POST',
  path: '/payout-exceptions/:id/charge-merchant',
} as const;
/** Gerbang takes the loss. */
export const writeOffPayoutException = { method: 'POST', path: '/payout-exceptions/:id/write-off' } as const;
