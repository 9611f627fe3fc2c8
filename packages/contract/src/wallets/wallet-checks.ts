import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';
import { HEALTH_CHECK_FAILURE_REASONS, HEALTH_CHECK_TRIGGERS } from '../health-checks/health-check';

/**
 * Spec §3 wallet-level checks, run by the phone on one account: balance, transfer capability and
 * history. `wallet` runs the three; `get_qr_code` fetches the account's receive QR
 * (spec key healthCheckGetQrCode).
 */
export const WALLET_CHECK_TYPES = ['get_balance', 'transfer', 'transaction_history'] as const;
export type WalletCheckType = (typeof WALLET_CHECK_TYPES)[number];
export const walletCheckTypeSchema = z.enum(WALLET_CHECK_TYPES);

/** What a wallet-check command may ask a phone to do. */
export const WALLET_COMMAND_CHECKS = [...WALLET_CHECK_TYPES, 'get_qr_code'] as const;
export type WalletCommandCheck = (typeof WALLET_COMMAND_CHECKS)[number];
export const walletCommandCheckSchema = z.enum(WALLET_COMMAND_CHECKS);

/** What an operator may run on accounts. */
export const RUNNABLE_WALLET_CHECKS = [...WALLET_COMMAND_CHECKS, 'wallet'] as const;
export type RunnableWalletCheck = (typeof RUNNABLE_WALLET_CHECKS)[number];
export const runnableWalletCheckSchema = z.enum(RUNNABLE_WALLET_CHECKS);

/**
 * Why a wallet command failed, as the phone reports it in `command:result.errorCode` (the server
 * adds timeout, disconnected, offline and unsupported itself).
 */
export const WALLET_ERROR_CODES = [
  'wrong_otp',
  'otp_expired',
  'wrong_credentials',
  'session_expired',
  'not_logged_in',
  'app_crashed',
  'app_not_installed',
  // Inquiries and transfers:
  'account_not_found',
  'insufficient_funds',
  'destination_invalid',
  'limit_exceeded',
  'outcome_unknown',
] as const;
export type WalletErrorCode = (typeof WALLET_ERROR_CODES)[number];

export const WALLET_CHECK_FAILURE_REASONS = [...HEALTH_CHECK_FAILURE_REASONS, ...WALLET_ERROR_CODES] as const;
export type WalletCheckFailureReason = (typeof WALLET_CHECK_FAILURE_REASONS)[number];

/** One recorded run of one check on one account (status: 0 unknown, 1 OK, 2 failed, 3 checking). */
export const walletCheckRunSchema = z.object({
  id: idSchema,
  accountId: idSchema,
  deviceId: idSchema,
  type: walletCommandCheckSchema,
  status: z.number().int(),
  trigger: z.enum(HEALTH_CHECK_TRIGGERS),
  startedByUserId: idSchema.nullable(),
  data: z.unknown(),
  additionalData: z.unknown(),
  reason: z.enum(WALLET_CHECK_FAILURE_REASONS).nullable(),
  /** The phone's own words about a failure, when it gave any. */
  message: z.string().nullable(),
  startedAt: isoDateTimeSchema,
  finishedAt: isoDateTimeSchema.nullable(),
  deadlineAt: isoDateTimeSchema,
});
export type WalletCheckRun = z.infer<typeof walletCheckRunSchema>;

/** Latest status of each wallet check (and the QR fetch), as the dashboards show it. */
export const walletHealthSchema = z.record(
  walletCommandCheckSchema,
  z.object({
    status: z.number().int(),
    startedAt: isoDateTimeSchema.nullable(),
    finishedAt: isoDateTimeSchema.nullable(),
    reason: z.enum(WALLET_CHECK_FAILURE_REASONS).nullable(),
  }),
);
export type WalletHealth = z.infer<typeof walletHealthSchema>;

/** Failing beats checking beats healthy; healthy needs all three wallet checks OK. */
export const WALLET_HEALTH_STATES = ['healthy', 'failing', 'checking', 'unknown'] as const;
export type WalletHealthState = (typeof WALLET_HEALTH_STATES)[number];
export const walletHealthStateSchema = z.enum(WALLET_HEALTH_STATES);
