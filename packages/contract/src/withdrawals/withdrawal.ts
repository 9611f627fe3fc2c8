import { z } from 'zod';
import { idSchema, isoDateTimeSchema, pageQuerySchema, pageSchema } from '../common';
import { amountSchema, amountStringSchema } from '../money/amount';
import { currencySchema } from '../money/currency';
import { walletProviderSchema } from '../wallets/provider';
import { payoutProviderSchema } from './payout-destination';

/**
 * Money out. A settlement takes a merchant's balance to one of its verified payout methods; a
 * customer withdrawal pays one of the merchant's customers. Either holds the amount and its fee from
 * the merchant's available balance when it is created, and is paid by a phone's transfer.
 *
 *   settlement: pending_approval ─(an operator other than its maker approves)→ approved
 *   pending_approval ─(operator rejects, with a reason | merchant cancels)→ rejected | cancelled
 *   approved ─(operator executes through a ready account)→ processing
 *   approved ─(operator marks it paid outside Gerbang, with a reference)→ success
 *   processing ─(the phone reports the transfer)→ success
 *   processing ─(the phone reports it was not made)→ failed
 *   processing ─(no outcome: deadline, phone gone, app crashed after sending)→ uncertain
 *   uncertain ─(found in the sending account's history | operator reconciles)→ success | failed
 *
 * The hold is settled on success and released on failed, rejected and cancelled; an uncertain
 * withdrawal keeps it and is never sent again.
 */
export const WITHDRAWAL_STATUSES = [
  'verifying',
  'awaiting_confirmation',
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
/** Still holding money (the dashboard's pending withdrawals). */
export const OPEN_WITHDRAWAL_STATUSES = [
  'verifying',
  'awaiting_confirmation',
  'pending_approval',
  'approved',
  'processing',
  'uncertain',
] as const satisfies readonly WithdrawalStatus[];

export const WITHDRAWAL_KINDS = ['settlement', 'customer'] as const;
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
  payoutMethodId: idSchema.nullable(),
  note: z.string(),
  failureReason: z.string().nullable(),
  /** The provider's id of the transfer, or the operator's reference of a payment made outside. */
  transferReference: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  completedAt: isoDateTimeSchema.nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** What operators see beside it: who, through which account, and what they may do next. */
export const operatorWithdrawalSchema = withdrawalSchema.extend({
  merchantName: z.string(),
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
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: isoDateTimeSchema,
});
export type WithdrawalEvent = z.infer<typeof withdrawalEventSchema>;
export const withdrawalDetailSchema = operatorWithdrawalSchema.extend({ timeline: z.array(withdrawalEventSchema) });
export type WithdrawalDetail = z.infer<typeof withdrawalDetailSchema>;

export const listWithdrawals = { method: 'GET', path: '/withdrawal-requests' } as const;
export const listWithdrawalsQuerySchema = pageQuerySchema.extend({
  status: withdrawalStatusSchema.optional(),
  kind: withdrawalKindSchema.optional(),
  merchantId: idSchema.optional(),
});
export type ListWithdrawalsQuery = z.infer<typeof listWithdrawalsQuerySchema>;
export const listWithdrawalsResponseSchema = pageSchema(operatorWithdrawalSchema);
export type ListWithdrawalsResponse = z.infer<typeof listWithdrawalsResponseSchema>;

export const getWithdrawal = { method: 'GET', path: '/withdrawal-requests/:id' } as const;

/** A settlement: merchant users for their merchant; operators name the merchant. */
export const createWithdrawalRequest = { method: 'POST', path: '/withdrawal-requests' } as const;
export const createWithdrawalRequestBodySchema = z.strictObject({
  merchantId: idSchema.optional(),
  payoutMethodId: idSchema,
  amount: amountStringSchema,
  note: z.string().trim().max(200).default(''),
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
