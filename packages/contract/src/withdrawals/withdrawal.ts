import { z } from 'zod';
import { stepActorSchema } from '../audit/step-actor';
import { idSchema, isoDateTimeSchema, pageQuerySchema, pageSchema } from '../common';
import { defineLifecycle } from '../lifecycle';
import { amountSchema, amountStringSchema } from '../money/amount';
import { currencySchema } from '../money/currency';
import { modeSchema } from '../test-mode/test-mode';
import { walletProviderSchema } from '../wallets/provider';
import { webhookEventSummarySchema } from '../webhooks/webhook-delivery';
import { payoutProviderSchema } from './payout-destination';
import { payoutNameCheckSchema } from './payout-name-check';

/**
 * Money out. A settlement takes a merchant's balance to one of its verified payout methods; a
 * customer withdrawal pays one of the merchant's customers; a refund pays a paid session's money
 * back to the account that sent it (contract payments/refund.ts). Each holds the amount and its fee from
 * the merchant's available balance when it is created (settlement: pending_approval; customer:
 * verifying), and is paid by a phone's transfer. Its lifecycle (lifecycleDiagram of the table
 * below; docs/withdrawals.md shows the same lines):
 *
 *   verifying ─(verified)→ awaiting_confirmation
 *   verifying ─(account_not_found)→ failed
 *   verifying ─(name_held)→ name_review
 *   verifying ─(name_refused)→ failed
 *   name_review ─(name_approved)→ awaiting_confirmation
 *   name_review ─(name_rejected)→ failed
 *   verifying ─(refund_verified)→ confirmed
 *   name_review ─(refund_name_approved)→ confirmed
 *   verifying ─(refund_not_verified)→ failed
 *   awaiting_destination ─(destination_given)→ verifying
 *   awaiting_confirmation ─(confirmation_timeout)→ verifying
 *   awaiting_confirmation ─(customer_confirmed)→ confirmed
 *   confirmed ─(confirmed_sent)→ processing
 *   confirmed ─(no_account_available)→ failed
 *   awaiting_destination | verifying | name_review | awaiting_confirmation | confirmed ─(cancelled_by_customer)→ cancelled
 *   awaiting_destination | pending_approval | verifying | name_review | awaiting_confirmation | confirmed ─(cancelled_by_merchant)→ cancelled
 *   awaiting_destination | verifying | name_review | awaiting_confirmation ─(link_expired)→ cancelled
 *   pending_approval ─(cancelled_by_operator)→ cancelled
 *   pending_approval ─(approved)→ approved
 *   pending_approval | approved ─(rejected)→ rejected
 *   approved ─(transfer_started)→ processing
 *   approved ─(paid_outside)→ success
 *   processing ─(went_uncertain)→ uncertain
 *   processing | uncertain ─(transfer_reported)→ success
 *   processing | uncertain ─(transfer_failed)→ failed
 *   uncertain ─(found_in_history)→ success
 *   uncertain ─(not_in_history)→ failed
 *   uncertain ─(reconciled_paid)→ success
 *   uncertain ─(reconciled_not_paid)→ failed
 *
 * The hold is settled on success and released on failed, rejected and cancelled; an uncertain
 * withdrawal keeps it and is never sent again.
 */
export const WITHDRAWAL_STATUSES = [
  'awaiting_destination',
  'verifying',
  'name_review',
  'awaiting_confirmation',
  'confirmed',
  'pending_approval',
  'approved',
  'processing',
  'uncertain',
  'success',
  'failed',
  'rejected',
  'cancelled',
] as const;
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

