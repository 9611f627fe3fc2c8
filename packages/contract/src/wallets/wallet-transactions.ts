import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';
import { amountSchema, amountStringSchema } from '../money/amount';
import { currencySchema } from '../money/currency';

export const WALLET_TRANSACTION_DIRECTIONS = ['in', 'out'] as const;
export type WalletTransactionDirection = (typeof WALLET_TRANSACTION_DIRECTIONS)[number];

/** How a row reached Gerbang: pushed by the phone as it happened, or read from the app's history. */
export const WALLET_TRANSACTION_SOURCES = ['push', 'history'] as const;

/** Most transactions one report (push or history read) may carry. */
export const WALLET_TRANSACTIONS_PER_REPORT_MAX = 100;

/**
 * One transfer as the phone reads it from the provider's app. `providerTransactionId` is the
 * provider's own id: Gerbang keeps one row per account and id, so a report sent twice or a history
 * read again never makes a second row. The amount is a positive decimal in the account's currency.
 */
export const reportedWalletTransactionSchema = z.strictObject({
  providerTransactionId: z.string().trim().min(1).max(100),
  direction: z.enum(WALLET_TRANSACTION_DIRECTIONS),
  amount: amountStringSchema,
  counterpartyName: z.string().trim().max(100).default(''),
  counterpartyAccount: z.string().trim().max(50).default(''),
  occurredAt: isoDateTimeSchema,
  note: z.string().trim().max(200).default(''),
});
export type ReportedWalletTransaction = z.input<typeof reportedWalletTransactionSchema>;

export const walletTransactionSchema = z.object({
  id: idSchema,
  accountId: idSchema,
  providerTransactionId: z.string(),
  direction: z.enum(WALLET_TRANSACTION_DIRECTIONS),
  amount: amountSchema,
  currency: currencySchema,
  counterpartyName: z.string(),
  counterpartyAccount: z.string(),
  note: z.string(),
  occurredAt: isoDateTimeSchema,
  reportedAt: isoDateTimeSchema,
  source: z.enum(WALLET_TRANSACTION_SOURCES),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;
