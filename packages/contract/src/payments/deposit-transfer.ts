import { z } from 'zod';
import { idSchema, isoDateTimeSchema, pageQuerySchema, pageSchema } from '../common';
import { amountSchema } from '../money/amount';
import { currencySchema } from '../money/currency';
import { walletProviderSchema } from '../wallets/provider';
import { withdrawalStatusSchema } from '../withdrawals/withdrawal';
import { paymentSessionStatusSchema } from './payment-session';

/**
 * An incoming transfer to a wallet account and what became of it (the "Transaction" pages): it paid
 * a session (matched), came after the window of a session with its amount (paid_late), or matches
 * nothing (unmatched). Paid-late and unmatched transfers wait for an operator, who matches them to
 * a session, credits a merchant, sends the money back to its sender through a phone (`returned`: a
 * withdrawal of kind `return`; the transfer waits in the queue again if that payout ends unpaid) or
 * records that it was sent back outside Gerbang; each is audited.
 */
export const DEPOSIT_OUTCOMES = ['matched', 'paid_late', 'unmatched'] as const;
export const depositOutcomeSchema = z.enum(DEPOSIT_OUTCOMES);
export type DepositOutcome = z.infer<typeof depositOutcomeSchema>;
export const DEPOSIT_RESOLUTIONS = ['matched', 'credited', 'returned', 'refunded_outside'] as const;

/**
 * A resolution of a transfer above the approval amount (server settings
 * RESOLUTION_APPROVAL_ABOVE_IDR / _PHP), proposed by one operator, waiting for another to approve it.
 */
export const depositProposalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('match'), paymentSessionId: idSchema, note: z.string() }),
  z.object({ kind: z.literal('refunded_outside'), note: z.string() }),
  z.object({ kind: z.literal('return'), note: z.string() }),
  z.object({ kind: z.literal('credit'), merchantId: idSchema, reference: z.string(), note: z.string() }),
]);
export type DepositProposal = z.infer<typeof depositProposalSchema>;

export const depositTransferSchema = z.object({
  id: idSchema,
  walletAccountId: idSchema,
  provider: walletProviderSchema,
  accountNumber: z.string(),
  currency: currencySchema,
  amount: amountSchema,
  counterpartyName: z.string(),
  /** The sender's account as the receiving account's history names it (empty when it names none). */
  counterpartyAccount: z.string(),
  providerTransactionId: z.string(),
  occurredAt: isoDateTimeSchema,
  outcome: depositOutcomeSchema,
  /** The session it paid, or (paid late) the one whose amount it carries. */
  paymentSessionId: idSchema.nullable(),
  referenceNumber: z.string().nullable(),
  merchantName: z.string().nullable(),
  resolution: z.enum(DEPOSIT_RESOLUTIONS).nullable(),
  resolutionNote: z.string().nullable(),
  /** The operator's reference of a manual credit (resolution `credited`). */
  creditReference: z.string().nullable(),
  resolvedAt: isoDateTimeSchema.nullable(),
  /** Resolution `returned`: the payout that sends it back to its sender (a withdrawal of kind `return`). */
  returnWithdrawal: z.object({ id: idSchema, status: withdrawalStatusSchema }).nullable(),
  /** Waiting for a second operator: what was proposed, by whom, when. */
  proposal: depositProposalSchema
    .and(z.object({ proposedByUserId: idSchema.nullable(), proposedAt: isoDateTimeSchema }))
    .nullable(),
});
export type DepositTransfer = z.infer<typeof depositTransferSchema>;

export const listDepositTransfers = { method: 'GET', path: '/transactions' } as const;
export const listDepositTransfersQuerySchema = pageQuerySchema.extend({
  outcome: depositOutcomeSchema.optional(),
  /** Only the transfers still waiting for an operator (the review queues). */
  awaitingReview: z.enum(['true', 'false']).optional(),
});
export type ListDepositTransfersQuery = z.input<typeof listDepositTransfersQuerySchema>;
export const listDepositTransfersResponseSchema = pageSchema(depositTransferSchema);