export const WITHDRAWAL_LIFECYCLE = defineLifecycle({
  name: 'withdrawal',
  states: WITHDRAWAL_STATUSES,
  initial: ['pending_approval', 'verifying', 'awaiting_destination'],
  events: {
    verified: { from: ['verifying'], to: 'awaiting_confirmation' },
    account_not_found: { from: ['verifying'], to: 'failed' },
    name_held: { from: ['verifying'], to: 'name_review' },
    name_refused: { from: ['verifying'], to: 'failed' },
    name_approved: { from: ['name_review'], to: 'awaiting_confirmation' },
    name_rejected: { from: ['name_review'], to: 'failed' },
    // A refund goes back to the account that paid: no customer confirms it, it is sent once verified.
    refund_verified: { from: ['verifying'], to: 'confirmed' },
    refund_name_approved: { from: ['name_review'], to: 'confirmed' },
    // No phone could ask whose the account is: nobody would retry it, so it fails and gives the money back.
    refund_not_verified: { from: ['verifying'], to: 'failed' },
    // A refund whose payer's account is unknown: the customer names one on the withdraw page.
    destination_given: { from: ['awaiting_destination'], to: 'verifying' },
    confirmation_timeout: { from: ['awaiting_confirmation'], to: 'verifying' },
    customer_confirmed: { from: ['awaiting_confirmation'], to: 'confirmed' },
    confirmed_sent: { from: ['confirmed'], to: 'processing' },
    no_account_available: { from: ['confirmed'], to: 'failed' },
    cancelled_by_customer: {
      from: ['awaiting_destination', 'verifying', 'name_review', 'awaiting_confirmation', 'confirmed'],
      to: 'cancelled',
    },
    cancelled_by_merchant: {
      from: [
        'awaiting_destination',
        'pending_approval',
        'verifying',
        'name_review',
        'awaiting_confirmation',
        'confirmed',
      ],
      to: 'cancelled',
    },
    link_expired: {
      from: ['awaiting_destination', 'verifying', 'name_review', 'awaiting_confirmation'],
      to: 'cancelled',
    },
    cancelled_by_operator: { from: ['pending_approval'], to: 'cancelled' },
    approved: { from: ['pending_approval'], to: 'approved' },
    rejected: { from: ['pending_approval', 'approved'], to: 'rejected' },
    transfer_started: { from: ['approved'], to: 'processing' },
    paid_outside: { from: ['approved'], to: 'success' },
    went_uncertain: { from: ['processing'], to: 'uncertain' },
    transfer_reported: { from: ['processing', 'uncertain'], to: 'success' },
    transfer_failed: { from: ['processing', 'uncertain'], to: 'failed' },
    found_in_history: { from: ['uncertain'], to: 'success' },
    not_in_history: { from: ['uncertain'], to: 'failed' },
    reconciled_paid: { from: ['uncertain'], to: 'success' },
    reconciled_not_paid: { from: ['uncertain'], to: 'failed' },
  },
});
export type WithdrawalEventName = keyof typeof WITHDRAWAL_LIFECYCLE.events;

/** Still holding money (the dashboard's pending withdrawals): every state but the final ones. */
export const OPEN_WITHDRAWAL_STATUSES = [
  'awaiting_destination',
  'verifying',
  'name_review',
  'awaiting_confirmation',
  'confirmed',
  'pending_approval',
  'approved',
  'processing',
  'uncertain',
] as const satisfies readonly WithdrawalStatus[];

/**
 * `return`: an operator sends a transfer that paid nothing back to its sender (contract
 * payments/deposit-transfer.ts, returnDepositTransfer). It belongs to no merchant: its money comes
 * from suspense, not a merchant's balance, no fee is taken, and no merchant sees it or is told of it.
 * Otherwise it moves as a refund does (verifying → confirmed → processing → …).
 */
export const WITHDRAWAL_KINDS = ['settlement', 'customer', 'refund', 'return'] as const;
/** What a merchant's own withdrawals can be (a return belongs to no merchant). */
export const MERCHANT_WITHDRAWAL_KINDS = [
  'settlement',
  'customer',
  'refund',
] as const satisfies readonly (typeof WITHDRAWAL_KINDS)[number][];
export const withdrawalKindSchema = z.enum(WITHDRAWAL_KINDS);
export type WithdrawalKind = z.infer<typeof withdrawalKindSchema>;

/**
 * Why a transfer failed or went uncertain, in a word: the phone's error code, or what the server
 * saw (the deadline passed, the phone went away or was never reached).
 */
