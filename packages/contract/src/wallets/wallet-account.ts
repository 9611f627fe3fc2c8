import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';
import { amountSchema } from '../money/amount';
import { currencySchema } from '../money/currency';
import { PROXY_CHECK_STATUSES, proxyTypeSchema } from '../proxies/proxy';
import { walletProviderSchema } from './provider';
import { walletHealthSchema, walletHealthStateSchema } from './wallet-checks';
import { ACCOUNT_TYPES, WALLET_CREDENTIAL_FIELDS } from './wallet-providers';

/** active; disabled by an operator; auto_disabled after consecutive failures (the reason says which). */
export const WALLET_ACCOUNT_STATUSES = ['active', 'disabled', 'auto_disabled'] as const;
export type WalletAccountStatus = (typeof WALLET_ACCOUNT_STATUSES)[number];
export const walletAccountStatusSchema = z.enum(WALLET_ACCOUNT_STATUSES);

/**
 * Whether the provider's app on the phone is signed in to this account: logged_out until a login
 * flow succeeds; logging_in while one runs; failed when the last one failed; session_expired when
 * the phone reports the app's session ended.
 */
export const WALLET_LOGIN_STATUSES = ['logged_out', 'logging_in', 'logged_in', 'failed', 'session_expired'] as const;
export type WalletLoginStatus = (typeof WALLET_LOGIN_STATUSES)[number];
export const walletLoginStatusSchema = z.enum(WALLET_LOGIN_STATUSES);

/** After this many failed checks or commands in a row an account is auto-disabled (default of the setting). */
export const WALLET_AUTO_DISABLE_AFTER_FAILURES_DEFAULT = 3;

/**
 * The last failure before an auto-disable: a wallet check (`type` is the check) or a login step
 * (`type` is the step number as text), with its reason, and how many failures were in a row.
 */
export const walletAutoDisabledCauseSchema = z.object({
  source: z.enum(['check', 'login']),
  type: z.string(),
  reason: z.string(),
  failures: z.number().int(),
  at: isoDateTimeSchema,
});
export type WalletAutoDisabledCause = z.infer<typeof walletAutoDisabledCauseSchema>;

/**
 * Why an account cannot move money now; readiness is computed on the server only
 * (wallet-readiness). Limits only block their own direction.
 */
export const WALLET_READINESS_REASONS = [
  'device_offline',
  'device_busy',
  'device_disabled',
  'account_disabled',
  'account_auto_disabled',
  'not_logged_in',
  'health_failing',
  'health_checking',
  'health_unknown',
  'daily_incoming_amount_reached',
  'daily_incoming_count_reached',
  'daily_outgoing_amount_reached',
  'daily_outgoing_count_reached',
] as const;
export type WalletReadinessReason = (typeof WALLET_READINESS_REASONS)[number];

export const walletReadinessSchema = z.object({
  /** Nothing stops it: it may receive and send. */
  isReady: z.boolean(),
  canReceive: z.boolean(),
  canSend: z.boolean(),
  reasons: z.array(z.enum(WALLET_READINESS_REASONS)),
  /** Health is failing, checking or unknown, and force-active lets the account through anyway. */
  isForceActiveInEffect: z.boolean(),
});
export type WalletReadiness = z.infer<typeof walletReadinessSchema>;

/** Daily limits in the account's currency; null means no limit. */
export const walletLimitsSchema = z.object({
  dailyIncomingAmount: amountSchema.nullable(),
  dailyIncomingCount: z.number().int().nullable(),
  dailyOutgoingAmount: amountSchema.nullable(),
  dailyOutgoingCount: z.number().int().nullable(),
});
export type WalletLimits = z.infer<typeof walletLimitsSchema>;

/** Today's movements (the provider's local day), from the account's transaction log. */
export const walletTodaySchema = z.object({
  incomingAmount: amountSchema,
  incomingCount: z.number().int(),
  outgoingAmount: amountSchema,
  outgoingCount: z.number().int(),
});

export const walletProxySummarySchema = z.object({
  id: idSchema,
  type: proxyTypeSchema,
  host: z.string(),
  port: z.number().int(),
  label: z.string(),
  checkStatus: z.enum(PROXY_CHECK_STATUSES),
  lastCheckedAt: isoDateTimeSchema.nullable(),
});

/**
 * A wallet or bank account on a managed phone, as every API returns it: an allowlist. Credentials
 * are write-only; `credentialsSet` says which are stored, never what they are.
 */
export const walletAccountSchema = z.object({
  id: idSchema,
  deviceId: idSchema,
  deviceName: z.string(),
  provider: walletProviderSchema,
  accountType: z.enum(ACCOUNT_TYPES),
  currency: currencySchema,
  label: z.string(),
  /** The mobile number (DANA, Maya) or bank account number (Livin'). */
  accountNumber: z.string(),
  holderName: z.string(),
  notes: z.string(),
  status: walletAccountStatusSchema,
  /** Why an operator disabled it, in their words. */
  disabledReason: z.string().nullable(),
  /** Why it was auto-disabled: the failure that made the count reach the setting. */
  autoDisabledCause: walletAutoDisabledCauseSchema.nullable(),
  disabledAt: isoDateTimeSchema.nullable(),
  loginStatus: walletLoginStatusSchema,
  loginStatusChangedAt: isoDateTimeSchema.nullable(),
  balance: amountSchema.nullable(),
  balanceReadAt: isoDateTimeSchema.nullable(),
  limits: walletLimitsSchema,
  today: walletTodaySchema,
  /** Stored under the provider's FORCE_ACTIVE_SETTING_KEYS key. */
  forceActive: z.boolean(),
  proxy: walletProxySummarySchema.nullable(),
  credentialsSet: z.array(z.enum(WALLET_CREDENTIAL_FIELDS)),
  credentialsUpdatedAt: isoDateTimeSchema.nullable(),
  health: walletHealthSchema,
  healthState: walletHealthStateSchema,
  consecutiveFailures: z.number().int(),
  readiness: walletReadinessSchema,
  /** True once any transfer was recorded for it: such an account can be disabled, not deleted. */
  hasMovedMoney: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type WalletAccount = z.infer<typeof walletAccountSchema>;