/** The same transfers as CSV (the list's filters, every matching row, newest first), streamed. */
export const exportDepositTransfers = { method: 'GET', path: '/transactions/export' } as const;
export const exportDepositTransfersQuerySchema = z.strictObject({
  outcome: depositOutcomeSchema.optional(),
  awaitingReview: z.enum(['true', 'false']).optional(),
});
/** The export's columns, in order (the first CSV line). */
export const DEPOSIT_TRANSFER_EXPORT_COLUMNS = [
  'occurredAt',
  'amount',
  'currency',
  'provider',
  'accountNumber',
  'counterpartyName',
  'providerTransactionId',
  'outcome',
  'referenceNumber',
  'merchantName',
  'resolution',
  'creditReference',
  'resolutionNote',
  'resolvedAt',
] as const;

const resolutionNoteSchema = z.string().trim().min(1, 'Say why').max(500);

/**
 * How far a transfer's amount may be from a session's final amount for an operator to match them
 * (a near match), in percent of the final amount, by default (server setting
 * DEPOSIT_MATCH_TOLERANCE_PERCENT).
 */
export const DEPOSIT_MATCH_TOLERANCE_PERCENT = 2;

/**
 * An operator pays a session with a queued transfer into its account: of exactly its final amount,
 * or of an amount within the tolerance (a near match: the merchant is credited what arrived, the fee
 * computed on it; the session keeps its final amount and shows `receivedAmount`).
 */
export const matchDepositTransfer = { method: 'POST', path: '/transactions/:id/match' } as const;
export const matchDepositTransferBodySchema = z.strictObject({
  paymentSessionId: idSchema,
  note: resolutionNoteSchema,
});

/**
 * What a match or a refund-outside did: 204 when it was carried out; 202 with
 * `{ status: 'awaiting_approval' }` when the transfer is above the approval amount and it waits for
 * a second operator.
 */
export const depositResolutionAnswerSchema = z.object({ status: z.literal('awaiting_approval') });

/** A second operator carries out the proposal (403 SECOND_APPROVER_REQUIRED for its proposer). */
export const approveDepositResolution = { method: 'POST', path: '/transactions/:id/approve' } as const;
/** A second operator turns the proposal down, saying why; the transfer waits in the queue again. */
export const declineDepositResolution = { method: 'POST', path: '/transactions/:id/decline' } as const;
export const declineDepositResolutionBodySchema = z.strictObject({ note: resolutionNoteSchema });

/**
 * An operator credits a queued transfer to a merchant without a session (a manual deposit): the
 * merchant's deposit fee on it, the rest to its available balance, a `deposit.manually_credited`
 * webhook; `reference` is the operator's, unique per merchant, and the merchant sees it.
 */
export const creditDepositTransfer = { method: 'POST', path: '/transactions/:id/credit' } as const;
export const creditDepositTransferBodySchema = z.strictObject({
  merchantId: idSchema,
  reference: z
    .string()
    .trim()
    .min(1, 'This field is required')
    .max(64)
    .regex(/^[A-Za-z0-9._:/-]+$/, 'Use letters, digits and . _ : / - only'),
  note: resolutionNoteSchema,
});
export type CreditDepositTransferBody = z.infer<typeof creditDepositTransferBodySchema>;

/** The data of a `deposit.manually_credited` webhook. */
export const manualCreditSchema = z.object({
  transferId: idSchema,
  reference: z.string(),
  currency: currencySchema,
  /** What arrived. */
  amount: amountSchema,
  /** The merchant's deposit fee on it. */
  fee: amountSchema,
  /** amount − fee, added to the merchant's available balance. */
  credited: amountSchema,
  counterpartyName: z.string(),
  occurredAt: isoDateTimeSchema,
  creditedAt: isoDateTimeSchema,
});
export type ManualCredit = z.infer<typeof manualCreditSchema>;

