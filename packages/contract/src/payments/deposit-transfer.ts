import { z } from 'zod';
import { idSchema, isoDateTimeSchema, pageQuerySchema, pageSchema } from '../common';
import { amountSchema } from '../money/amount';
import { currencySchema } from '../money/currency';
import { walletProviderSchema } from '../wallets/provider';

/**
 * An incoming transfer to a wallet account and what became of it (the "Transaction" pages): it paid
 * a session (matched), came after the window of a session with its amount (paid_late), or matches
 * nothing (unmatched). Paid-late and unmatched transfers wait for an operator, who matches them to
 * a session or records that the money was sent back outside Gerbang; either is audited.
 */
export const DEPOSIT_OUTCOMES = ['matched', 'paid_late', 'unmatched'] as const;
export const depositOutcomeSchema = z.enum(DEPOSIT_OUTCOMES);
export type DepositOutcome = z.infer<typeof depositOutcomeSchema>;
export const DEPOSIT_RESOLUTIONS = ['matched', 'refunded_outside'] as const;

export const depositTransferSchema = z.object({
  id: idSchema,
  walletAccountId: idSchema,
  provider: walletProviderSchema,
  accountNumber: z.string(),
  currency: currencySchema,
  amount: amountSchema,
  counterpartyName: z.string(),
  providerTransactionId: z.string(),
  occurredAt: isoDateTimeSchema,
  outcome: depositOutcomeSchema,
  /** The session it paid, or (paid late) the one whose amount it carries. */
  paymentSessionId: idSchema.nullable(),
  referenceNumber: z.string().nullable(),
  merchantName: z.string().nullable(),
  resolution: z.enum(DEPOSIT_RESOLUTIONS).nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAt: isoDateTimeSchema.nullable(),
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

const resolutionNoteSchema = z.string().trim().min(1, 'Say why').max(500);

/** An operator pays a session with a queued transfer of exactly its final amount, into its account. */
export const matchDepositTransfer = { method: 'POST', path: '/transactions/:id/match' } as const;
export const matchDepositTransferBodySchema = z.strictObject({
  paymentSessionId: idSchema,
  note: resolutionNoteSchema,
});

/** An operator records that a queued transfer was sent back to its sender outside Gerbang. */
export const refundDepositTransferOutside = { method: 'POST', path: '/transactions/:id/refunded-outside' } as const;
export const refundDepositTransferOutsideBodySchema = z.strictObject({ note: resolutionNoteSchema });
