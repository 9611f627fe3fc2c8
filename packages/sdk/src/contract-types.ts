import type {
  createPaymentSessionBodySchema,
  createRefundBodySchema,
  createWithdrawalBodySchema,
  IDEMPOTENCY_KEY_HEADER,
  listApiWithdrawalsQuerySchema,
  listPaymentSessionsQuerySchema,
  testPaymentOutcomeSchema,
  testPayoutOutcomeSchema,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  walletProviderSchema,
} from '@gerbang/contract';
import type { z } from 'zod';

/**
 * Every type the SDK takes from the contract, and nothing else: the SDK imports the contract's
 * types only, never its values, so its JavaScript needs neither the contract nor zod at run time.
 * The build (scripts/build.mjs) writes this file's declarations with every type in full, so the
 * published types need neither either.
 */
export type {
  ApiWithdrawal,
  ErrorCode,
  ErrorResponse,
  MerchantBalance,
  PaymentSession,
  PaymentSessionStatus,
  Refund,
  WebhookEvent,
  WithdrawalStatus,
} from '@gerbang/contract';

/** What a merchant sends: zod's input types (before the server trims and applies defaults). */
export type CreatePaymentSessionParams = z.input<typeof createPaymentSessionBodySchema>;
export type CreateWithdrawalParams = z.input<typeof createWithdrawalBodySchema>;
export type CreateRefundParams = z.input<typeof createRefundBodySchema>;
export type ListPaymentSessionsParams = Partial<z.output<typeof listPaymentSessionsQuerySchema>>;
export type ListWithdrawalsParams = Partial<z.output<typeof listApiWithdrawalsQuerySchema>>;

/** What test mode's provider makes of a test session (docs/test-mode.md). */
export type TestPaymentOutcome = z.output<typeof testPaymentOutcomeSchema>;
/** What test mode's provider makes of a test withdrawal's transfer, once it is sent (docs/test-mode.md). */
export type TestPayoutOutcome = z.output<typeof testPayoutOutcomeSchema>;

/** How a customer pays a session: a wallet provider's id (`dana`, `livin`, …). */
export type PaymentMethod = z.output<typeof walletProviderSchema>;

/** One page of a keyset-paginated list: pass `nextCursor` as `cursor` for the next (null: the last page). */
export type Page<T> = { items: T[]; nextCursor: string | null };

/*
 * The contract's constants, written out here so the SDK's JavaScript stands alone; each is typed
 * as the contract's literal, so a change there fails the SDK's typecheck until it follows.
 */
export const IDEMPOTENCY_HEADER: typeof IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const SIGNATURE_HEADER: typeof WEBHOOK_SIGNATURE_HEADER = 'gerbang-signature';
export const DEFAULT_TOLERANCE_SECONDS: typeof WEBHOOK_TOLERANCE_SECONDS = 300;
