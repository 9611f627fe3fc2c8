import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';
import { holderNameSchema, payoutProviderSchema } from './payout-destination';
import { payoutNameCheckSchema } from './payout-name-check';

/**
 * A merchant's own payout destination (merchant console /payout-methods). A new one is verified by
 * an account-name inquiry a phone makes; only a verified method can receive a withdrawal.
 *
 *   verifying ─(the provider names the holder)→ verified
 *   verifying ─(no such account, or no phone could ask)→ failed ─(verify again)→ verifying
 */
export const PAYOUT_METHOD_STATUSES = ['verifying', 'verified', 'failed'] as const;
export const payoutMethodStatusSchema = z.enum(PAYOUT_METHOD_STATUSES);
export type PayoutMethodStatus = z.infer<typeof payoutMethodStatusSchema>;

/** A merchant keeps at most this many methods. */
export const PAYOUT_METHODS_MAX = 20;

/**
 * Why an inquiry did not name a holder: the provider knows no such account, the phone could not
 * ask (offline, busy, app trouble), or no phone could take it or answered in time.
 */
export const INQUIRY_FAILURE_REASONS = [
  'account_not_found',
  'no_sender_available',
  'timeout',
  'disconnected',
  'offline',
  'unsupported',
  'failed',
] as const;
export const inquiryFailureReasonSchema = z.enum(INQUIRY_FAILURE_REASONS);
export type InquiryFailureReason = z.infer<typeof inquiryFailureReasonSchema>;

/** Why a method failed: its inquiry, or (merchant policy `refuse`) a holder's name that does not match. */
export const PAYOUT_METHOD_FAILURE_REASONS = [...INQUIRY_FAILURE_REASONS, 'name_mismatch'] as const;

export const payoutMethodSchema = z.object({
  id: idSchema,
  merchantId: idSchema,
  provider: payoutProviderSchema,
  accountNumber: z.string(),
  /** The name the merchant typed. */
  holderName: z.string(),
  label: z.string(),
  status: payoutMethodStatusSchema,
  /** The holder's name as the provider answered the inquiry (verified only). */
  verifiedHolderName: z.string().nullable(),
  failureReason: z.enum(PAYOUT_METHOD_FAILURE_REASONS).nullable(),
  /** The typed name against the provider's (payout-name-check.ts). */
  nameCheck: payoutNameCheckSchema,
  verifiedAt: isoDateTimeSchema.nullable(),
  /** An open withdrawal goes to it: it cannot be removed. */
  inUse: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

export const listPayoutMethods = { method: 'GET', path: '/payout-methods' } as const;
export const listPayoutMethodsResponseSchema = z.object({ items: z.array(payoutMethodSchema) });

export const createPayoutMethod = { method: 'POST', path: '/payout-methods' } as const;
export const createPayoutMethodBodySchema = z.strictObject({
  provider: payoutProviderSchema,
  accountNumber: z.string().trim().min(1, 'This field is required').max(40),
  holderName: holderNameSchema,
  label: z.string().trim().max(50).default(''),
});
export type CreatePayoutMethodBody = z.input<typeof createPayoutMethodBodySchema>;

/** Asks again (after a failure). */
export const verifyPayoutMethod = { method: 'POST', path: '/payout-methods/:id/verify' } as const;
export const deletePayoutMethod = { method: 'DELETE', path: '/payout-methods/:id' } as const;
