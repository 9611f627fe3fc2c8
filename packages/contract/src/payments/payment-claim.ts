import { z } from 'zod';
import { idSchema, isoDateTimeSchema, pageQuerySchema, pageSchema } from '../common';
import { amountSchema, amountStringSchema } from '../money/amount';
import { currencySchema } from '../money/currency';

/**
 * Customer claims, "I paid but it is not confirmed" (docs/payments.md, "Customer claims"): filed on
 * the deposit page while the session is processing, or after it timed out or failed, with what the customer
 * remembers (sender name, time, amount) and, if they have it, a screenshot of the transfer. A claim
 * waits for operators with the session's candidate transfers; it ends
 * - `matched` when its session is paid, by any path (the phone's history, an operator's match),
 * - `credited` when an operator credits a transfer to the merchant under the session's reference,
 * - `rejected` with a message the customer reads on the same page.
 * One claim is open per session at a time, and a session takes at most CLAIMS_PER_SESSION_MAX.
 */
export const PAYMENT_CLAIM_STATUSES = ['open', 'matched', 'credited', 'rejected'] as const;
export const paymentClaimStatusSchema = z.enum(PAYMENT_CLAIM_STATUSES);
export type PaymentClaimStatus = z.infer<typeof paymentClaimStatusSchema>;

/**
 * The session states in which its customer may file a claim: waiting for the transfer after 'I Have
 * Transferred', timed out, or failed because no transfer was found.
 */
export const CLAIMABLE_SESSION_STATUSES = ['processing', 'expired', 'failed'] as const;
export const CLAIMS_PER_SESSION_MAX = 3;
/** Claims one address may file in an hour (every session together). */
export const CLAIMS_PER_IP_PER_HOUR = 10;
/** A proof image: JPEG, PNG or WebP (checked from its bytes), at most this many bytes. */
export const CLAIM_PROOF_MAX_BYTES = 2 * 1024 * 1024;
export const CLAIM_PROOF_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ClaimProofType = (typeof CLAIM_PROOF_TYPES)[number];

/** The deposit page's form. The proof travels as base64 (a JSON body: no multipart parser on a public route). */
export const fileClaimBodySchema = z.strictObject({
  senderName: z.string().trim().min(1).max(100),
  sentAt: isoDateTimeSchema,
  amount: amountStringSchema,
  /** Base64 of the image's bytes; the server decodes it and checks its type and size. */
  proof: z
    .string()
    .max(Math.ceil(CLAIM_PROOF_MAX_BYTES / 3) * 4 + 4)
    .optional(),
});
export type FileClaimBody = z.input<typeof fileClaimBodySchema>;

/** What the customer sees of their claims: no operator, no merchant data. */
export const customerClaimSchema = z.object({
  id: idSchema,
  status: paymentClaimStatusSchema,
  senderName: z.string(),
  sentAt: isoDateTimeSchema,
  amount: amountSchema,
  hasProof: z.boolean(),
  /** The operator's words to the customer (rejected claims). */
  message: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  resolvedAt: isoDateTimeSchema.nullable(),
});
export type CustomerClaim = z.infer<typeof customerClaimSchema>;

/** A claim as operators and its merchant read it (consoles, `payment_claim.*` webhooks). */
export const paymentClaimSchema = customerClaimSchema.extend({
  paymentSessionId: idSchema,
  referenceNumber: z.string(),
  merchantId: idSchema,
  merchantName: z.string(),
  currency: currencySchema,
  /** The session's final amount: what the customer was asked to send. */
  finalAmount: amountSchema,
  sessionStatus: z.string(),
  /** The transfer it was resolved with (matched or credited). */
  walletTransactionId: idSchema.nullable(),
});
export type PaymentClaim = z.infer<typeof paymentClaimSchema>;
export const paymentClaimPageSchema = pageSchema(paymentClaimSchema);

export const rejectClaimBodySchema = z.strictObject({
  /** Shown to the customer on the deposit page: say what they can do next. */
  message: z.string().trim().min(1).max(500),
});
export type RejectClaimBody = z.infer<typeof rejectClaimBodySchema>;

export const listClaimsQuerySchema = pageQuerySchema.extend({ status: paymentClaimStatusSchema.optional() });
export type ListClaimsQuery = z.input<typeof listClaimsQuerySchema>;

export const fileDepositClaim = { method: 'POST', path: '/public/deposits/:id/claims' } as const;
export const listDepositClaims = { method: 'GET', path: '/public/deposits/:id/claims' } as const;
/** Operators' queue (the exceptions desk). */
export const listPaymentClaims = { method: 'GET', path: '/payment-claims' } as const;
export const rejectPaymentClaim = { method: 'POST', path: '/payment-claims/:id/reject' } as const;
/** The proof image (operators, and the session's merchant), served as an inert image. */
export const getPaymentClaimProof = { method: 'GET', path: '/payment-claims/:id/proof' } as const;

/** The claims as CSV (the queue's filter; a Merchant user's own), streamed. */
export const exportPaymentClaims = { method: 'GET', path: '/payment-claims/export' } as const;
export const exportClaimsQuerySchema = z.strictObject({ status: paymentClaimStatusSchema.optional() });
/** The export's columns, in order (the first CSV line). */
export const PAYMENT_CLAIM_EXPORT_COLUMNS = [
  'createdAt',
  'status',
  'referenceNumber',
  'merchantName',
  'currency',
  'finalAmount',
  'amount',
  'senderName',
  'sentAt',
  'hasProof',
  'message',
  'resolvedAt',
  'walletTransactionId',
  'paymentSessionId',
  'id',
] as const satisfies readonly (keyof PaymentClaim)[];