/** An operator records that a queued transfer was sent back to its sender outside Gerbang. */
export const refundDepositTransferOutside = { method: 'POST', path: '/transactions/:id/refunded-outside' } as const;
export const refundDepositTransferOutsideBodySchema = z.strictObject({ note: resolutionNoteSchema });

/**
 * An operator sends a queued transfer back to its sender through the withdrawal machinery: a payout
 * of its amount (no fee) from the account it arrived in to the account its history names, checked
 * by a phone's inquiry against the sender's name first, sent once verified, uncertain when a phone's
 * answer is lost. Refused (422) when the history names no account, or names one that may be on
 * another network (a bank's history); 409 when the transfer is resolved already. Answers as a match.
 */
export const returnDepositTransfer = { method: 'POST', path: '/transactions/:id/return' } as const;
export const returnDepositTransferBodySchema = z.strictObject({ note: resolutionNoteSchema });

/**
 * The sessions a queued transfer may have paid, best first: the same receiving account, not paid,
 * opened in the day before the transfer (or up to five minutes after it: clocks differ), a final
 * amount within the tolerance; ranked by how close the amount is, whether it came inside the
 * session's time limit, and how well the sender's name matches the session's customer.
 */
export const listDepositTransferCandidates = { method: 'GET', path: '/transactions/:id/candidates' } as const;
export const depositCandidateSchema = z.object({
  paymentSessionId: idSchema,
  referenceNumber: z.string(),
  merchantName: z.string(),
  status: paymentSessionStatusSchema,
  currency: currencySchema,
  finalAmount: amountSchema,
  /** The transfer's amount minus the session's final amount ("500", "-1000", "0"). */
  difference: z.string(),
  customerName: z.string().nullable(),
  /** The sender's name against the session's customer's, 0–100; null when the session names no customer. */
  nameScore: z.number().int().min(0).max(100).nullable(),
  /** Seconds from the session's opening to the transfer (negative: the transfer came first). */
  secondsAfterOpen: z.number().int(),
  /** The transfer came before the session's time limit ran out. */
  withinTimeLimit: z.boolean(),
  /** The rank, 0–100. */
  score: z.number().int().min(0).max(100),
});
export type DepositCandidate = z.infer<typeof depositCandidateSchema>;
export const depositCandidatesResponseSchema = z.object({
  items: z.array(depositCandidateSchema),
  /** The tolerance the server matches within, in percent of the final amount. */
  tolerancePercent: z.number(),
});
export type DepositCandidatesResponse = z.infer<typeof depositCandidatesResponseSchema>;

/**
 * The other way round, on a session not yet paid: the queued transfers into its account (paid late
 * or unmatched, unresolved) that may be its payment, best first, by the same rules and rank.
 */
export const listSessionCandidateTransfers = {
  method: 'GET',
  path: '/payment-sessions/:id/candidate-transfers',
} as const;
export const sessionCandidateTransferSchema = z.object({
  transferId: idSchema,
  amount: amountSchema,
  currency: currencySchema,
  /** The transfer's amount minus the session's final amount. */
  difference: z.string(),
  counterpartyName: z.string(),
  occurredAt: isoDateTimeSchema,
  nameScore: z.number().int().min(0).max(100).nullable(),
  secondsAfterOpen: z.number().int(),
  withinTimeLimit: z.boolean(),
  score: z.number().int().min(0).max(100),
});
export type SessionCandidateTransfer = z.infer<typeof sessionCandidateTransferSchema>;
export const sessionCandidateTransfersResponseSchema = z.object({
  items: z.array(sessionCandidateTransferSchema),
  tolerancePercent: z.number(),
});
export type SessionCandidateTransfersResponse = z.infer<typeof sessionCandidateTransfersResponseSchema>;