export const TRANSFER_FAILURE_REASONS = [
  'insufficient_funds',
  'destination_invalid',
  'limit_exceeded',
  'not_logged_in',
  'session_expired',
  'app_crashed',
  'app_not_installed',
  'outcome_unknown',
  'timeout',
  'disconnected',
  'offline',
  'unsupported',
  'not_in_history',
  'operator',
  'failed',
] as const;
export const transferFailureReasonSchema = z.enum(TRANSFER_FAILURE_REASONS);

export const withdrawalSchema = z.object({
  id: idSchema,
  kind: withdrawalKindSchema,
  merchantId: idSchema,
  referenceNumber: z.string(),
  currency: currencySchema,
  amount: amountSchema,
  /** The merchant's withdrawal fee, held with the amount. */
  fee: amountSchema,
  status: withdrawalStatusSchema,
  destination: z.object({
    provider: payoutProviderSchema,
    accountNumber: z.string(),
    holderName: z.string(),
    /** As the provider named the holder (verified destinations). */
    verifiedHolderName: z.string().nullable(),
  }),
  /** The two names compared (payout-name-check.ts); null until verified or when no name was given. */
  nameCheck: payoutNameCheckSchema,
  payoutMethodId: idSchema.nullable(),
  /** The payment session a refund pays back (refunds only). */
  paymentSessionId: idSchema.nullable(),
  note: z.string(),
  failureReason: z.string().nullable(),
  /** The provider's id of the transfer, or the operator's reference of a payment made outside. */
  transferReference: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  completedAt: isoDateTimeSchema.nullable(),
  /** false: test mode's (a test token's or the console's in test mode), paid only by the test provider. */
  livemode: z.boolean(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/**
 * What operators see beside it: who, through which account, and what they may do next. A return
 * has no merchant (null) and names the incoming transfer it sends back.
 */
export const operatorWithdrawalSchema = withdrawalSchema.extend({
  merchantId: idSchema.nullable(),
  merchantName: z.string().nullable(),
  returnedTransferId: idSchema.nullable(),
  sendingAccount: z
    .object({ id: idSchema, provider: walletProviderSchema, accountNumber: z.string(), name: z.string() })
    .nullable(),
  createdByUserId: idSchema.nullable(),
  lastChangedByUserId: idSchema.nullable(),
  approvedByUserId: idSchema.nullable(),
});
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawalSchema>;

export const withdrawalEventSchema = z.object({
  fromStatus: withdrawalStatusSchema.nullable(),
  toStatus: withdrawalStatusSchema,
  reason: z.string(),
  actorUserId: idSchema.nullable(),
  actor: stepActorSchema,
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: isoDateTimeSchema,
});
export type WithdrawalEvent = z.infer<typeof withdrawalEventSchema>;
export const withdrawalDetailSchema = operatorWithdrawalSchema.extend({
  timeline: z.array(withdrawalEventSchema),
  /** What the merchant was told of it: every webhook event with its delivery attempts. */
  webhooks: z.array(webhookEventSummarySchema),
});
export type WithdrawalDetail = z.infer<typeof withdrawalDetailSchema>;

export const listWithdrawals = { method: 'GET', path: '/withdrawal-requests' } as const;
export const listWithdrawalsQuerySchema = pageQuerySchema.extend({
  status: withdrawalStatusSchema.optional(),
  kind: withdrawalKindSchema.optional(),
  merchantId: idSchema.optional(),
  /** Operators see live withdrawals unless they ask for test mode's (a Merchant user's mode is its console's). */
  mode: modeSchema.optional(),
});
export type ListWithdrawalsQuery = z.infer<typeof listWithdrawalsQuerySchema>;
export const listWithdrawalsResponseSchema = pageSchema(operatorWithdrawalSchema);
export type ListWithdrawalsResponse = z.infer<typeof listWithdrawalsResponseSchema>;

/** The filtered withdrawals (settlements, payouts, refunds) as CSV, newest first, streamed. */
export const exportWithdrawals = { method: 'GET', path: '/withdrawal-requests/export' } as const;
export const exportWithdrawalsQuerySchema = z.strictObject({
  status: withdrawalStatusSchema.optional(),
  kind: withdrawalKindSchema.optional(),
  merchantId: idSchema.optional(),
  mode: modeSchema.optional(),
});
/** The export's columns, in order (the first CSV line). */
export const WITHDRAWAL_EXPORT_COLUMNS = [
  'createdAt',
  'id',
  'kind',
  'merchantName',
  'referenceNumber',
  'status',
  'currency',
  'amount',
  'fee',
  'provider',
  'accountNumber',
  'holderName',
  'verifiedHolderName',
  'nameScore',
  'sentFrom',
  'transferReference',
  'failureReason',
  'paymentSessionId',
  'completedAt',
] as const;

export const getWithdrawal = { method: 'GET', path: '/withdrawal-requests/:id' } as const;

/**
 * A settlement: merchant users for their merchant; operators name the merchant. `requestId` is the
 * console's name for this request (made once per form): the same id again is the same request (a
 * double submit or a retry answers with the first, 200), with another body a 422.
 */
export const createWithdrawalRequest = { method: 'POST', path: '/withdrawal-requests' } as const;
export const createWithdrawalRequestBodySchema = z.strictObject({
  merchantId: idSchema.optional(),
  payoutMethodId: idSchema,
  amount: amountStringSchema,
  note: z.string().trim().max(200).default(''),
  requestId: idSchema.optional(),
});
export type CreateWithdrawalRequestBody = z.input<typeof createWithdrawalRequestBodySchema>;

export const cancelWithdrawalRequest = { method: 'POST', path: '/withdrawal-requests/:id/cancel' } as const;
export const approveWithdrawalRequest = { method: 'POST', path: '/withdrawal-requests/:id/approve' } as const;
export const rejectWithdrawalRequest = { method: 'POST', path: '/withdrawal-requests/:id/reject' } as const;
export const rejectWithdrawalBodySchema = z.strictObject({
  reason: z.string().trim().min(1, 'This field is required').max(500),
});
/** Sends it through a ready account's phone (the operator's pick, or the readiest one). */
export const executeWithdrawalRequest = { method: 'POST', path: '/withdrawal-requests/:id/execute' } as const;
export const executeWithdrawalBodySchema = z.strictObject({ walletAccountId: idSchema.optional() });
export const markWithdrawalPaid = { method: 'POST', path: '/withdrawal-requests/:id/mark-paid' } as const;
export const markWithdrawalPaidBodySchema = z.strictObject({
  reference: z.string().trim().min(1, 'This field is required').max(100),
  note: z.string().trim().max(500).default(''),
});
/**
 * An operator's decision on a customer withdrawal held because the holder's name the provider gave
 * does not match the merchant's: approved, the customer may confirm it; rejected, it fails and its
 * hold is released. The reason is kept on its timeline and in the audit log.
 */
export const reviewWithdrawalName = { method: 'POST', path: '/withdrawal-requests/:id/name-review' } as const;
export const reviewWithdrawalNameBodySchema = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  reason: z.string().trim().min(1, 'This field is required').max(500),
});
export type ReviewWithdrawalNameBody = z.input<typeof reviewWithdrawalNameBodySchema>;

/** Settles an uncertain withdrawal by what the sending account's history shows. */
export const reconcileWithdrawal = { method: 'POST', path: '/withdrawal-requests/:id/reconcile' } as const;
export const reconcileWithdrawalBodySchema = z.discriminatedUnion('outcome', [
  z.strictObject({
    outcome: z.literal('paid'),
    /** The provider's id of the transfer as the sending account's history shows it. */
    reference: z.string().trim().min(1, 'This field is required').max(100),
    note: z.string().trim().max(500).default(''),
  }),
  z.strictObject({
    outcome: z.literal('not_paid'),
    note: z.string().trim().min(1, 'This field is required').max(500),
  }),
]);
export type ReconcileWithdrawalBody = z.input<typeof reconcileWithdrawalBodySchema>;
