import { z } from 'zod';
import { createdRangeIsOrdered, idSchema, isoDateTimeSchema, pageQuerySchema, pageSchema } from '../common';
import { defineLifecycle } from '../lifecycle';
import { callbackUrlSchema } from '../merchants/merchant';
import { amountSchema, amountStringSchema } from '../money/amount';
import { currencySchema } from '../money/currency';
import { modeSchema } from '../test-mode/test-mode';
import { walletProviderSchema } from '../wallets/provider';

/**
 * A payment session: one customer paying one merchant one amount, through one of the merchant's
 * methods, before `expiresAt`. Its lifecycle (lifecycleDiagram of the table below; docs/payments.md
 * shows the same lines):
 *
 *   created ─(method_selected)→ awaiting_payment
 *   awaiting_payment ─(customer_transferred)→ processing
 *   awaiting_payment | processing | expired | failed ─(transfer_matched)→ success
 *   awaiting_payment | processing | expired | failed ─(operator_matched)→ success
 *   created | awaiting_payment ─(time_limit)→ expired
 *   processing ─(transfer_not_found)→ failed
 *
 * `transfer_matched` from expired or failed: a transfer made inside the session's window (its
 * time limit, give or take the clock skew) and reported after the session ended still pays it.
 */
export const PAYMENT_SESSION_STATUSES = [
  'created',
  'awaiting_payment',
  'processing',
  'success',
  'failed',
  'expired',
] as const;
export const paymentSessionStatusSchema = z.enum(PAYMENT_SESSION_STATUSES);
export type PaymentSessionStatus = z.infer<typeof paymentSessionStatusSchema>;

export const PAYMENT_SESSION_LIFECYCLE = defineLifecycle({
  name: 'payment_session',
  states: PAYMENT_SESSION_STATUSES,
  initial: ['created'],
  events: {
    method_selected: { from: ['created'], to: 'awaiting_payment' },
    customer_transferred: { from: ['awaiting_payment'], to: 'processing' },
    transfer_matched: { from: ['awaiting_payment', 'processing', 'expired', 'failed'], to: 'success' },
    operator_matched: { from: ['awaiting_payment', 'processing', 'expired', 'failed'], to: 'success' },
    time_limit: { from: ['created', 'awaiting_payment'], to: 'expired' },
    transfer_not_found: { from: ['processing'], to: 'failed' },
  },
});
export type PaymentSessionEventName = keyof typeof PAYMENT_SESSION_LIFECYCLE.events;

/** The merchant's own reference: unique per merchant. */
export const referenceNumberSchema = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(64)
  .regex(/^[A-Za-z0-9._:/-]+$/, 'Use letters, digits and . _ : / - only');

export const customerSchema = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  email: z.email().max(254).optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{4,19}$/, 'Enter a phone number such as +62 812 3456 7890')
    .optional(),
});
export type Customer = z.infer<typeof customerSchema>;

export const PAYMENT_METADATA_MAX_KEYS = 20;
/** The merchant's own data, returned as given: flat, small, no secrets (it is shown to operators). */
export const metadataSchema = z
  .record(z.string().min(1).max(40), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((record) => Object.keys(record).length <= PAYMENT_METADATA_MAX_KEYS, {
    message: `At most ${PAYMENT_METADATA_MAX_KEYS} keys`,
  });

/** How the customer pays: scan a QR (DANA, Maya) or transfer to a bank account (Livin'). */
/**
 * The ways a customer pays a Maya account (spec "Provider names"), each with its own instructions:
 * Maya to Maya by the account's mobile number, Maya to Maya by its QR (the amount in it), and from
 * any bank by InstaPay to the account at Maya Bank (its mobile number is its account number).
 */
export const MAYA_PAYMENT_WAYS = ['maya_to_maya_phone_number', 'maya_to_maya_qr', 'maya_to_bank'] as const;
export type MayaPaymentWay = (typeof MAYA_PAYMENT_WAYS)[number];
/** The bank a Maya account is at, as InstaPay lists it. */
export const MAYA_BANK_NAME = 'Maya Bank, Inc.';

export const paymentInstructionsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('qr'),
    provider: walletProviderSchema,
    /** The EMV QR payload to draw; it carries the final amount. */
    qr: z.string(),
    accountName: z.string(),
  }),
  z.object({
    kind: z.literal('bank'),
    provider: walletProviderSchema,
    bankName: z.string(),
    accountNumber: z.string(),
    holderName: z.string(),
  }),
  z.object({
    kind: z.literal('maya'),
    provider: walletProviderSchema,
    /** The ways offered, in this order (the QR only when the account has one). */
    ways: z.array(z.enum(MAYA_PAYMENT_WAYS)),
    /** The account's mobile number: Maya to Maya, and its account number at Maya Bank. */
    phoneNumber: z.string(),
    accountName: z.string(),
    bankName: z.string(),
    /** The EMV QR payload with the final amount; null when the account has no QR. */
    qr: z.string().nullable(),
  }),
]);
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

