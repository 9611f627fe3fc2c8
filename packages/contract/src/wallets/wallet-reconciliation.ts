import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';
import { amountSchema } from '../money/amount';
import { currencySchema } from '../money/currency';
import { walletProviderSchema } from './provider';

/**
 * Reconciliation of the wallet accounts, per day (docs/wallets.md, "Reconciliation"): each balance a
 * phone reports is kept beside what the ledger held as the account's cash at that moment. A day's
 * movement on the phone (its last reading of the day less the last one before it) is compared with
 * the ledger's over the same readings; a difference is flagged, with the transfers between them.
 */
export const RECONCILIATION_STATUSES = ['balanced', 'difference', 'unread'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

export const reconciliationQuerySchema = z.strictObject({
  /** The day, in each account's own time zone (its provider's). */
  date: z.iso.date(),
});

const readingSchema = z.object({ readAt: isoDateTimeSchema, phoneBalance: amountSchema, ledgerCash: amountSchema });

export const walletReconciliationSchema = z.object({
  walletAccountId: idSchema,
  label: z.string(),
  provider: walletProviderSchema,
  accountNumber: z.string(),
  currency: currencySchema,
  /** The last reading before the day (or its first reading), and its last one; null: none. */
  opening: readingSchema.nullable(),
  closing: readingSchema.nullable(),
  phoneMoved: amountSchema.nullable(),
  ledgerMoved: amountSchema.nullable(),
  /** phoneMoved − ledgerMoved: money the phone moved that the books do not know of (or the reverse). */
  difference: amountSchema.nullable(),
  status: z.enum(RECONCILIATION_STATUSES),
  /** Transfers recorded between the two readings. */
  transfers: z.number().int(),
});
export type WalletReconciliation = z.infer<typeof walletReconciliationSchema>;
export const walletReconciliationResponseSchema = z.object({ items: z.array(walletReconciliationSchema) });

export const reconciliationTransferSchema = z.object({
  id: idSchema,
  direction: z.enum(['in', 'out']),
  amount: amountSchema,
  currency: currencySchema,
  counterpartyName: z.string(),
  providerTransactionId: z.string(),
  occurredAt: isoDateTimeSchema,
});
export type ReconciliationTransfer = z.infer<typeof reconciliationTransferSchema>;
export const reconciliationTransfersResponseSchema = z.object({ items: z.array(reconciliationTransferSchema) });

export const getWalletReconciliation = { method: 'GET', path: '/wallet-reconciliation' } as const;
export const listReconciliationTransfers = { method: 'GET', path: '/wallet-reconciliation/:id/transfers' } as const;
