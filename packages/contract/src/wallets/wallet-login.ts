import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';

/** Spec §2 "Login flow steps" (wallet), run on the phone one at a time. */
export const WALLET_LOGIN_STEP = {
  ClearInformation: 0,
  SaveInformation: 1,
  InitializeEnvironment: 2,
  SendOtp: 3,
  VerifyOtp: 4,
} as const;
export type WalletLoginStep = (typeof WALLET_LOGIN_STEP)[keyof typeof WALLET_LOGIN_STEP];
export const WALLET_LOGIN_STEPS = [0, 1, 2, 3, 4] as const satisfies readonly WalletLoginStep[];
export const walletLoginStepSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
/** Translation keys of the steps, in step order (web: wallets:login.steps.<key>). */
export const WALLET_LOGIN_STEP_KEYS = [
  'clearInformation',
  'saveInformation',
  'initializeEnvironment',
  'sendOtp',
  'verifyOtp',
] as const;

/** An OTP is good this long after the phone asked for it, unless the phone says otherwise. */
export const WALLET_OTP_TTL_SECONDS_DEFAULT = 300;
export const walletOtpSchema = z
  .string()
  .trim()
  .regex(/^\d{4,8}$/, 'Enter the code from the SMS: 4 to 8 digits');
/** The OTP dialog's input (spec §3 confirmation dialog inputMaxLength). */
export const WALLET_OTP_MAX_LENGTH = 8;

/**
 * A login attempt: running (a step is on the phone), awaiting_otp (step 3 done, the operator types
 * the code), then succeeded, failed (at a step, with the reason) or cancelled. At most one
 * running or awaiting_otp flow per account.
 */
export const WALLET_LOGIN_FLOW_STATUSES = ['running', 'awaiting_otp', 'succeeded', 'failed', 'cancelled'] as const;
export type WalletLoginFlowStatus = (typeof WALLET_LOGIN_FLOW_STATUSES)[number];
export const ACTIVE_WALLET_LOGIN_FLOW_STATUSES = ['running', 'awaiting_otp'] as const;

export const WALLET_LOGIN_STEP_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type WalletLoginStepStatus = (typeof WALLET_LOGIN_STEP_STATUSES)[number];

export const WALLET_LOGIN_FAILURE_REASONS = [
  'timeout',
  'disconnected',
  'offline',
  'unsupported',
  'failed',
  'wrong_otp',
  'otp_expired',
  'wrong_credentials',
  'session_expired',
  'not_logged_in',
  'app_crashed',
  'app_not_installed',
  'cancelled',
] as const;
export type WalletLoginFailureReason = (typeof WALLET_LOGIN_FAILURE_REASONS)[number];

export const walletLoginStepStateSchema = z.object({
  step: walletLoginStepSchema,
  status: z.enum(WALLET_LOGIN_STEP_STATUSES),
  startedAt: isoDateTimeSchema.nullable(),
  finishedAt: isoDateTimeSchema.nullable(),
  reason: z.enum(WALLET_LOGIN_FAILURE_REASONS).nullable(),
  /** The phone's own words about a failure, when it gave any. */
  message: z.string().nullable(),
});
export type WalletLoginStepState = z.infer<typeof walletLoginStepStateSchema>;

export const walletLoginFlowSchema = z.object({
  id: idSchema,
  accountId: idSchema,
  status: z.enum(WALLET_LOGIN_FLOW_STATUSES),
  /** The step running now, or the last one reached. */
  currentStep: walletLoginStepSchema,
  /** Where it failed, so it can be retried from there. */
  failedStep: walletLoginStepSchema.nullable(),
  reason: z.enum(WALLET_LOGIN_FAILURE_REASONS).nullable(),
  startedByUserId: idSchema.nullable(),
  startedByName: z.string().nullable(),
  startedAt: isoDateTimeSchema,
  finishedAt: isoDateTimeSchema.nullable(),
  /** Set while awaiting the OTP: the code stops working then. */
  otpExpiresAt: isoDateTimeSchema.nullable(),
  /** The five steps in order, each as its latest attempt in this flow; steps not reached show pending. */
  steps: z.array(walletLoginStepStateSchema),
});
export type WalletLoginFlow = z.infer<typeof walletLoginFlowSchema>;
