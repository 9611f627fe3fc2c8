import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema } from '../common';
import { amountSchema, amountStringSchema } from '../money/amount';
import { currencySchema } from '../money/currency';
import { walletProviderSchema } from './provider';
import { walletAccountSchema, walletAccountStatusSchema, walletLoginStatusSchema } from './wallet-account';
import {
  runnableWalletCheckSchema,
  WALLET_CHECK_FAILURE_REASONS,
  walletCheckRunSchema,
  walletHealthStateSchema,
} from './wallet-checks';
import { walletCredentialsInputSchema } from './wallet-credentials';
import { walletLoginFlowSchema, walletLoginStepSchema, walletOtpSchema } from './wallet-login';
import { walletTransactionSchema } from './wallet-transactions';

export const WALLET_SORTS = ['label', '-label', 'createdAt', '-createdAt', 'balance', '-balance'] as const;
export type WalletSort = (typeof WALLET_SORTS)[number];

const walletLabelSchema = z.string().trim().max(100);
const walletNotesSchema = z.string().trim().max(2000);
const holderNameSchema = z.string().trim().min(1, 'This field is required').max(100);
/** Checked against the provider's rule by the server (ACCOUNT_NUMBER_RULES). */
const accountNumberSchema = z.string().trim().min(1, 'This field is required').max(30);

/** Daily limits: a decimal amount or a count per day, null for none. Amounts follow the account's currency. */
export const walletLimitsInputSchema = z.strictObject({
  dailyIncomingAmount: amountStringSchema.nullable().optional(),
  dailyIncomingCount: z.number().int().min(1).max(1_000_000).nullable().optional(),
  dailyOutgoingAmount: amountStringSchema.nullable().optional(),
  dailyOutgoingCount: z.number().int().min(1).max(1_000_000).nullable().optional(),
});
export type WalletLimitsInput = z.infer<typeof walletLimitsInputSchema>;

export const listWallets = { method: 'GET', path: '/wallets' } as const;
export const listWalletsQuerySchema = pageQuerySchema.extend({
  provider: walletProviderSchema.optional(),
  status: walletAccountStatusSchema.optional(),
  login: walletLoginStatusSchema.optional(),
  health: walletHealthStateSchema.optional(),
  deviceId: idSchema.optional(),
  /** Label, account number, holder name or the phone's name. */
  q: z.string().trim().max(100).optional(),
  /**
   * Only these accounts (comma-separated ids, at most WALLET_IDS_PER_QUERY_MAX): how a console
   * reads again just the accounts an event named, instead of every page it holds.
   */
  ids: z
    .string()
    .transform((text) => text.split(',').map((id) => id.trim()))
    .pipe(z.array(idSchema).min(1).max(100, 'At most 100 ids'))
    .optional(),
  sort: z.enum(WALLET_SORTS).default('label'),
});
export const WALLET_IDS_PER_QUERY_MAX = 100;
export type ListWalletsQuery = z.input<typeof listWalletsQuerySchema>;
export const listWalletsResponseSchema = pageSchema(walletAccountSchema);
export type ListWalletsResponse = z.infer<typeof listWalletsResponseSchema>;