/** The session as the merchant API returns it (and the webhooks carry it). */
export const paymentSessionSchema = z.object({
  id: idSchema,
  referenceNumber: z.string(),
  currency: currencySchema,
  amount: amountSchema,
  /** Taken off so the final amount is unique among the account's open sessions. */
  discountAmount: amountSchema,
  extraFee: amountSchema,
  /** What the customer must pay: amount − discount + extra fee. */
  finalAmount: amountSchema,
  /** The merchant's deposit fee on this session (credited to the merchant: amount − fee). */
  fee: amountSchema,
  /**
   * What arrived (null until paid): the final amount, or, when an operator matched a transfer of a
   * slightly different amount (a near match), that transfer's amount. The merchant is then credited
   * amount + (received − final) − fee, the fee computed on that.
   */
  receivedAmount: amountSchema.nullable(),
  /** Refunded or being refunded (refunds that failed or were cancelled give theirs back); never above receivedAmount. */
  refundedAmount: amountSchema,
  status: paymentSessionStatusSchema,
  method: walletProviderSchema.nullable(),
  customer: customerSchema.nullable(),
  returnUrl: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  expiresAt: isoDateTimeSchema,
  paidAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  /** The public deposit page for this session, to open or to put in an iframe. */
  paymentUrl: z.string(),
  /** false: a test mode session (a test token's), paid only by the test provider (docs/test-mode.md). */
  livemode: z.boolean(),
});
export type PaymentSession = z.infer<typeof paymentSessionSchema>;

export const createPaymentSessionBodySchema = z.strictObject({
  referenceNumber: referenceNumberSchema,
  amount: amountStringSchema,
  method: walletProviderSchema.optional(),
  customer: customerSchema.optional(),
  returnUrl: callbackUrlSchema.optional(),
  metadata: metadataSchema.optional(),
});
export type CreatePaymentSessionBody = z.infer<typeof createPaymentSessionBodySchema>;

/** Required on every creating call of the merchant API; kept 24 hours. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/**
 * Whose key space a key lives in, beside its merchant: the merchant's server (`/v1`), a customer's
 * payment link (public), the console's settlement requests. A key of one never touches another.
 */
export const IDEMPOTENCY_CALLERS = ['merchant_api', 'payment_link', 'console'] as const;
export type IdempotencyCaller = (typeof IDEMPOTENCY_CALLERS)[number];
export const idempotencyKeySchema = z
  .string()
  .min(1, 'Send an Idempotency-Key header: a unique value per payment, such as a UUID')
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'Use printable ASCII without spaces');
export const idempotentHeadersSchema = z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema });

export const createApiPaymentSession = { method: 'POST', path: '/v1/payment-sessions' } as const;
export const getApiPaymentSession = { method: 'GET', path: '/v1/payment-sessions/:id' } as const;
export const listApiPaymentSessions = { method: 'GET', path: '/v1/payment-sessions' } as const;
export const listPaymentSessionsQuerySchema = pageQuerySchema.extend({
  status: paymentSessionStatusSchema.optional(),
  referenceNumber: z.string().trim().max(64).optional(),
  method: walletProviderSchema.optional(),
});
export type ListPaymentSessionsQuery = z.input<typeof listPaymentSessionsQuerySchema>;
export const listPaymentSessionsResponseSchema = pageSchema(paymentSessionSchema);

/** What operators see of a session (all merchants): the merchant and the receiving account too. */
export const operatorPaymentSessionSchema = paymentSessionSchema.extend({
  merchantId: idSchema,
  merchantName: z.string(),
  walletAccountId: idSchema.nullable(),
});
export type OperatorPaymentSession = z.infer<typeof operatorPaymentSessionSchema>;

/**
 * Admin console `/transaction-session`: every merchant's sessions, newest first; a Merchant user
 * (merchant console `/transaction`) gets its own merchant's only, whatever `merchantId` says.
 * `search` finds sessions whose reference number starts with it; `createdFrom` (inclusive) and
 * `createdTo` (exclusive) bound the creation time.
 */
export const listPaymentSessions = { method: 'GET', path: '/payment-sessions' } as const;
const operatorSessionFilters = {
  status: paymentSessionStatusSchema.optional(),
  referenceNumber: z.string().trim().max(64).optional(),
  method: walletProviderSchema.optional(),
  merchantId: idSchema.optional(),
  walletAccountId: idSchema.optional(),
  search: z.string().trim().min(1).max(64).optional(),
  createdFrom: isoDateTimeSchema.optional(),
  createdTo: isoDateTimeSchema.optional(),
  /** Operators see live sessions unless they ask for test mode's (a Merchant user's mode is its console's). */
  mode: modeSchema.optional(),
};
export const listOperatorPaymentSessionsQuerySchema = pageQuerySchema
  .extend(operatorSessionFilters)
  .refine(...createdRangeIsOrdered);
export type ListOperatorPaymentSessionsQuery = z.input<typeof listOperatorPaymentSessionsQuerySchema>;
export const listOperatorPaymentSessionsResponseSchema = pageSchema(operatorPaymentSessionSchema);

/**
 * The same sessions as CSV (the list's filters, every matching row, newest first), streamed: the
 * server reads and sends them a page at a time, so a large export never sits in its memory.
 */
export const exportPaymentSessions = { method: 'GET', path: '/payment-sessions/export' } as const;
export const exportPaymentSessionsQuerySchema = z.strictObject(operatorSessionFilters).refine(...createdRangeIsOrdered);
export type ExportPaymentSessionsQuery = z.input<typeof exportPaymentSessionsQuerySchema>;
/** The export's columns, in order (the first CSV line). */
export const PAYMENT_SESSION_EXPORT_COLUMNS = [
  'createdAt',
  'id',
  'merchantId',
  'merchantName',
  'referenceNumber',
  'status',
  'method',
  'currency',
  'amount',
  'discountAmount',
  'extraFee',
  'finalAmount',
  'fee',
  'walletAccountId',
  'expiresAt',
  'paidAt',
] as const;
