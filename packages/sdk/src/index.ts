// @gerbang/sdk: the package's one entry point (README.md shows its use).
export type {
  ApiWithdrawal,
  CreatePaymentSessionParams,
  CreateRefundParams,
  CreateWithdrawalParams,
  ErrorCode,
  ErrorResponse,
  ListPaymentSessionsParams,
  ListWithdrawalsParams,
  MerchantBalance,
  Page,
  PaymentMethod,
  PaymentSession,
  PaymentSessionStatus,
  Refund,
  TestPaymentOutcome,
  TestPayoutOutcome,
  WebhookEvent,
  WithdrawalStatus,
} from './contract-types.js';
export { V1_ENDPOINTS, type V1Endpoint } from './endpoints.js';
export {
  createGerbangClient,
  type GerbangClient,
  type GerbangClientOptions,
  type SignalOptions,
} from './gerbang-client.js';
export {
  GerbangApiError,
  GerbangConnectionError,
  GerbangError,
  GerbangWebhookSignatureError,
  type WebhookSignatureFailure,
} from './gerbang-error.js';
export { DEFAULT_RETRY_OPTIONS, type RetryOptions } from './retry-policy.js';
export type { CallOptions } from './transport.js';
export { type VerifyWebhookOptions, verifyWebhook } from './verify-webhook.js';