export const getWalletSummary = { method: 'GET', path: '/wallets/summary' } as const;
export const walletSummaryQuerySchema = z.strictObject({ provider: walletProviderSchema });
export const walletSummarySchema = z.object({
  provider: walletProviderSchema,
  currency: currencySchema,
  total: z.number().int(),
  ready: z.number().int(),
  loggedIn: z.number().int(),
  /** Health failing, or auto-disabled. */
  failing: z.number().int(),
  disabled: z.number().int(),
  /** Sum of the last balances read, over accounts that have one. */
  totalBalance: amountSchema,
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;

export const getWallet = { method: 'GET', path: '/wallets/:id' } as const;

export const createWallet = { method: 'POST', path: '/wallets' } as const;
export const createWalletBodySchema = z.strictObject({
  deviceId: idSchema,
  provider: walletProviderSchema,
  accountNumber: accountNumberSchema,
  holderName: holderNameSchema,
  label: walletLabelSchema.default(''),
  notes: walletNotesSchema.default(''),
  limits: walletLimitsInputSchema.default({}),
  forceActive: z.boolean().default(false),
  proxyId: idSchema.nullable().default(null),
  credentials: walletCredentialsInputSchema.optional(),
});
export type CreateWalletBody = z.input<typeof createWalletBodySchema>;

/** Moving an account to another phone or changing its number signs it out there. */
export const updateWallet = { method: 'PATCH', path: '/wallets/:id' } as const;
export const updateWalletBodySchema = z
  .strictObject({
    deviceId: idSchema.optional(),
    accountNumber: accountNumberSchema.optional(),
    holderName: holderNameSchema.optional(),
    label: walletLabelSchema.optional(),
    notes: walletNotesSchema.optional(),
    limits: walletLimitsInputSchema.optional(),
    forceActive: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Give at least one field to change' });
export type UpdateWalletBody = z.infer<typeof updateWalletBodySchema>;

/** Replaces the given credentials (others are kept); audited as "changed", never with values. */
export const setWalletCredentials = { method: 'PUT', path: '/wallets/:id/credentials' } as const;
export const setWalletCredentialsBodySchema = walletCredentialsInputSchema.refine((b) => Object.keys(b).length > 0, {
  message: 'Give at least one credential',
});

/** Select Proxy: one whose last check succeeded, or null for none. */
export const setWalletProxy = { method: 'PUT', path: '/wallets/:id/proxy' } as const;
export const setWalletProxyBodySchema = z.strictObject({ proxyId: idSchema.nullable() });

export const disableWallet = { method: 'POST', path: '/wallets/:id/disable' } as const;
export const disableWalletBodySchema = z.strictObject({ reason: z.string().trim().max(200).default('') });
/** Enabling also clears the failure count (an auto-disabled account starts afresh). */
export const enableWallet = { method: 'POST', path: '/wallets/:id/enable' } as const;

/** Only an account that never moved money can be deleted; the others are disabled instead (409). */
export const deleteWallet = { method: 'DELETE', path: '/wallets/:id' } as const;

export const walletResponseSchema = walletAccountSchema;

/** Runs a check on accounts; each starts CHECKING at once; one already running that type is skipped. */
export const runWalletChecks = { method: 'POST', path: '/wallets/health-checks' } as const;
export const runWalletChecksBodySchema = z.strictObject({
  accountIds: z.array(idSchema).min(1).max(1000),
  type: runnableWalletCheckSchema,
});
export type RunWalletChecksBody = z.infer<typeof runWalletChecksBodySchema>;
export const WALLET_CHECK_SKIP_REASONS = [
  'not_found',
  'account_disabled',
  'device_offline',
  'unsupported',
  'already_running',
] as const;
export const runWalletChecksResponseSchema = z.object({
  started: z.array(walletCheckRunSchema),
  skipped: z.array(z.object({ accountId: idSchema, reason: z.enum(WALLET_CHECK_SKIP_REASONS) })),
});
export type RunWalletChecksResponse = z.infer<typeof runWalletChecksResponseSchema>;

export const listWalletChecks = { method: 'GET', path: '/wallets/:id/health-checks' } as const;
export const listWalletChecksResponseSchema = pageSchema(walletCheckRunSchema);

export const listWalletTransactions = { method: 'GET', path: '/wallets/:id/transactions' } as const;
export const walletPageQuerySchema = pageQuerySchema;
export const listWalletTransactionsResponseSchema = pageSchema(walletTransactionSchema);

/** The receive QR last fetched from the phone, and how the last fetch went. */
export const getWalletQrCode = { method: 'GET', path: '/wallets/:id/qr-code' } as const;
export const walletQrCodeSchema = z.object({
  /** The QR's content (e.g. a QRIS or QR Ph string), to be drawn as an image. */
  payload: z.string().nullable(),
  readAt: z.string().nullable(),
  lastFetch: z
    .object({
      status: z.number().int(),
      reason: z.enum(WALLET_CHECK_FAILURE_REASONS).nullable(),
      message: z.string().nullable(),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
    })
    .nullable(),
});
export type WalletQrCode = z.infer<typeof walletQrCodeSchema>;

export const getWalletLogin = { method: 'GET', path: '/wallets/:id/login' } as const;
export const walletLoginResponseSchema = z.object({ flow: walletLoginFlowSchema.nullable() });

/**
 * Starts a login from step 0, or resumes the latest failed one from any step up to where it failed.
 * 409 when another login is running on the account (one at a time), the phone is offline, the
 * account is disabled, or credentials are missing.
 */
export const startWalletLogin = { method: 'POST', path: '/wallets/:id/login' } as const;
export const startWalletLoginBodySchema = z.strictObject({ fromStep: walletLoginStepSchema.default(0) });

/** Step 4: the code the phone received by SMS, typed by the operator. */
export const submitWalletOtp = { method: 'POST', path: '/wallets/:id/login/otp' } as const;
export const submitWalletOtpBodySchema = z.strictObject({ otp: walletOtpSchema });

export const cancelWalletLogin = { method: 'POST', path: '/wallets/:id/login/cancel' } as const;
export const walletLoginFlowResponseSchema = walletLoginFlowSchema;
